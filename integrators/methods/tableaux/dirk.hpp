// Diagonally implicit Runge–Kutta tableaux (lower-triangular A, at least one
// nonzero diagonal entry; an explicit first stage, a_11 = 0, is allowed).
// Run by the generic Runge–Kutta engine: each implicit stage is solved as the
// minimization of an incremental potential (solvers/stage_solvers.hpp).
#pragma once

#include "integrators/methods/tableaux/butcher_record.hpp"
#include "integrators/methods/tableaux/constexpr_math.hpp"

namespace tibench::tableaux {

// Backward (implicit) Euler: y_{n+1} = y_n + h f(y_{n+1}). R(z) = 1/(1 − z).
// Dinev et al. 2018 Eqs. (3)–(4); Gast & Schroeder 2014 Sec. 3 (as minimization).
inline constexpr ButcherRecord backward_euler{
    .id = "backward-euler",
    .name = "Backward Euler",
    .stages = 1,
    .A = {{1.0}},
    .b = {1.0},
    .declared = {.order = 1,
                 .stage_order = 1,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true,
                 .symplectic = false},
    .citation =
        "Hairer & Wanner, Solving ODEs II, 2nd ed. (1996), Sec. IV.3; coefficients: "
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
    .declared = {.order = 2,
                 .stage_order = 1,
                 .stiffly_accurate = false,
                 .a_stable = true,
                 .l_stable = false,
                 .symplectic = true},
    .citation =
        "Hairer, Lubich & Wanner, Geometric Numerical Integration, 2nd ed. (2006), "
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
    .declared = {.order = 2,
                 .stage_order = 2,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = false,
                 .symplectic = false},
    .citation =
        "J. Crank & P. Nicolson, Proc. Camb. Phil. Soc. 43:50-67 (1947); coefficients: "
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
    .declared = {.order = 2,
                 .stage_order = 1,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true,
                 .symplectic = false},
    .citation =
        "R. Alexander, Diagonally implicit Runge-Kutta methods for stiff O.D.E.'s, SIAM "
        "J. Numer. Anal. 14(6):1006-1021 (1977); coefficients: MOOSE LStableDirk2.h",
};

// SDIRK3 of Alexander (1977): γ is the middle root of 6γ³ − 18γ² + 9γ − 1 = 0
// (γ = 0.43586652150845899941…),
//   A = [[γ, 0, 0], [(1−γ)/2, γ, 0], [b1, b2, γ]],  b1 = −(6γ² − 16γ + 1)/4,
//   b2 = (6γ² − 20γ + 5)/4,  b = (b1, b2, γ),  c = (γ, (1+γ)/2, 1).
// Stiffly accurate and L-stable (Kennedy & Carpenter 2016 via Löschner et al.).
inline constexpr double sdirk3_gamma = cubic_root_near(6.0, -18.0, 9.0, -1.0, 0.4358665);
inline constexpr double sdirk3_b1 = -(6 * sdirk3_gamma * sdirk3_gamma - 16 * sdirk3_gamma + 1) / 4;
inline constexpr double sdirk3_b2 = (6 * sdirk3_gamma * sdirk3_gamma - 20 * sdirk3_gamma + 5) / 4;
inline constexpr ButcherRecord sdirk3{
    .id = "sdirk3",
    .name = "SDIRK3 (Alexander)",
    .stages = 3,
    .A = {{sdirk3_gamma},
          {(1 - sdirk3_gamma) / 2, sdirk3_gamma},
          {sdirk3_b1, sdirk3_b2, sdirk3_gamma}},
    .b = {sdirk3_b1, sdirk3_b2, sdirk3_gamma},
    .declared = {.order = 3,
                 .stage_order = 1,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true,
                 .symplectic = false},
    .citation =
        "R. Alexander, SIAM J. Numer. Anal. 14(6):1006-1021 (1977); coefficients: MOOSE "
        "LStableDirk3.h (exact expressions in gamma)",
};

// TR-BDF2 as a 3-stage ESDIRK (Bank et al. 1985), γ = 2 − √2: a trapezoidal
// stage to t_n + γh, then BDF2 on (t_n, t_n + γh, t_n + h). With w = √2/4 and
// d = 1 − √2/2:  A = [[0, 0, 0], [d, d, 0], [w, w, d]],  b = (w, w, d).
// The equal implicit diagonals (γ/2 = d) hold only for this γ. Embedded b̂ of
// order 3 from SUNDIALS ARKODE_TRBDF2_3_3_2.
inline constexpr double trbdf2_d = 1.0 - csqrt(2.0) / 2.0;
inline constexpr double trbdf2_w = csqrt(2.0) / 4.0;
inline constexpr ButcherRecord tr_bdf2{
    .id = "tr-bdf2",
    .name = "TR-BDF2 (gamma = 2 - sqrt 2)",
    .stages = 3,
    .A = {{0.0}, {trbdf2_d, trbdf2_d}, {trbdf2_w, trbdf2_w, trbdf2_d}},
    .b = {trbdf2_w, trbdf2_w, trbdf2_d},
    .declared = {.order = 2,
                 .stage_order = 2,
                 .embedded_order = 3,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true,
                 .symplectic = false},
    .citation =
        "R.E. Bank et al., Transient simulation of silicon devices and circuits, IEEE "
        "Trans. CAD 4(4):436-451 (1985); M.E. Hosea & L.F. Shampine, Appl. Numer. Math. "
        "20:21-37 (1996); coefficients: SUNDIALS ARKODE_TRBDF2_3_3_2",
    .b_hat = {(1.0 - trbdf2_w) / 3.0, (1.0 + 3.0 * trbdf2_w) / 3.0, (2.0 - csqrt(2.0)) / 6.0},
};

// TR-BDF2(B), the γ = ½ member of the TR-BDF2 family (Bathe 2007; the name
// of Löschner et al. 2020): A = [[0, 0, 0], [¼, ¼, 0], [⅓, ⅓, ⅓]], b = (⅓, ⅓, ⅓).
inline constexpr ButcherRecord tr_bdf2_bathe{
    .id = "tr-bdf2-bathe",
    .name = "TR-BDF2(B) (gamma = 1/2, Bathe)",
    .stages = 3,
    .A = {{0.0}, {0.25, 0.25}, {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0}},
    .b = {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0},
    .declared = {.order = 2,
                 .stage_order = 2,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true,
                 .symplectic = false},
    .citation =
        "K.J. Bathe, Conserving energy and momentum in nonlinear dynamics: a simple "
        "implicit time integration scheme, Comput. Struct. 85:437-445 (2007); tableau: the "
        "gamma = 1/2 member of the TR-BDF2 family (Bank et al. 1985), nodepy 'TR-BDF2'",
};

// SDIRK-NCS23 (Nørsett 1974, Crouzeix 1975): two stages, order 3,
// γ = (3 + √3)/6,  A = [[γ, 0], [1 − 2γ, γ]],  b = (½, ½).
inline constexpr double ncs23_gamma = (3.0 + csqrt(3.0)) / 6.0;
inline constexpr ButcherRecord sdirk_ncs23{
    .id = "sdirk-ncs23",
    .name = "SDIRK-NCS23 (Norsett-Crouzeix)",
    .stages = 2,
    .A = {{ncs23_gamma}, {1.0 - 2.0 * ncs23_gamma, ncs23_gamma}},
    .b = {0.5, 0.5},
    .declared = {.order = 3,
                 .stage_order = 1,
                 .stiffly_accurate = false,
                 .a_stable = true,
                 .l_stable = false,
                 .symplectic = false},
    .citation =
        "S.P. Norsett, Semi-explicit Runge-Kutta methods, Report 6/74, Univ. Trondheim "
        "(1974); M. Crouzeix, these, Paris VI (1975); coefficients: nodepy 'SDIRK23', "
        "Tempus 'SDIRK 2 Stage 3rd order'",
};

// SDIRK-NC34 (Nørsett / Crouzeix): three stages, order 4,
// γ = ½ + cos(π/18)/√3, δ = 1/(6(2γ − 1)²),
// A = [[γ, 0, 0], [½ − γ, γ, 0], [2γ, 1 − 4γ, γ]],  b = (δ, 1 − 2δ, δ).
// cos(π/18) is the root near 0.985 of 4c³ − 3c = cos(π/6) = √3/2.
inline constexpr double cos_pi_18 = cubic_root_near(4.0, 0.0, -3.0, -csqrt(3.0) / 2.0, 0.985);
inline constexpr double nc34_gamma = 0.5 + cos_pi_18 / csqrt(3.0);
inline constexpr double nc34_delta = 1.0 / (6.0 * (2 * nc34_gamma - 1) * (2 * nc34_gamma - 1));
inline constexpr ButcherRecord sdirk_nc34{
    .id = "sdirk-nc34",
    .name = "SDIRK-NC34 (Norsett-Crouzeix)",
    .stages = 3,
    .A = {{nc34_gamma},
          {0.5 - nc34_gamma, nc34_gamma},
          {2 * nc34_gamma, 1 - 4 * nc34_gamma, nc34_gamma}},
    .b = {nc34_delta, 1 - 2 * nc34_delta, nc34_delta},
    .declared = {.order = 4,
                 .stage_order = 1,
                 .stiffly_accurate = false,
                 .a_stable = true,
                 .l_stable = false,
                 .symplectic = false},
    .citation =
        "Norsett (1974), Crouzeix (1975); Hairer & Wanner, Solving ODEs II (1996), p. 100; "
        "coefficients: nodepy 'SDIRK34', Tempus 'SDIRK 3 Stage 4th order'",
};

}  // namespace tibench::tableaux
