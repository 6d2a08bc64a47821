#include "solvers/projective/local_global.hpp"

#include <cstdio>
#include <limits>

#include "solvers/solver_clock.hpp"

namespace tibench {

// With a tolerance: converged when the residual meets it, or when the
// residual has stopped decreasing and lies at its rounding level (the
// criterion of the Newton solver, whose Hessian term needs one Hessian
// assembly: done only then, once per solve).
bool LocalGlobalSolver::ends_at_tolerance_or_noise(const StageObjective& phi, const Vec& x,
                                                   StageSolveResult& r, Stall& stall) {
  if (r.residual <= options_.budget.tolerance * phi.scale(x)) {
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
const Eigen::SimplicialLLT<SparseMatrix>* LocalGlobalSolver::global_factor(
    const StageObjective& phi) {
  if (const auto* f = global_factors_.find(phi.inertia())) return f;
  triplets_.clear();
  if (!phi.projective_laplacian(triplets_)) return nullptr;
  return global_factors_.get(phi.inertia(), triplets_);
}

StageSolveResult LocalGlobalSolver::solve(const StageObjective& phi, Vec& x) {
  StageSolveResult r;
  const Eigen::SimplicialLLT<SparseMatrix>* A = global_factor(phi);
  if (!A) {
    r.message =
        "local-global needs a stage objective in projective form with a positive definite "
        "global matrix";
    return r;
  }
  const bool fixed_budget = options_.budget.tolerance == 0.0;
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
    if (r.iterations == options_.budget.max_iterations) break;
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
                  options_.budget.max_iterations, r.residual,
                  options_.budget.tolerance * phi.scale(x));
    r.message = buf;
  }
  return r;
}

}  // namespace tibench
