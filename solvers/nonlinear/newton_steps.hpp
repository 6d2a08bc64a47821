// What the two Newton-type stage solvers (newton, newton-cg) share: their
// stopping rule, their start (Gast & Schroeder 2014 §3.1's two-candidate
// guess and step clamp, and the move to a feasible point), and the test
// that ends a solve before a step.
#pragma once

#include <vector>

#include "core/parameters.hpp"
#include "solvers/stage_solver.hpp"

namespace tibench {

// Stop when ‖W⁻¹ g‖_∞ ≤ tolerance · scale(x) + absolute_tolerance, or at the
// residual's rounding level; fail after max_iterations updates. (Parameters
// newton_tol, newton_atol, newton_max_iters.)
struct NewtonStopping {
  double tolerance = 1e-12;         // relative, on the position residual
  double absolute_tolerance = 0.0;  // in position units
  int max_iterations = 50;

  static std::vector<ParamSpec> param_specs();
  static NewtonStopping from_params(const ParamSet& params);
};

// Gast & Schroeder 2014 §3.1's start and step length (off by default).
// (Parameters two_candidate_guess, step_clamp.)
struct NewtonStart {
  bool two_candidate_guess = false;  // start from the better of x̂ and x̂ + τ²M⁻¹f(x_a)
  double step_clamp = 0.0;           // ‖dx‖_∞ ≤ step_clamp (0: no clamp; Gast use 1e3)

  static std::vector<ParamSpec> param_specs();
  static NewtonStart from_params(const ParamSet& params);
};

// Moves x to where Newton can start: projected onto the constraints, the
// better of the two candidates (two_candidate_guess), and out of the
// domain's complement or back from past a barrier, along the path from the
// objective's feasible start. `trial` and `dx` are workspace.
void start_from_feasible_guess(const StageObjective& phi, const NewtonStart& start, Vec& x,
                               Vec& trial, Vec& dx, StageSolveResult& r);

// Ends the solve before a step when the residual meets the tolerance or its
// rounding level, or when the iterations are spent (message set). A kept
// constant factor costs nothing to "assemble", and the noise level checked
// after it, with the Hessian's term, is at least the one here: that check
// is then left to that point (check_after_factor), with the same outcome.
bool ends_before_step(const StageObjective& phi, const NewtonStopping& stop, const Vec& x,
                      StageSolveResult& r, double tolerance, bool check_after_factor);

}  // namespace tibench
