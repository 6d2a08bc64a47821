// Explicit Runge–Kutta tableaux (strictly lower-triangular A).
// Run by the generic Runge–Kutta engine (integrators/engines/runge_kutta.hpp), whose
// explicit stages are plain function evaluations.
#pragma once

#include "integrators/methods/tableaux/butcher_record.hpp"

namespace tibench::tableaux {

// Forward (explicit) Euler: y_{n+1} = y_n + h f(y_n). R(z) = 1 + z.
// Euler 1768; HNW I §II.1. Dinev et al. 2018 Eqs. (1)–(2).
inline constexpr ButcherRecord forward_euler{
    .id = "forward-euler",
    .name = "Forward Euler",
    .stages = 1,
    .A = {{0.0}},
    .b = {1.0},
    .declared = {.order = 1,
                 .stage_order = 1,
                 .stiffly_accurate = false,
                 .a_stable = false,
                 .l_stable = false,
                 .symplectic = false},
    .citation =
        "L. Euler, Institutiones calculi integralis (1768); Hairer, Norsett & Wanner, "
        "Solving ODEs I, 2nd ed. (1993), Sec. II.1; coefficients: nodepy 'FE'",
};

// Heun's method (explicit trapezoidal rule, SSPRK22): R(z) = 1 + z + z²/2.
inline constexpr ButcherRecord heun{
    .id = "heun",
    .name = "Heun (explicit trapezoidal)",
    .stages = 2,
    .A = {{0.0}, {1.0}},
    .b = {0.5, 0.5},
    .declared = {.order = 2,
                 .stage_order = 1,
                 .stiffly_accurate = false,
                 .a_stable = false,
                 .l_stable = false,
                 .symplectic = false},
    .citation = "K. Heun, Z. Math. Phys. 45:23-38 (1900); coefficients: nodepy 'Heun22'",
};

// Classical fourth-order Runge–Kutta. R(z) = Σ_{k≤4} z^k/k!.
inline constexpr ButcherRecord rk4{
    .id = "rk4",
    .name = "Classical Runge-Kutta (RK4)",
    .stages = 4,
    .A = {{0.0}, {0.5}, {0.0, 0.5}, {0.0, 0.0, 1.0}},
    .b = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0},
    .declared = {.order = 4,
                 .stage_order = 1,
                 .stiffly_accurate = false,
                 .a_stable = false,
                 .l_stable = false,
                 .symplectic = false},
    .citation =
        "W. Kutta, Z. Math. Phys. 46:435-453 (1901); Hairer, Norsett & Wanner, Solving "
        "ODEs I (1993), Table II.1.2; coefficients: nodepy 'RK44'",
};

// Dormand–Prince 5(4) (DOPRI5): order 5 with an embedded order-4 solution
// b̂; FSAL (row 7 of A equals b, so the last stage is the next step's first
// and the tableau is formally stiffly accurate). All coefficients rational.
inline constexpr ButcherRecord dopri5{
    .id = "dopri5",
    .name = "Dormand-Prince 5(4)",
    .stages = 7,
    .A = {{0.0},
          {1.0 / 5.0},
          {3.0 / 40.0, 9.0 / 40.0},
          {44.0 / 45.0, -56.0 / 15.0, 32.0 / 9.0},
          {19372.0 / 6561.0, -25360.0 / 2187.0, 64448.0 / 6561.0, -212.0 / 729.0},
          {9017.0 / 3168.0, -355.0 / 33.0, 46732.0 / 5247.0, 49.0 / 176.0, -5103.0 / 18656.0},
          {35.0 / 384.0, 0.0, 500.0 / 1113.0, 125.0 / 192.0, -2187.0 / 6784.0, 11.0 / 84.0}},
    .b = {35.0 / 384.0, 0.0, 500.0 / 1113.0, 125.0 / 192.0, -2187.0 / 6784.0, 11.0 / 84.0, 0.0},
    .declared = {.order = 5,
                 .stage_order = 1,
                 .embedded_order = 4,
                 .stiffly_accurate = true,
                 .a_stable = false,
                 .l_stable = false,
                 .symplectic = false},
    .citation =
        "J.R. Dormand & P.J. Prince, A family of embedded Runge-Kutta formulae, J. Comput. "
        "Appl. Math. 6:19-26 (1980); coefficients: nodepy 'DP5'",
    .b_hat = {5179.0 / 57600.0, 0.0, 7571.0 / 16695.0, 393.0 / 640.0, -92097.0 / 339200.0,
              187.0 / 2100.0, 1.0 / 40.0},
};

}  // namespace tibench::tableaux
