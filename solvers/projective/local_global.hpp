// Projective Dynamics' local/global iteration (Bouaziz et al. 2014 §4;
// Dinev, Liu, Kavan 2018 §4.2, Eqs. 25–30), solver=local-global, for stage
// objectives
//
//   Φ(y) = ½ (y − ŷ)ᵀ W (y − ŷ) + P(x_a + y) − f·(x_a + y),
//   P(x) = Σ_c w_c/2 ‖G_c x + z_c − Π_c‖² + linear terms    (Problem::projective_form)
//
// Local step: p_c = Π_c(G_c x + z_c), the projection of each constraint onto
// its manifold (sphere for springs, SO(3) for ARAP tetrahedra). Global step:
// minimize the quadratic g(y, p) = ½(y − ŷ)ᵀW(y − ŷ) + Σ w_c/2‖G_c x + z_c −
// p_c‖² − f·x over y, a linear solve with the constant matrix A = W + L,
// L = Σ_c w_c G_cᵀG_c, Cholesky-factorized once per stage inertia W (for
// backward Euler W = M/h², i.e. A ∝ M + h²L; for implicit midpoint's stage
// W = M/(h/2)², A ∝ M + (h²/4)L, Dinev Eq. 30).
//
// Because ∇_y g(y, p(y)) = ∇Φ(y) when p is the projection at y (the problem's
// gradient is exactly Σ w_c G_cᵀ(G_c x + z_c − Π_c) − f), the global step is
// y ← y − A⁻¹ ∇Φ(y): the local step is the problem's gradient evaluation
// (Liu, Bouaziz, Kavan 2017, "Quasi-Newton methods for real-time simulation
// of hyperelastic materials", §3, derive PD this way). g majorizes Φ (equal
// at y, ≥ elsewhere since ‖z − p‖ ≥ dist(z, manifold)), so Φ never
// increases from one iteration to the next.
//
// Initial guess: the engine's (the inertial target y = h v_n for backward
// Euler, Dinev's "inertia term"; the blend passes its implicit-midpoint
// result to the backward-Euler stabilization). Budget: exactly
// max_iterations iterations when tolerance = 0 (the real-time setting); else
// until ‖W⁻¹∇Φ‖_∞ ≤ tolerance · scale or the step falls below the rounding
// level of x, failing if max_iterations do not get there. Either way the final residual of the full
// nonlinear stage equation is evaluated and reported, so the truncation error is visible.
#pragma once

#include <limits>
#include <vector>

#include "core/parameters.hpp"
#include "solvers/linear/inertia_factors.hpp"
#include "solvers/projective/iteration_budget.hpp"
#include "solvers/stage_solver.hpp"

namespace tibench {

struct LocalGlobalOptions {
  static constexpr const char* kSummary =
      "Projective Dynamics, Bouaziz et al. 2014, Dinev et al. 2018 Sec. 4.2: projections, then "
      "the prefactored global matrix M/tau^2 + L; problems whose potential has a projective form";
  IterationBudget budget;

  static std::vector<ParamSpec> param_specs() { return IterationBudget::param_specs(); }
  static LocalGlobalOptions from_params(const ParamSet& params) {
    return {IterationBudget::from_params(params)};
  }
};

class LocalGlobalSolver : public StageSolver {
 public:
  explicit LocalGlobalSolver(LocalGlobalOptions options = {}) : options_(options) {}

 private:
  StageSolveResult solve(const StageObjective& phi, Vec& x) override;
  struct Stall {
    double best = std::numeric_limits<double>::infinity();
    int count = 0;
    bool hessian_assembled = false;
  };
  bool ends_at_tolerance_or_noise(const StageObjective& phi, const Vec& x, StageSolveResult& r,
                                  Stall& stall);
  const Eigen::SimplicialLLT<SparseMatrix>* global_factor(const StageObjective& phi);

  LocalGlobalOptions options_;
  // Prefactored global matrices W + L, one per stage inertia.
  InertiaFactors global_factors_;
  Triplets triplets_;
  Vec g_, dx_;
};

}  // namespace tibench
