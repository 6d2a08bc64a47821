// The budget of the iterative stage solvers (local-global, admm): a fixed
// number of iterations (the real-time setting) or a tolerance.
#pragma once

#include <vector>

#include "core/parameters.hpp"

namespace tibench {

// The budget of the iterative stage solvers (local-global, admm).
// (Parameters max_iterations, tolerance.)
struct IterationBudget {
  int max_iterations = 10;  // iterations per stage solve
  double tolerance = 0.0;   // relative tolerance that ends it earlier (0: always max_iterations)

  static std::vector<ParamSpec> param_specs();
  static IterationBudget from_params(const ParamSet& params);
};

}  // namespace tibench
