// The problem registry: the single list from which the CLI, the tests and the
// matrices enumerate problems. Adding a problem = its file
// problems/catalog/<name>.cpp + one line in problems/problem_list.hpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

struct ContactScene;

struct ProblemInfo {
  std::string id;       // kebab-case, stable
  std::string summary;  // one line: equations and source
  std::function<std::vector<ParamSpec>()> param_specs;
  std::function<std::unique_ptr<Problem>(ParamSet params)> make;
  // Overrides that give a small instance of the same problem for the
  // O(dofs²)–O(dofs³) property tests (dense finite-difference Hessians,
  // eigenvalues). Empty when the defaults are already small.
  std::vector<std::string> small_instance = {};
  // Overrides (applied after small_instance) that switch on each option the
  // problem offers (dissipation models, materials, potential forms), so that
  // the registry tests check every model a problem can be built with.
  std::vector<std::vector<std::string>> variants = {};
  // The contact scene behind the entry (contact_body.hpp), which `tibench
  // export` writes as a scene file; null for other problems.
  const ContactScene* contact_scene = nullptr;
};

const std::vector<ProblemInfo>& problem_registry();
// A registry id, or "file:PATH" (a scene file, problems/scenes/scene_file.hpp,
// loaded once per PATH); throws InputError naming the id and listing the
// accepted ones, or naming the file.
const ProblemInfo& find_problem(std::string_view id);
ParamSet problem_params(const ProblemInfo& info, const std::vector<std::string>& overrides = {});
std::unique_ptr<Problem> make_problem(std::string_view id,
                                      const std::vector<std::string>& overrides = {});

}  // namespace tibench
