// Registry entries for BDF2 and the Newmark family: no scalar stability
// function and no tree theory for their second-order forms, so order, A- and
// L-stability come from the linear analysis of the update matrix (for BDF2
// the 4×4 matrix on (q_n, v_n, q_{n−1}, v_{n−1})).
#include <cmath>

#include "integrators/bdf2.hpp"
#include "integrators/families.hpp"
#include "integrators/linear_analysis.hpp"
#include "integrators/newmark.hpp"
#include "integrators/runge_kutta.hpp"
#include "integrators/tableaux/dirk.hpp"

namespace tibench {

namespace {

// Order, A/L-stability and r_inf from the linear analysis at `params`.
void linear_properties(IntegratorInfo& info, const ParamSet& params) {
  apply_linear_analysis(info, stepper_maker(info, params), "linear analysis");
}

const tableaux::ButcherRecord& starter_record(const std::string& id) {
  for (const tableaux::ButcherRecord* r :
       {&tableaux::backward_euler, &tableaux::sdirk2, &tableaux::trapezoidal, &tableaux::tr_bdf2})
    if (r->id == id) return *r;
  throw std::logic_error("unknown BDF2 starter " + id);
}

// The linear analysis of `info` at the parameters `assignments`, checked
// against `declared` (order, A- and L-stability) and then `extra`; a
// mismatch names the parameters (`where`).
template <class Extra>
void check_at(const IntegratorInfo& info, const std::vector<std::string>& assignments,
              const MethodDeclaration& declared, const std::string& where, Extra extra) {
  IntegratorInfo probe = info;
  linear_properties(probe, integrator_params(info, assignments));
  probe.declared.order = declared.order;
  probe.declared.a_stable = declared.a_stable;
  probe.declared.l_stable = declared.l_stable;
  try {
    check_declaration(probe);
    extra(probe.computed);
  } catch (const RegistryError& e) {
    throw RegistryError(std::string(e.what()) + " (at " + where + ")");
  }
}

}  // namespace

IntegratorInfo bdf2_entry() {
  IntegratorInfo info;
  info.id = "bdf2";
  info.name = "BDF2 (second-order form)";
  info.family = "multistep";
  info.citation =
      "C.F. Curtiss & J.O. Hirschfelder, PNAS 38:235-243 (1952); C.W. Gear (1971); second-order "
      "form as in You, Zheng & Li Eq. (3); A-stability: Hairer & Wanner, Solving ODEs II, Ch. V";
  info.stages = 1;
  info.param_specs = {choice_param("starter", "backward-euler",
                                   {"backward-euler", "sdirk2", "trapezoidal", "tr-bdf2"},
                                   "one-step method for the first step")};
  for (auto& spec : NewtonOptions::param_specs()) info.param_specs.push_back(spec);
  info.make = [](const Problem& p, double h, const ParamSet& params) {
    const NewtonOptions newton = NewtonOptions::from_params(params);
    auto starter = std::make_unique<RungeKuttaStepper>(
        p, ButcherTableau::from_record(starter_record(params.choice("starter"))), h, newton);
    return std::make_unique<Bdf2Stepper>(p, h, newton, std::move(starter));
  };
  linear_properties(info, integrator_params(info));
  info.declared.order = 2;
  info.declared.a_stable = true;
  info.nominal_order = 2;
  check_declaration(info);
  return info;
}

IntegratorInfo newmark_entry() {
  IntegratorInfo info;
  info.id = "newmark";
  info.name = "Newmark (beta, gamma)";
  info.family = "newmark";
  info.citation =
      "N.M. Newmark, A method of computation for structural dynamics, J. Eng. Mech. Div. ASCE "
      "85(EM3):67-94 (1959); unconditional stability for 2 beta >= gamma >= 1/2 (e.g. Hughes, The "
      "Finite Element Method, 1987, Sec. 9.1)";
  info.stages = 1;
  info.param_specs = {
      // The classical parameter domain (Hughes 1987 Sec. 9.1); gamma = 0
      // would drop the acceleration from the velocity update.
      real_param("beta", 0.25, "Newmark beta (0 is explicit)", Range::closed(0, 0.5)),
      real_param("gamma", 0.5, "Newmark gamma", Range::open_closed(0, 1))};
  for (auto& spec : NewtonOptions::param_specs()) info.param_specs.push_back(spec);
  info.make = [](const Problem& p, double h, const ParamSet& params) {
    NewmarkParameters newmark;
    newmark.beta = params.real("beta");
    newmark.gamma = params.real("gamma");
    return std::make_unique<NewmarkStepper>(p, h, newmark, NewtonOptions::from_params(params));
  };
  // The classical statements, checked on a grid of (β, γ) including the
  // default: order 2 iff γ = ½, unconditionally stable iff 2β ≥ γ ≥ ½, and
  // never L-stable at these points (ρ∞ > 0).
  const std::pair<double, double> grid[] = {{0.25, 0.5}, {0.0, 0.5}, {0.3025, 0.6}, {0.1, 0.5}};
  for (auto [beta, gamma] : grid) {
    MethodDeclaration declared;
    declared.order = gamma == 0.5 ? 2 : 1;
    declared.a_stable = 2 * beta >= gamma && gamma >= 0.5;
    declared.l_stable = false;
    check_at(info, {"beta=" + format_real(beta), "gamma=" + format_real(gamma)}, declared,
             "beta = " + format_real(beta) + ", gamma = " + format_real(gamma),
             [](const MethodProperties&) {});
  }
  linear_properties(info, integrator_params(info));
  info.declared.order = 2;
  info.declared.a_stable = true;
  info.declared.l_stable = false;
  info.nominal_order = 2;
  check_declaration(info);
  return info;
}

IntegratorInfo generalized_alpha_entry() {
  IntegratorInfo info;
  info.id = "generalized-alpha";
  info.name = "Generalized-alpha (Chung-Hulbert, rho_inf)";
  info.family = "newmark";
  info.citation =
      "J. Chung & G.M. Hulbert, A time integration algorithm for structural dynamics with "
      "improved numerical dissipation: the generalized-alpha method, J. Appl. Mech. 60(2):371-375 "
      "(1993): alpha_m, alpha_f, gamma, beta in terms of the spectral radius at infinity rho_inf";
  info.stages = 1;
  info.param_specs = {real_param("rho_inf", 0.9, "spectral radius of the step at h -> infinity",
                                 Range::closed(0, 1))};
  for (auto& spec : NewtonOptions::param_specs()) info.param_specs.push_back(spec);
  info.make = [](const Problem& p, double h, const ParamSet& params) {
    return std::make_unique<NewmarkStepper>(
        p, h, NewmarkParameters::generalized_alpha(params.real("rho_inf")),
        NewtonOptions::from_params(params));
  };
  // Chung & Hulbert's claims, checked over the parameter's range: second
  // order, unconditionally stable, and a spectral radius at infinity equal
  // to rho_inf (so L-stable only at rho_inf = 0).
  for (double rho : {0.0, 0.5, 0.9, 1.0}) {
    MethodDeclaration declared;
    declared.order = 2;
    declared.a_stable = true;
    declared.l_stable = rho == 0.0;
    check_at(info, {"rho_inf=" + format_real(rho)}, declared, "rho_inf = " + format_real(rho),
             [rho](const MethodProperties& computed) {
               if (!(std::abs(computed.r_inf - rho) <= 1e-3))
                 throw RegistryError("generalized-alpha: computed spectral radius at infinity " +
                                     format_real(computed.r_inf) + " differs from rho_inf");
             });
  }
  linear_properties(info, integrator_params(info));
  info.declared.order = 2;
  info.declared.a_stable = true;
  info.declared.l_stable = false;
  info.nominal_order = 2;
  check_declaration(info);
  return info;
}

}  // namespace tibench
