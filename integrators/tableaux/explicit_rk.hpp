// Explicit Runge–Kutta tableaux (strictly lower-triangular A).
// Run by the generic Runge–Kutta engine (integrators/runge_kutta.hpp), whose
// explicit stages are plain function evaluations.
#pragma once

#include "integrators/tableaux/butcher_record.hpp"

namespace tibench::tableaux {

// Forward (explicit) Euler: y_{n+1} = y_n + h f(y_n). R(z) = 1 + z.
// Euler 1768; HNW I §II.1. Dinev et al. 2018 Eqs. (1)–(2).
inline constexpr ButcherRecord forward_euler{
    .id = "forward-euler",
    .name = "Forward Euler",
    .stages = 1,
    .A = {{0.0}},
    .b = {1.0},
    .declared = {.order = 1, .stage_order = 1, .stiffly_accurate = false,
                 .a_stable = false, .l_stable = false, .symplectic = false},
    .citation = "L. Euler, Institutiones calculi integralis (1768); Hairer, Norsett & Wanner, "
                "Solving ODEs I, 2nd ed. (1993), Sec. II.1; coefficients: nodepy 'FE'",
};

// Classical fourth-order Runge–Kutta. R(z) = Σ_{k≤4} z^k/k!.
inline constexpr ButcherRecord rk4{
    .id = "rk4",
    .name = "Classical Runge-Kutta (RK4)",
    .stages = 4,
    .A = {{0.0}, {0.5}, {0.0, 0.5}, {0.0, 0.0, 1.0}},
    .b = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0},
    .declared = {.order = 4, .stage_order = 1, .stiffly_accurate = false,
                 .a_stable = false, .l_stable = false, .symplectic = false},
    .citation = "W. Kutta, Z. Math. Phys. 46:435-453 (1901); Hairer, Norsett & Wanner, Solving "
                "ODEs I (1993), Table II.1.2; coefficients: nodepy 'RK44'",
};

}  // namespace tibench::tableaux
