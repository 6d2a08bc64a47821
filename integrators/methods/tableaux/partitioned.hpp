// Partitioned Runge–Kutta pairs for q' = v, M v' = f(q, v, t): the tableau
// (A, b) advances positions, (Â, b̂) velocities (Hairer, Lubich & Wanner,
// Geometric Numerical Integration, §II.2 and §VI.4). Run by the generic
// partitioned engine (integrators/engines/partitioned_rk.hpp).
//
// Symplecticity (HLW Thm VI.4.6), computed on load: b = b̂ and
// b_i â_ij + b̂_j a_ji − b_i b̂_j = 0 for all i, j.
#pragma once

#include <string_view>

#include "integrators/methods/tableaux/butcher_record.hpp"

namespace tibench::tableaux {

struct PartitionedRecord {
  std::string_view id;
  std::string_view name;
  int stages;
  double A[kMaxStages][kMaxStages];      // positions
  double A_hat[kMaxStages][kMaxStages];  // velocities
  double b[kMaxStages];
  double b_hat[kMaxStages];
  MethodDeclaration declared;  // A-/L-stability on the damped oscillator (update matrix)
  std::string_view citation;
};

// Symplectic Euler, velocity first ("kick–drift"):
//   v_{n+1} = v_n + h M⁻¹ f(q_n, v_{n+1}),  q_{n+1} = q_n + h v_{n+1}.
// Explicit without damping. Its update matrix on m x'' = −k x is
// [[1 − ħ, h], [−hk/m, 1]] (You et al. App. C, Q^sym); stable iff ħ ≤ 4.
inline constexpr PartitionedRecord symplectic_euler_v{
    .id = "symplectic-euler-v",
    .name = "Symplectic Euler (velocity first)",
    .stages = 1,
    .A = {{0.0}},
    .A_hat = {{1.0}},
    .b = {1.0},
    .b_hat = {1.0},
    .declared = {.order = 1, .a_stable = false, .l_stable = false, .symplectic = true},
    .citation =
        "Hairer, Lubich & Wanner, Geometric Numerical Integration (2006), Sec. I.1.2 and "
        "VI.3; You, Zheng & Li, App. C (Q^sym)",
};

// Symplectic Euler, position first ("drift–kick"):
//   q_{n+1} = q_n + h v_n,  v_{n+1} = v_n + h M⁻¹ f(q_{n+1}, v_n).
inline constexpr PartitionedRecord symplectic_euler_q{
    .id = "symplectic-euler-q",
    .name = "Symplectic Euler (position first)",
    .stages = 1,
    .A = {{1.0}},
    .A_hat = {{0.0}},
    .b = {1.0},
    .b_hat = {1.0},
    .declared = {.order = 1, .a_stable = false, .l_stable = false, .symplectic = true},
    .citation =
        "Hairer, Lubich & Wanner, Geometric Numerical Integration (2006), Sec. I.1.2 and "
        "VI.3",
};

// Störmer–Verlet (Lobatto IIIA for positions, IIIB for velocities), the
// kick–drift–kick form:
//   v_{n+½} = v_n + h/2 M⁻¹ f(q_n, v_{n+½}),  q_{n+1} = q_n + h v_{n+½},
//   v_{n+1} = v_{n+½} + h/2 M⁻¹ f(q_{n+1}, v_{n+½}).
inline constexpr PartitionedRecord stormer_verlet{
    .id = "stormer-verlet",
    .name = "Stormer-Verlet (Lobatto IIIA-IIIB)",
    .stages = 2,
    .A = {{0.0, 0.0}, {0.5, 0.5}},
    .A_hat = {{0.5, 0.0}, {0.5, 0.0}},
    .b = {0.5, 0.5},
    .b_hat = {0.5, 0.5},
    .declared = {.order = 2, .a_stable = false, .l_stable = false, .symplectic = true},
    .citation =
        "L. Verlet, Phys. Rev. 159:98-103 (1967); Hairer, Lubich & Wanner, Geometric "
        "Numerical Integration (2006), Sec. I.1.4 and VI.3; coefficients: nodepy "
        "'LobattoIIIA2', Tempus 'RK Implicit 2 Stage 2nd order Lobatto IIIB'",
};

}  // namespace tibench::tableaux
