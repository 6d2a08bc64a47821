// Registry cases for the problem tests: every problem at its small instance
// (ProblemInfo::small_instance) and at each declared variant
// (ProblemInfo::variants), so that every option a problem offers is checked.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "problems/registry.hpp"

namespace tibench::test {

struct ProblemCase {
  std::string id;
  std::vector<std::string> overrides;
  std::string label;  // gtest-safe: id with '_' and a variant suffix

  std::unique_ptr<Problem> make() const { return make_problem(id, overrides); }
};

inline void PrintTo(const ProblemCase& c, std::ostream* os) {
  *os << c.id;
  for (const auto& o : c.overrides) *os << " " << o;
}

// Every case with one instance of it, built once per test program (test
// programs enumerate the cases for several suites at start-up).
inline const std::vector<std::pair<ProblemCase, std::shared_ptr<Problem>>>& all_problem_cases() {
  static const auto cases = [] {
    std::vector<std::pair<ProblemCase, std::shared_ptr<Problem>>> out;
    for (const auto& info : problem_registry()) {
      std::string base = info.id;
      for (char& c : base)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      std::vector<std::vector<std::string>> sets{info.small_instance};
      for (const auto& v : info.variants) {
        auto o = info.small_instance;
        o.insert(o.end(), v.begin(), v.end());
        sets.push_back(o);
      }
      for (std::size_t k = 0; k < sets.size(); ++k) {
        ProblemCase c{info.id, sets[k], k == 0 ? base : base + "_variant" + std::to_string(k)};
        std::shared_ptr<Problem> instance = c.make();
        out.emplace_back(std::move(c), std::move(instance));
      }
    }
    return out;
  }();
  return cases;
}

// The cases whose instance satisfies `keep` (which may call begin_step on it).
inline std::vector<ProblemCase> problem_cases(const std::function<bool(const Problem&)>& keep =
                                                  [](const Problem&) { return true; }) {
  std::vector<ProblemCase> out;
  for (const auto& [c, instance] : all_problem_cases())
    if (keep(*instance)) out.push_back(c);
  return out;
}

inline std::string case_name(const ::testing::TestParamInfo<ProblemCase>& p) {
  return p.param.label;
}

// A stage matrix of p: mass_scale·M + ∇²P(q₀), the pattern of every
// implicit stage (a large scale makes it positive definite whatever ∇²P is).
inline SparseMatrix stage_matrix(const Problem& p, double mass_scale) {
  Triplets t;
  for (Index i = 0; i < p.dofs(); ++i) t.emplace_back(i, i, p.mass()[i] * mass_scale);
  p.hessian(p.initial_state().q, t, false);
  SparseMatrix A(p.dofs(), p.dofs());
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

}  // namespace tibench::test
