// Diagonally implicit Runge–Kutta tableaux (lower-triangular A, at least one
// nonzero diagonal entry; an explicit first stage, a_11 = 0, is allowed).
// Run by the generic Runge–Kutta engine: each implicit stage is solved as the
// minimization of an incremental potential (integrators/newton_solver.hpp).
#pragma once

#include "integrators/tableaux/butcher_record.hpp"
#include "integrators/tableaux/constexpr_math.hpp"

namespace tibench::tableaux {

// Backward (implicit) Euler: y_{n+1} = y_n + h f(y_{n+1}). R(z) = 1/(1 − z).
// Dinev et al. 2018 Eqs. (3)–(4); Gast & Schroeder 2014 Sec. 3 (as minimization).
inline constexpr ButcherRecord backward_euler{
    .id = "backward-euler",
    .name = "Backward Euler",
    .stages = 1,
    .A = {{1.0}},
    .b = {1.0},
    .declared = {.order = 1, .stage_order = 1, .stiffly_accurate = true,
                 .a_stable = true, .l_stable = true, .symplectic = false},
    .citation = "Hairer & Wanner, Solving ODEs II, 2nd ed. (1996), Sec. IV.3; coefficients: "
                "SUNDIALS ARKODE_BACKWARD_EULER_1_1, nodepy 'BE'",
};

// Implicit midpoint (1-stage Gauss): y_{n+1} = y_n + h f((y_n + y_{n+1})/2).
// R(z) = (1 + z/2)/(1 − z/2); symmetric and symplectic.
// Dinev et al. 2018 Eqs. (5)–(6).
inline constexpr ButcherRecord implicit_midpoint{
    .id = "implicit-midpoint",
    .name = "Implicit midpoint",
    .stages = 1,
    .A = {{0.5}},
    .b = {1.0},
    .declared = {.order = 2, .stage_order = 1, .stiffly_accurate = false,
                 .a_stable = true, .l_stable = false, .symplectic = true},
    .citation = "Hairer, Lubich & Wanner, Geometric Numerical Integration, 2nd ed. (2006), "
                "Sec. II.1 and VI.4 (Gauss methods); coefficients: SUNDIALS "
                "ARKODE_IMPLICIT_MIDPOINT_1_2",
};

// Trapezoidal rule (Crank–Nicolson) as a 2-stage ESDIRK (Lobatto IIIA):
// y_{n+1} = y_n + h/2 (f(y_n) + f(y_{n+1})). R(z) = (1 + z/2)/(1 − z/2), R(∞) = −1.
inline constexpr ButcherRecord trapezoidal{
    .id = "trapezoidal",
    .name = "Trapezoidal rule (ESDIRK form)",
    .stages = 2,
    .A = {{0.0, 0.0}, {0.5, 0.5}},
    .b = {0.5, 0.5},
    .declared = {.order = 2, .stage_order = 2, .stiffly_accurate = true,
                 .a_stable = true, .l_stable = false, .symplectic = false},
    .citation = "J. Crank & P. Nicolson, Proc. Camb. Phil. Soc. 43:50-67 (1947); coefficients: "
                "SUNDIALS ARKODE_IMPLICIT_TRAPEZOIDAL_2_2, nodepy 'LobattoIIIA2'",
};

// SDIRK2 of Alexander (1977): γ = 1 − √2/2,
//   A = [[γ, 0], [1 − γ, γ]],  b = (1 − γ, γ),  c = (γ, 1).
// Stiffly accurate and L-stable (Kennedy & Carpenter 2016, as quoted by
// Löschner et al. 2020 §5.1).
inline constexpr double sdirk2_gamma = 1.0 - csqrt(2.0) / 2.0;
inline constexpr ButcherRecord sdirk2{
    .id = "sdirk2",
    .name = "SDIRK2 (Alexander)",
    .stages = 2,
    .A = {{sdirk2_gamma, 0.0}, {1.0 - sdirk2_gamma, sdirk2_gamma}},
    .b = {1.0 - sdirk2_gamma, sdirk2_gamma},
    .declared = {.order = 2, .stage_order = 1, .stiffly_accurate = true,
                 .a_stable = true, .l_stable = true, .symplectic = false},
    .citation = "R. Alexander, Diagonally implicit Runge-Kutta methods for stiff O.D.E.'s, SIAM "
                "J. Numer. Anal. 14(6):1006-1021 (1977); coefficients: MOOSE LStableDirk2.h",
};

}  // namespace tibench::tableaux
