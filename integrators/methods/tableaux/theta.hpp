// The θ-methods in their two forms (You, Zheng & Li, §3.1), as one-parameter
// families of Butcher tableaux:
//
//   inner  z_{n+1} = z_n + h f((1−θ) z_n + θ z_{n+1}):  A = [θ], b = [1];
//   outer  z_{n+1} = z_n + h ((1−θ) f(z_n) + θ f(z_{n+1})):
//          A = [[0, 0], [1−θ, θ]], b = (1−θ, θ)  (a 2-stage EDIRK).
//
// θ = 0 is forward Euler, θ = 1 backward Euler, θ = ½ implicit midpoint
// (inner) or the trapezoidal rule (outer). Both have
// R(z) = (1 + (1−θ)z)/(1 − θz). Declared properties (standard; You et al.
// §3.3 state "θ ≥ 1/2 is A-stable, and only implicit Euler is L-stable"):
// order 2 at θ = ½ else 1; A-stable iff θ ≥ ½; L-stable iff θ = 1; the
// inner form is symplectic only at θ = ½; the outer form is stiffly accurate
// for every θ. Default θ = 0.6 (θ = ½ and 1 are registered as
// implicit-midpoint, trapezoidal and backward-euler).
#pragma once

#include "integrators/methods/families.hpp"

namespace tibench::tableaux {

inline ButcherTableau theta_inner_tableau(double theta) {
  return ButcherTableau::from_matrices("theta-inner", Eigen::MatrixXd::Constant(1, 1, theta),
                                       Eigen::VectorXd::Ones(1));
}

inline ButcherTableau theta_outer_tableau(double theta) {
  Eigen::MatrixXd A(2, 2);
  A << 0.0, 0.0, 1.0 - theta, theta;
  return ButcherTableau::from_matrices("theta-outer", A, Eigen::Vector2d(1.0 - theta, theta));
}

inline MethodDeclaration theta_inner_declared(double theta) {
  return {.order = theta == 0.5 ? 2 : 1,
          .stage_order = 1,
          .stiffly_accurate = theta == 1.0,
          .a_stable = theta >= 0.5,
          .l_stable = theta == 1.0,
          .symplectic = theta == 0.5};
}

inline MethodDeclaration theta_outer_declared(double theta) {
  return {.order = theta == 0.5 ? 2 : 1,
          .stage_order = theta == 0.5 ? 2 : 1,
          .stiffly_accurate = true,
          .a_stable = theta >= 0.5,
          .l_stable = theta == 1.0,
          .symplectic = false};
}

inline const ParametricButcherFamily theta_inner{
    "theta-inner",
    "theta-method, inner form (generalized midpoint)",
    "You, Zheng & Li, Energy-controllable time integration for elastodynamic contact, Sec. 3.1 "
    "Eq. (1); tableau: Tempus 'DIRK 1 Stage Theta Method'",
    real_param("theta", 0.6,
               "implicitness: 0 forward Euler, 1/2 implicit midpoint, 1 backward Euler",
               Range::closed(0, 1)),
    theta_inner_tableau,
    theta_inner_declared,
    {0.0, 0.25, 0.5, 0.6, 2.0 / 3.0, 1.0}};

inline const ParametricButcherFamily theta_outer{
    "theta-outer",
    "theta-method, outer form (EDIRK)",
    "You, Zheng & Li, Sec. 3.1 Eq. (2); Ascher & Petzold (1998) p. 113; tableau: Tempus "
    "'EDIRK 2 Stage Theta Method'",
    real_param("theta", 0.6, "implicitness: 0 forward Euler, 1/2 trapezoidal, 1 backward Euler",
               Range::closed(0, 1)),
    theta_outer_tableau,
    theta_outer_declared,
    {0.0, 0.25, 0.5, 0.6, 2.0 / 3.0, 1.0}};

}  // namespace tibench::tableaux
