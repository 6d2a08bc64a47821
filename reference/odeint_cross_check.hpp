// The independent cross-check of fine RK4 references: Boost.Odeint's
// Dormand–Prince 5(4) pair (runge_kutta_dopri5), controlled (adaptive step)
// at tight absolute and relative tolerance, integrated exactly to each output
// time (integrate_times). It shares no code with tibench's integrators: the
// same initial value problem solved by another library with another method
// and step-size strategy.
//
// Like fine_rk4, it calls Problem::begin_step with every evaluated state, so
// both approximate the same continuous ODE.
#pragma once

#include <atomic>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

// States at `times` (ascending, > 0) from the initial state at t = 0.
// Throws std::runtime_error when the integration fails, becomes non-finite,
// or needs more than max_evaluations force evaluations: across a
// discontinuous force (power-law damping with p < 1 at rest, a sticking
// Coulomb force) the adaptive steps collapse and the integration would
// never end.
std::vector<State> dopri5_states(const Problem& p, const std::vector<double>& times,
                                 double tolerance, long max_evaluations,
                                 const std::atomic<bool>* cancel = nullptr);

}  // namespace tibench
