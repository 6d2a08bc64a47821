// The observed order of an integrator on a problem, by one rule (used by the
// order tests, tests/order/, and by `tibench verify --integrator`):
//
// Walk the ladder h_j = 0.2 · 2^(−j/2) (t_end = 2, one output time) down
// until err_final falls below the floor max(1e-12, 100 · ε · steps,
// 100 · ε_c) — far above round-off (≈ ε per step), the Newton tolerance
// (1e-12, converged quadratically) and the consistency error that
// coefficients of precision ε_c (printed to d digits, integrators/methods/method_file.hpp;
// 0 for families without coefficients) leave at every h — or the run would
// need more than 2·10⁵ steps. Of the runs
// with err_final ≤ 1e-3 above the floor, the 6 smallest step sizes are
// fitted: the smallest h are the most asymptotic. At least 4 runs spanning a
// factor ≥ 2.8 in h are required. The slope is fitted over the actual step
// sizes (harness/analysis/convergence.hpp, fit_order).
#pragma once

#include <string>
#include <vector>

#include "harness/analysis/convergence.hpp"
#include "harness/run/run_cell.hpp"

namespace tibench {

inline constexpr double kOrderReferenceStep = 1e-4;  // fine RK4 step of references
inline constexpr double kOrderTolerance = 0.1;       // |observed − nominal| allowed

struct OrderObservation {
  bool fitted = false;  // enough runs in the asymptotic window
  std::string failure;  // why not (a run that failed, too few runs)
  OrderFit fit;
  std::vector<double> h, err;  // the fitted runs
  std::string trace;           // every run of the walk, "h=...:err"
};

// `integrator` is any id resolve_integrator() takes; ctx may carry a
// precomputed reference for the problem (every cell has the same t_end),
// otherwise it is computed once here (order_reference).
OrderObservation observe_order(const std::string& integrator, const std::string& problem,
                               const std::vector<std::string>& params, const RunContext& ctx = {});

// The fine-RK4 reference every cell of observe_order() on (problem, params) uses.
Reference order_reference(const std::string& problem, const std::vector<std::string>& params);

// The problems orders are observed on: the 3-dof oscillator (distinct
// frequencies, exact solution) and the pendulum at θ0 = 1 rad,
// ω0 = 0.5 rad/s (nonlinear, fine-RK4 reference).
struct OrderProblem {
  std::string id;
  std::vector<std::string> params;
};
const std::vector<OrderProblem>& order_problems();
// One of order_problems() by id (std::logic_error for another id).
const OrderProblem& order_problem(const std::string& id);

}  // namespace tibench
