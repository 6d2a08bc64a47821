// Rosenbrock methods in Hairer–Wanner form (Solving ODEs II, §IV.7):
//
//   (I − hγJ) k_i = h f(t_n + α_i h, y_n + Σ_{j<i} α_ij k_j) + hJ Σ_{j<i} γ_ij k_j + γ_i h² f_t,
//   y_{n+1} = y_n + Σ b_i k_i,   ŷ_{n+1} = y_n + Σ b̂_i k_i,
//
// with α_i = Σ_j α_ij, γ_i = Σ_{j≤i} γ_ij and γ_ii = γ. The engine
// (integrators/engines/rosenbrock.hpp) runs the equivalent transformed form on the
// second-order system. Order conditions: the rooted trees with B = α + Γ on
// vertices with exactly one child and α elsewhere; R(z) = 1 + z bᵀ(I − zB)⁻¹e.
//
// Coefficients were cross-checked against their public sources to full
// precision (digits as printed by PETSc rosw.c, OrdinaryDiffEq
// rosenbrock_tableaus.jl and MESA mod_rosenbrock.f; see each citation); the
// HW forms of ROS3PL and ROS3PRL2 are exact conversions of the transformed
// tables those sources print.
#pragma once

#include <string_view>

#include "integrators/methods/tableaux/butcher_record.hpp"
#include "integrators/methods/tableaux/constexpr_math.hpp"

namespace tibench::tableaux {

struct RosenbrockRecord {
  std::string_view id;
  std::string_view name;
  int stages;
  double alpha[kMaxStages][kMaxStages];  // strictly lower triangular
  double Gamma[kMaxStages][kMaxStages];  // lower triangular, diagonal γ
  double b[kMaxStages];
  double b_hat[kMaxStages];
  MethodDeclaration declared;
  std::string_view citation;
};

// ROS2 (Verwer, Spee, Blom & Hundsdorfer 1999), γ = 1 + √2/2.
inline constexpr double ros2_gamma = 1.0 + csqrt(2.0) / 2.0;
inline constexpr RosenbrockRecord ros2{
    .id = "ros2",
    .name = "ROS2 (Verwer et al.)",
    .stages = 2,
    .alpha = {{0.0}, {1.0}},
    .Gamma = {{ros2_gamma}, {-2.0 * ros2_gamma, ros2_gamma}},
    .b = {0.5, 0.5},
    .b_hat = {1.0, 0.0},
    .declared = {.order = 2, .embedded_order = 1, .a_stable = true, .l_stable = true},
    .citation =
        "J.G. Verwer, E.J. Spee, J.G. Blom, W. Hundsdorfer, SIAM J. Sci. Comput. "
        "20(4):1456-1480 (1999); coefficients: PETSc rosw.c TSROSW2P (L-stable claim)",
};

// ROS3P (Lang & Verwer 2001), γ = ½ + √3/6: A-stable, R(∞) = 1 − √3.
inline constexpr double ros3p_gamma = 0.5 + csqrt(3.0) / 6.0;
inline constexpr RosenbrockRecord ros3p{
    .id = "ros3p",
    .name = "ROS3P (Lang & Verwer)",
    .stages = 3,
    .alpha = {{0.0}, {1.0}, {1.0, 0.0}},
    .Gamma = {{ros3p_gamma},
              {-1.0, ros3p_gamma},
              {-ros3p_gamma, 0.5 - 2.0 * ros3p_gamma, ros3p_gamma}},
    .b = {2.0 / 3.0, 0.0, 1.0 / 3.0},
    .b_hat = {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0},
    .declared =
        {
            .order = 3,
            .embedded_order = 2,
            .stiffly_accurate = false,
            .a_stable = true,
        },
    .citation =
        "J. Lang & J.G. Verwer, ROS3P - an accurate third-order Rosenbrock solver designed "
        "for parabolic problems, BIT 41(4):731-738 (2001); coefficients: MESA ros3p_coeffs, "
        "OrdinaryDiffEq ROS3PRodasTableau (closed form)",
};

// ROS3PL (Lang & Teleaga 2008): HW form converted exactly from MESA's
// transformed 16-digit table (ros3pl_coeffs); γ = 0.435866521508459.
inline constexpr RosenbrockRecord ros3pl{
    .id = "ros3pl",
    .name = "ROS3PL (Lang & Teleaga)",
    .stages = 4,
    .alpha = {{0.0},
              {0.50000000000000006},
              {0.49999999999999977, 0.50000000000000006},
              {0.49999999999999977, 0.50000000000000006, 0.0}},
    .Gamma = {{0.435866521508459},
              {-0.50000000000000005, 0.435866521508459},
              {-0.85097400486061011, 0.52613565586465610, 0.435866521508459},
              {-0.33333333333333348, 0.16666666666666674, -0.26919985484179231, 0.435866521508459}},
    .b = {0.16666666666666630, 0.66666666666666680, -0.26919985484179231, 0.435866521508459},
    .b_hat = {0.49999999999999953, 0.35206357511123679, -0.17403160872870654, 0.32196803361747014},
    .declared = {.order = 3,
                 .embedded_order = 2,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true},
    .citation =
        "J. Lang & D. Teleaga, IEEE Trans. Magn. 44(6):1238-1241 (2008); properties as "
        "stated by Loeschner et al. 2020 Sec. 5.2; coefficients: MESA num/private/"
        "mod_rosenbrock.f ros3pl_coeffs (@1117217), converted to HW form",
};

// ROS3PRL2 (Rang 2015): HW form converted exactly from OrdinaryDiffEq's
// ROS3PRL2RodasTableau (γ = 0.435866521508459). Its stability is not stated
// in the literature (Löschner et al. 2020 §5.2): computed, not declared.
inline constexpr RosenbrockRecord ros3prl2{
    .id = "ros3prl2",
    .name = "ROS3PRL2 (Rang)",
    .stages = 4,
    .alpha = {{0.0},
              {1.3075995645253801},
              {0.50000000000000009, 0.50000000000000006},
              {0.50000000000000009, 0.50000000000000006, 0.0}},
    .Gamma = {{0.435866521508459},
              {-1.3075995645253800, 0.435866521508459},
              {-0.70988575860972211, -0.55996735960277804, 0.435866521508459},
              {-0.15550856807552147, -0.95388516575112222, 0.67352721231818412, 0.435866521508459}},
    .b = {0.34449143192447871, -0.45388516575112211, 0.67352721231818412, 0.435866521508459},
    .b_hat = {0.49999999999999968, -0.25738812086522103, 0.43542008724775003, 0.32196803361746999},
    .declared =
        {
            .order = 3,
            .embedded_order = 2,
            .stiffly_accurate = true,
        },
    .citation =
        "J. Rang, Improved traditional Rosenbrock-Wanner methods for stiff ODEs and DAEs, J. "
        "Comput. Appl. Math. 286:128-144 (2015); coefficients: OrdinaryDiffEq.jl "
        "rosenbrock_tableaus.jl ROS3PRL2RodasTableau (@236da04), converted to HW form",
};

// ROS34PW2 (Rang & Angermann 2005): a third-order Rosenbrock-W method; HW
// form as printed by PETSc (TSROSWRA34PW2).
inline constexpr RosenbrockRecord ros34pw2{
    .id = "ros34pw2",
    .name = "ROS34PW2 (Rang & Angermann)",
    .stages = 4,
    .alpha = {{0.0},
              {0.87173304301691801},
              {0.84457060015369423, -0.11299064236484185},
              {0.0, 0.0, 1.0}},
    .Gamma = {{0.43586652150845900},
              {-0.87173304301691801, 0.43586652150845900},
              {-0.90338057013044082, 0.054180672388095326, 0.43586652150845900},
              {0.24212380706095346, -1.2232505839045147, 0.54526025533510214, 0.43586652150845900}},
    .b = {0.24212380706095346, -1.2232505839045147, 1.5452602553351020, 0.43586652150845900},
    .b_hat = {0.37810903145819369, -0.096042292212423178, 0.5, 0.21793326075422950},
    .declared = {.order = 3,
                 .embedded_order = 2,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true},
    .citation =
        "J. Rang & L. Angermann, New Rosenbrock W-methods of order 3 for PDAEs of index 1, "
        "BIT 45(4):761-787 (2005); coefficients and L-stability claim: PETSc "
        "src/ts/impls/rosw/rosw.c TSROSWRA34PW2 (@8b22ec5)",
};

// RODAS3 (Sandu et al. 1997), γ = ½, exact rationals.
inline constexpr RosenbrockRecord rodas3{
    .id = "rodas3",
    .name = "RODAS3 (Sandu et al.)",
    .stages = 4,
    .alpha = {{0.0}, {0.0}, {1.0, 0.0}, {0.75, -0.25, 0.5}},
    .Gamma = {{0.5}, {1.0, 0.5}, {-0.25, -0.25, 0.5}, {1.0 / 12.0, 1.0 / 12.0, -2.0 / 3.0, 0.5}},
    .b = {5.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0, 0.5},
    .b_hat = {0.75, -0.25, 0.5, 0.0},
    .declared = {.order = 3,
                 .embedded_order = 2,
                 .stiffly_accurate = true,
                 .a_stable = true,
                 .l_stable = true},
    .citation =
        "A. Sandu, J.G. Verwer, J.G. Blom, E.J. Spee, G.R. Carmichael, F.A. Potra, Atmos. "
        "Environ. 31(20):3459-3472 (1997); coefficients and claims: PETSc rosw.c "
        "TSROSWRODAS3",
};

}  // namespace tibench::tableaux
