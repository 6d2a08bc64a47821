// Fine-step classical RK4 on the first-order view y = (q, v), y' = g(t, y),
// the numerical reference of problems without an exact solution.
//
// Coefficients come from the registry's constexpr record (tableaux::rk4), so
// the reference and the benchmarked rk4 share one source of truth; the loop is
// separate from the benchmarked engine on purpose (a reference must not share
// the code it is used to judge):
//   - Problem::begin_step is called with every stage state before its force
//     evaluation, so quantities that problems lag "at the step start" are
//     evaluated at the stage itself: the reference approximates the
//     continuous ODE, not a lagged discretization of it;
//   - the update y += h Σ b_i k_i uses compensated (Kahan) summation, which
//     keeps the rounding error of 10⁵–10⁶ fine steps near the level of one
//     step instead of growing with √N, so the self-convergence check measures
//     truncation error and not accumulated rounding.
#pragma once

#include <atomic>
#include <stdexcept>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

// Thrown when a computation is stopped through its cancel flag (Ctrl-C).
struct Cancelled {};

// Integrates `steps` uniform steps of h = t_end / steps from the initial state
// and returns the states after the step indices in `record_at` (ascending,
// each in 1 … steps). Throws std::runtime_error when the state becomes
// non-finite (the message names the step), Cancelled when *cancel becomes true.
std::vector<State> fine_rk4(const Problem& p, double t_end, long steps,
                            const std::vector<long>& record_at,
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace tibench
