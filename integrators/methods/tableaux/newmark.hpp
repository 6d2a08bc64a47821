// The Newmark family, run by one engine (integrators/engines/newmark.hpp), as records
// whose coefficients are functions of their parameters:
//
//   newmark            (β, γ)      Newmark 1959; unconditionally stable iff
//                                  2β ≥ γ ≥ ½, second order iff γ = ½.
//   generalized-alpha  ρ∞ ∈ [0,1]  Chung & Hulbert 1993: α_m, α_f, β, γ from
//                                  ρ∞; second order, unconditionally stable,
//                                  spectral radius ρ∞ as h → ∞.
//
// The declaration is a function of the parameters too; the registry checks
// it against the update-matrix analysis at every point of `check_at` and at
// the defaults.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/parameters.hpp"
#include "integrators/engines/newmark.hpp"

namespace tibench::tableaux {

struct NewmarkRecord {
  std::string_view id, name;
  std::vector<ParamSpec> parameters;  // with their defaults
  NewmarkParameters (*coefficients)(const ParamSet&);
  MethodDeclaration (*declared)(const ParamSet&);
  std::vector<std::vector<std::string>> check_at;  // parameter assignments
  std::string_view citation;
};

inline NewmarkParameters newmark_coefficients(const ParamSet& p) {
  NewmarkParameters c;
  c.beta = p.real("beta");
  c.gamma = p.real("gamma");
  return c;
}

inline MethodDeclaration newmark_declared(const ParamSet& p) {
  const double beta = p.real("beta"), gamma = p.real("gamma");
  return {.order = gamma == 0.5 ? 2 : 1,
          .a_stable = 2 * beta >= gamma && gamma >= 0.5,
          .l_stable = false};
}

inline const NewmarkRecord newmark{
    .id = "newmark",
    .name = "Newmark (beta, gamma)",
    // The classical parameter domain (Hughes 1987 Sec. 9.1); gamma = 0
    // would drop the acceleration from the velocity update.
    .parameters = {real_param("beta", 0.25, "Newmark beta (0 is explicit)", Range::closed(0, 0.5)),
                   real_param("gamma", 0.5, "Newmark gamma", Range::open_closed(0, 1))},
    .coefficients = newmark_coefficients,
    .declared = newmark_declared,
    .check_at = {{"beta=0.25", "gamma=0.5"},
                 {"beta=0", "gamma=0.5"},
                 {"beta=0.3025", "gamma=0.6"},
                 {"beta=0.1", "gamma=0.5"}},
    .citation =
        "N.M. Newmark, A method of computation for structural dynamics, J. Eng. Mech. Div. "
        "ASCE 85(EM3):67-94 (1959); unconditional stability for 2 beta >= gamma >= 1/2 "
        "(e.g. Hughes, The Finite Element Method, 1987, Sec. 9.1)",
};

inline NewmarkParameters generalized_alpha_coefficients(const ParamSet& p) {
  return NewmarkParameters::generalized_alpha(p.real("rho_inf"));
}

inline MethodDeclaration generalized_alpha_declared(const ParamSet& p) {
  const double rho = p.real("rho_inf");
  return {.order = 2, .a_stable = true, .l_stable = rho == 0.0, .r_inf = rho};
}

inline const NewmarkRecord generalized_alpha{
    .id = "generalized-alpha",
    .name = "Generalized-alpha (Chung-Hulbert, rho_inf)",
    .parameters = {real_param("rho_inf", 0.9, "spectral radius of the step at h -> infinity",
                              Range::closed(0, 1))},
    .coefficients = generalized_alpha_coefficients,
    .declared = generalized_alpha_declared,
    .check_at = {{"rho_inf=0"}, {"rho_inf=0.5"}, {"rho_inf=0.9"}, {"rho_inf=1"}},
    .citation =
        "J. Chung & G.M. Hulbert, A time integration algorithm for structural dynamics "
        "with improved numerical dissipation: the generalized-alpha method, J. Appl. Mech. "
        "60(2):371-375 (1993): alpha_m, alpha_f, gamma, beta in terms of the spectral "
        "radius at infinity rho_inf",
};

}  // namespace tibench::tableaux
