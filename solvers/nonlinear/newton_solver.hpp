// Newton's method for minimizing the objective of one implicit stage
// (solvers/nonlinear/objective.hpp), in the optimization form of Gast & Schroeder
// 2014 §3:
//
//   1. g = ∇Φ(x); stop when ‖W⁻¹ g‖_∞ ≤ tol · scale(x) + atol (the stage
//      increment's magnitude for incremental potentials), or when it is at
//      its rounding level (residual_noise; checked again once the Hessian,
//      whose magnitude enters that level, has been assembled).
//   2. Solve ∇²Φ(x) dx = −g by sparse LDLᵀ. The sparsity pattern is analyzed
//      once and reused for every iteration, stage and step; it is analyzed
//      again only if a problem ever reports a different pattern.
//   3. PSD fallback: if the Hessian is not positive definite (LDLᵀ fails or
//      D has an entry ≤ 0), use the problem's PSD-projected Hessian, then
//      shift the Hessian by μ W (μ = 1e-8 … 1e8) until it is.
//   4. Stop after the step when ‖dx‖_∞ ≤ tol · scale + atol (with a positive
//      definite Hessian the error after the step is O(‖dx‖²); on stiff
//      problems ‖W⁻¹g‖ overestimates the error by the stiffness ratio), or
//      when dx is below the rounding level of x (4ε‖x‖_∞).
//      A quadratic Φ (constant Hessian, no constraints) stops after its
//      first full step, which solves it to rounding (see takes_exact_step),
//      without the rounding-level check before it.
//   5. Backtracking (Armijo) line search on Φ; near the minimizer, where the
//      decrease of Φ is below its rounding error, the full step is accepted
//      when it halves the residual. A trial point where Φ is not finite
//      (outside its domain: through a barrier, an inverted element) is
//      rejected like any other; an initial guess there is replaced by the
//      objective's feasible_start (for stages: the step's start position).
//      Problems with barriers bound every step by their continuous
//      collision detection (Problem::max_feasible_step, as IPC's filtered
//      line search), and an initial guess beyond that bound, seen from the
//      feasible start, is pulled back to it.
// Options of Gast & Schroeder 2014 §3.1, off by default: the two-candidate
// initial guess, the descent-direction safeguard (their κ = 1e-2 test, then
// −dx, then steepest descent −g), and the step-length clamp. Their own
// inner solver — truncated CG directions and a strong-Wolfe search with
// steps > 1 — is solver=newton-cg (solvers/nonlinear/newton_cg.hpp); this
// LDLᵀ Newton backtracks from the full step.
//
// The default tolerance is tight (1e-12 relative) because convergence studies
// need the solver error far below the discretization error; Newton converges
// quadratically, so the error after the last accepted step is much smaller.
#pragma once

#include <Eigen/SparseCholesky>
#include <limits>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "solvers/linear/sparse_assembly.hpp"
#include "solvers/linear/sparse_factorization.hpp"
#include "solvers/nonlinear/newton_steps.hpp"
#include "solvers/stage_solver.hpp"

namespace tibench {

struct NewtonOptions {
  static constexpr const char* kSummary = "sparse LDL^T direction, Armijo backtracking";
  NewtonStopping stop;
  bool line_search = true;
  bool psd_fallback = true;
  // Gast & Schroeder 2014 §3.1 options (off by default, so that the default
  // solver is plain safeguarded Newton):
  NewtonStart start;               // two-candidate initial guess, step clamp
  bool descent_safeguard = false;  // dx·g < −κ‖dx‖‖g‖, else −dx, else −g (κ = 1e-2)
  // Chord (modified) Newton, off by default: the factorized Hessian is kept
  // across iterations, stages and steps while the steps contract (rate ≤ reuse_rate)
  // and the stage inertia is unchanged; convergence is then judged on the
  // linear-convergence error estimate rate/(1 − rate)·‖dx‖ with the rate
  // measured within the solve. Same tolerance, but not the same iterates:
  // results differ from full Newton within it.
  bool jacobian_reuse = false;
  double reuse_rate = 0.1;  // contraction rate above which the factor is refreshed
  // Sparse factorization backend (solvers/linear/sparse_factorization.hpp).
  LinearSolver linear_solver = LinearSolver::ldlt;

  static std::vector<ParamSpec> param_specs();
  static NewtonOptions from_params(const ParamSet& params);
};

class NewtonSolver : public StageSolver {
 public:
  explicit NewtonSolver(NewtonOptions options = {});
  const NewtonOptions& options() const { return options_; }
  int pattern_analyses() const override { return analyses_; }

 private:
  // The Newton iteration and its parts.
  StageSolveResult solve(const StageObjective& phi, Vec& x) override;
  bool reuses_factor(const StageObjective& phi) const;
  bool factorize_hessian(const StageObjective& phi, const Vec& x, StageSolveResult& r, bool& pd);
  bool assemble_hessian(const StageObjective& phi, const Vec& x, bool project, double shift);
  double step_error_estimate(bool chord, double step_norm, double& previous_step_norm);
  double descent_direction(StageSolveResult& r, double step_norm);
  // How a line search ended: x moved, a fresh factor is needed (the iteration
  // goes on from x), or the solve ended (converged or failed, r says which).
  enum class Search { moved, refresh, ended };
  Search line_search(const StageObjective& phi, Vec& x, StageSolveResult& r, bool chord, bool pd,
                     double slope, bool& have_gradient);
  bool full_step_accepted(const StageObjective& phi, const Vec& x, StageSolveResult& r,
                          double slope, double& phi0);
  // Whether a positive definite Newton step on phi solves it: Φ quadratic
  // (constant Hessian), unconstrained, and no descent safeguard.
  bool solves_in_one_step(const StageObjective& phi) const;
  // Whether the full Newton step dx_ from x ends the solve without a
  // confirming gradient: solves_in_one_step, and neither the clamp nor the
  // CCD bound shortens the step.
  bool takes_exact_step(const StageObjective& phi, const Vec& x) const;
  // Ends the solve at trial_ = x + dx_ after takes_exact_step: x, the
  // iteration count, the residual (its rounding bound) and the chord rate.
  void end_with_exact_step(const StageObjective& phi, Vec& x, StageSolveResult& r, bool chord,
                           double& previous_step_norm);
  // Whether factorize() (without projection or shift) keeps the factor of
  // an earlier constant Hessian with the same inertia.
  bool keeps_constant_factor(const StageObjective& phi) const;
  // Assembles ∇²Φ(x) (+ shift · W) and factorizes; true if positive definite.
  bool factorize(const StageObjective& phi, const Vec& x, bool project, double shift,
                 bool& factorized);

  NewtonOptions options_;
  SymmetricFactorization factor_;
  TripletAssembler assembler_;
  SparseMatrix H_;
  Triplets triplets_;
  // The objective, shift form and active set of H_'s last assembly from
  // triplets (the positions a values-only refill must match), and the
  // values buffer.
  const StageObjective* refill_source_ = nullptr;
  bool refill_shifted_ = false;
  long refill_active_set_ = 0;
  std::vector<Index> moved_rows_, moved_cols_;  // positions of a new active set's triplets
  std::vector<double> values_;
  int analyses_ = 0;
  // The factor of a constant Hessian (StageObjective::hessian_is_constant),
  // valid while nothing else was factorized since.
  struct ConstantHessian {
    bool valid = false, factorized = false, positive_definite = false;
    const StageObjective* objective = nullptr;
    Vec inertia;
    std::uint64_t inertia_stamp = 0;
  } constant_;
  // The kept factor of jacobian_reuse.
  struct Reuse {
    bool valid = false, refresh = false, pd = false;
    Vec inertia;          // of the objective it was built for
    long active_set = 0;  // the objective's active_set_version() then
  } reuse_;
  Vec g_, g_trial_, dx_, trial_;
};

}  // namespace tibench
