#include "problems/registry.hpp"

#include "problems/problem_entries.hpp"

namespace tibench {

// One line per problem, in output order.
const std::vector<ProblemInfo>& problem_registry() {
  static const std::vector<ProblemInfo> list{
      oscillator_problem(),
      damped_oscillator_problem(),
      power_law_drag_problem(),
      pendulum_problem(),
      random_convex_problem(),
      simple_spring_problem(),
      two_spring_problem(),
      barrier_quadratic_problem(),
      barrier_ipc_problem(),
      bar1d_problem(),
      beam_problem(),
      tet_rayleigh_problem(),
      dissipative_1d_problem(),
      spring_chain_problem(),
      ball_drop_problem(),
      two_balls_problem(),
      sphere_hard_drop_problem(),
      cube_on_spheres_problem(),
      leaning_block_problem(),
      cube_stretch_compress_problem(),
      box_slide_problem(),
      particle_drop_problem(),
      free_fall_problem(),
  };
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
