// Projective Dynamics' local/global iteration (Bouaziz et al. 2014 §4;
// Dinev, Liu, Kavan 2018 §4.2, Eqs. 25–30) as an option of NewtonSolver
// (solver=local-global), for stage objectives
//
//   Φ(y) = ½ (y − ŷ)ᵀ W (y − ŷ) + P(x_a + y) − f·(x_a + y),
//   P(x) = Σ_c w_c/2 ‖G_c x + z_c − Π_c‖² + linear terms    (Problem::has_projective_form)
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
#include <cstdio>
#include <limits>

#include "solvers/nonlinear/newton_solver.hpp"
#include "solvers/solver_clock.hpp"

namespace tibench {
// With a tolerance: converged when the residual meets it, or when the
// residual has stopped decreasing and lies at its rounding level (the
// criterion of the Newton solver, whose Hessian term needs one Hessian
// assembly: done only then, once per solve).
bool NewtonSolver::ends_at_tolerance_or_noise(const StageObjective& phi, const Vec& x,
                                              NewtonResult& r, Stall& stall) {
  if (r.residual <= options_.tolerance * phi.scale(x)) {
    r.converged = true;
    return true;
  }
  if (r.residual < stall.best) {
    stall.best = r.residual;
    stall.count = 0;
    return false;
  }
  if (++stall.count < 5) return false;
  if (!stall.hessian_assembled) {
    triplets_.clear();
    phi.hessian(x, false, triplets_);
    stall.hessian_assembled = true;
  }
  r.converged = at_noise_level(phi, x, r.residual);
  return r.converged;
}

// The Cholesky factor of W + L for phi's inertia W, built on first use;
// null when phi has no projective form or W + L is not positive definite.
const Eigen::SimplicialLLT<SparseMatrix>* NewtonSolver::global_factor(const StageObjective& phi) {
  if (const auto* f = global_factors_.find(phi.inertia())) return f;
  triplets_.clear();
  if (!phi.projective_laplacian(triplets_)) return nullptr;
  return global_factors_.get(phi.inertia(), triplets_);
}

NewtonResult NewtonSolver::iterate_local_global(const StageObjective& phi, Vec& x) {
  NewtonResult r;
  const Eigen::SimplicialLLT<SparseMatrix>* A = global_factor(phi);
  if (!A) {
    r.message =
        "local-global needs a stage objective in projective form with a positive definite "
        "global matrix";
    return r;
  }
  const bool fixed_budget = options_.tolerance == 0.0;
  Stall stalled;
  for (;;) {
    // The local step: every constraint's projection. (The evaluation after
    // the last global step only measures the residual; it is not part of
    // the iteration and not counted as local time.)
    const SolverClock::time_point local_start = SolverClock::now();
    phi.gradient(x, g_);
    const double local_seconds = seconds_since(local_start);
    ++r.gradient_evals;
    if (!g_.allFinite()) {
      r.message = "non-finite gradient";
      return r;
    }
    r.residual = phi.residual(g_);
    if (!fixed_budget && ends_at_tolerance_or_noise(phi, x, r, stalled)) return r;
    if (r.iterations == options_.max_iterations) break;
    r.local_seconds += local_seconds;
    const SolverClock::time_point global_start = SolverClock::now();
    dx_ = A->solve(-g_);
    x += dx_;
    r.global_seconds += seconds_since(global_start);
    ++r.iterations;
    ++r.linear_solves;
  }
  r.converged = fixed_budget;
  if (!r.converged) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "local-global did not reach tolerance in %d iterations (residual %.3e, target "
                  "%.3e)",
                  options_.max_iterations, r.residual, options_.tolerance * phi.scale(x));
    r.message = buf;
  }
  return r;
}

}  // namespace tibench
