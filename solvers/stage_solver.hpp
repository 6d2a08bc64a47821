// The solver of one implicit stage: it minimizes a stage objective Φ
// (solvers/nonlinear/objective.hpp) from an initial guess. The solvers are
// listed in solvers/solver_list.hpp and chosen by the integrator parameter
// `solver` (solvers/stage_solvers.hpp); docs/solvers.md compares them.
#pragma once

#include <string>

#include "solvers/nonlinear/objective.hpp"

namespace tibench {

// What one solve did. Counters a solver does not have stay 0.
struct StageSolveResult {
  bool converged = false;
  int iterations = 0;      // updates of x taken
  int linear_solves = 0;   // linear solves (one per update)
  int factorizations = 0;  // matrices assembled and factorized
  int gradient_evals = 0;
  int psd_fallbacks = 0;
  int cg_iterations = 0;  // newton-cg: CG iterations; admm: the local Newton iterations
  // local-global and admm: seconds in the local step (the projections, i.e.
  // the gradient of Φ; admm: the per-element solves) and in the global step
  // (the prefactored solve).
  double local_seconds = 0.0, global_seconds = 0.0;
  // Final ‖τ² M⁻¹ ∇Φ‖_∞; after the single step on a quadratic Φ, the
  // rounding level it lies below (residual_noise_upper), unevaluated.
  double residual = 0.0;
  bool chose_explicit_candidate = false;  // two-candidate guess picked candidate A
  bool started_feasible = false;  // the initial guess was infeasible; started from feasible_start
  int safeguarded_steps = 0;      // steps replaced by the descent safeguard
  int active_constraints = -1;    // contact constraints active at the end (−1: none)
  std::string message;
};

class StageSolver {
 public:
  virtual ~StageSolver() = default;
  // Minimizes phi starting from x (updated in place).
  StageSolveResult minimize(const StageObjective& phi, Vec& x) {
    StageSolveResult r = solve(phi, x);
    r.active_constraints = phi.active_constraints();
    return r;
  }
  // Sparsity patterns analyzed so far (solvers that factorize ∇²Φ).
  virtual int pattern_analyses() const { return 0; }

 protected:
  StageSolver() = default;
  virtual StageSolveResult solve(const StageObjective& phi, Vec& x) = 0;
};

// residual ≤ residual_noise(x), deciding with the cheap bounds first.
bool at_noise_level(const StageObjective& phi, const Vec& x, double residual);
// a == b entry by entry, bitwise (for inertias, which are positive: the
// same as ==, at a fraction of the cost).
bool same_values(const Vec& a, const Vec& b);

}  // namespace tibench
