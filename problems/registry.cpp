#include "problems/registry.hpp"

#include "problems/scenes/scene_file.hpp"

namespace tibench {

#define TIBENCH_PROBLEM(name) ProblemInfo name##_problem();
#include "problems/problem_list.hpp"
#undef TIBENCH_PROBLEM

// One line per problem (problems/problem_list.hpp), in output order.
const std::vector<ProblemInfo>& problem_registry() {
  static const std::vector<ProblemInfo> list{
#define TIBENCH_PROBLEM(name) name##_problem(),
#include "problems/problem_list.hpp"
#undef TIBENCH_PROBLEM
  };
  return list;
}

const ProblemInfo& find_problem(std::string_view id) {
  if (const SceneFile* scene = scene_file_of(id)) return scene->info;
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
