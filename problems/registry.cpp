#include "problems/registry.hpp"

namespace tibench {

// One line per problem: X(function returning its ProblemInfo).
#define TIBENCH_PROBLEMS(X)        \
  X(oscillator_problem)            \
  X(damped_oscillator_problem)     \
  X(pendulum_problem)              \
  X(random_convex_problem)         \
  X(simple_spring_problem)         \
  X(two_spring_problem)            \
  X(barrier_quadratic_problem)     \
  X(barrier_ipc_problem)           \
  X(bar1d_problem)                 \
  X(beam_problem)                  \
  X(tet_rayleigh_problem)          \
  X(dissipative_1d_problem)        \
  X(spring_chain_problem)          \
  X(ball_drop_problem)             \
  X(sphere_hard_drop_problem)      \
  X(cube_stretch_compress_problem) \
  X(box_slide_problem)             \
  X(particle_drop_problem)

#define TIBENCH_DECLARE(fn) ProblemInfo fn();
TIBENCH_PROBLEMS(TIBENCH_DECLARE)
#undef TIBENCH_DECLARE

const std::vector<ProblemInfo>& problem_registry() {
#define TIBENCH_ENTRY(fn) fn(),
  static const std::vector<ProblemInfo> list{TIBENCH_PROBLEMS(TIBENCH_ENTRY)};
#undef TIBENCH_ENTRY
  return list;
}

const ProblemInfo& find_problem(std::string_view id) {
  std::string accepted;
  for (const auto& p : problem_registry()) {
    if (p.id == id) return p;
    accepted += (accepted.empty() ? "" : ", ") + p.id;
  }
  throw InputError("unknown problem '" + std::string(id) + "' (accepted: " + accepted + ")");
}

ParamSet problem_params(const ProblemInfo& info, const std::vector<std::string>& overrides) {
  ParamSet params("problem '" + info.id + "'", info.param_specs());
  params.apply(overrides);
  return params;
}

std::unique_ptr<Problem> make_problem(std::string_view id,
                                      const std::vector<std::string>& overrides) {
  const ProblemInfo& info = find_problem(id);
  return info.make(problem_params(info, overrides));
}

}  // namespace tibench
