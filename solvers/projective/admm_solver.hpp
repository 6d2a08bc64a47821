// solver=admm: the driver of the ADMM iteration (solvers/projective/admm.hpp) for
// stage objectives whose problem has an element split. Budget as for
// local-global: exactly max_iterations iterations when tolerance = 0 (the
// fixed-iteration mode of real-time use), else until the primal and dual
// residuals meet the tolerance (Brown et al. 2018 §7: "terminated early if
// they were below a chosen threshold"), failing if max_iterations do not get
// there. The final residual of the full stage equation is evaluated and
// reported either way.
#pragma once

#include <memory>
#include <vector>

#include "core/parameters.hpp"
#include "solvers/projective/iteration_budget.hpp"
#include "solvers/stage_solver.hpp"

namespace tibench {

struct AdmmOptions {
  static constexpr const char* kSummary =
      "Overby et al. 2017, Brown et al. 2018 Sec. 3.3: per-element local Newton solves, "
      "prefactored global matrix M/tau^2 + D^T W^2 D, scaled dual update; problems whose "
      "potential has an element split";
  IterationBudget budget;
  double weight_scale = 1.0;  // factor on every block's weight w_b² (1: Overby et al.'s heuristic)

  static std::vector<ParamSpec> param_specs();
  static AdmmOptions from_params(const ParamSet& params);
};

class Admm;  // solvers/projective/admm.hpp

class AdmmSolver : public StageSolver {
 public:
  explicit AdmmSolver(AdmmOptions options = {});
  ~AdmmSolver() override;

 private:
  StageSolveResult solve(const StageObjective& phi, Vec& x) override;

  AdmmOptions options_;
  std::unique_ptr<Admm> admm_;  // built on first use
  Vec g_;
};

}  // namespace tibench
