// Newton–CG, the inner solver of Gast & Schroeder 2014 §3.1 (solver=newton-cg).
// Per iteration:
//   1. g = ∇Φ(x); stop as the LDLᵀ Newton does (‖W⁻¹g‖_∞ ≤ tol·scale + atol,
//      or the residual at its rounding level).
//   2. Assemble H = ∇²Φ(x) (not projected) and solve H dx = −g by truncated
//      CG (solvers/linear/truncated_cg.hpp) from zero to the relative forcing
//      tolerance η = min(½, σ √max(r, tol)); r = ‖W⁻¹g‖_∞ / scale(x), the
//      relative residual the stopping test uses. Gast & Schroeder take ‖∇E‖
//      with a dimensional σ; the relative residual makes σ = 1 unitless.
//   3. Downhill test with κ = 10⁻²: dx if dx·g < −κ‖dx‖‖g‖, else −dx if it
//      passes, else −g; then the optional length clamp (step_clamp).
//   4. Strong-Wolfe line search (solvers/nonlinear/line_search.hpp) that may take
//      α > 1, never beyond the problem's CCD bound. The full step is accepted
//      without a search when it halves the residual — the rule of the LDLᵀ
//      Newton, which keeps working where the decrease of Φ is below its
//      rounding error, close to the minimizer.
// Constraint contact (Gast & Schroeder §3.2): the active set is relabelled at
// the start of every iteration (the gradient and Hessian are then those of
// the projected objective) and every trial point of the search is projected,
// so the search path curves around the obstacles; its slope is taken along
// dx, that of the unprojected path.
#pragma once

#include <vector>

#include "core/parameters.hpp"
#include "solvers/linear/sparse_assembly.hpp"
#include "solvers/nonlinear/newton_steps.hpp"
#include "solvers/stage_solver.hpp"

namespace tibench {

struct NewtonCgOptions {
  static constexpr const char* kSummary =
      "Gast & Schroeder 2014 Sec. 3.1: truncated CG direction to the forcing tolerance min(1/2, "
      "cg_sigma sqrt(max(r, newton_tol))), descent test kappa = 1e-2, strong-Wolfe line search "
      "allowing steps > 1, stopping on newton_tol / newton_atol";
  NewtonStopping stop;
  NewtonStart start;
  double forcing_scale = 1.0;  // σ of the forcing term min(½, σ √max(r, tol))
  bool jacobi = true;          // Jacobi-preconditioned CG

  static std::vector<ParamSpec> param_specs();
  static NewtonCgOptions from_params(const ParamSet& params);
};

class NewtonCgSolver : public StageSolver {
 public:
  explicit NewtonCgSolver(NewtonCgOptions options = {}) : options_(options) {}
  int pattern_analyses() const override { return analyses_; }

 private:
  StageSolveResult solve(const StageObjective& phi, Vec& x) override;
  bool cg_direction(const StageObjective& phi, const Vec& x, StageSolveResult& r);
  bool wolfe_step(const StageObjective& phi, Vec& x, StageSolveResult& r, double slope);

  NewtonCgOptions options_;
  TripletAssembler assembler_;
  SparseMatrix H_;
  Triplets triplets_;
  int analyses_ = 0;
  Vec g_, g_trial_, dx_, trial_;
};

}  // namespace tibench
