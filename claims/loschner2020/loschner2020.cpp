// Claims of Löschner, Longva, Jeske, Kugelstadt & Bender 2020, "Higher-Order
// Time Integration for Deformable Solids", CGF, with ids as in
// `tibench list claims`
//
//   L-T1.<method>  Secs. 5.1–5.2: the stated properties of each method the
//                  paper uses (stages/order, stiff accuracy, A-, L- and
//                  algebraic stability, W-method), computed from the
//                  registry's coefficients.
//   L-T2           "TR-BDF2(B) [γ = ½] is not L-stable", on the γ = ½
//                  tableau and on Bathe's composite scheme as written
//                  (perturbed: the ρ∞-Bathe member with R(∞) = ρ∞).
//
// L's definition of L-stability (Sec. 1): the stability function "decays to
// 0 as the time step goes to infinity"; the checks report R(∞) and the
// A-stability samples separately so either reading can be judged.
#include <cmath>
#include <complex>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "integrators/analysis/tableau_properties.hpp"
#include "integrators/engines/rosenbrock.hpp"
#include "integrators/methods/butcher_tableau.hpp"
#include "integrators/methods/families.hpp"
#include "integrators/methods/registry.hpp"

namespace tibench {
namespace {

struct Expectation {
  std::string property;
  std::string claimed;
  std::string computed;
  bool holds;
};

ClaimResult verdict_from(const std::vector<Expectation>& rows, const std::string& interpretation) {
  ClaimResult r;
  r.tolerance =
      "coefficient identities 1e-12; |R| <= 1 + 1e-10 on the sampled axis/half-plane; "
      "R(inf) = 0 within 1e-10";
  r.interpretation = interpretation;
  r.measured = nlohmann::ordered_json::object();
  bool all = true;
  std::string failed;
  for (const auto& e : rows) {
    r.measured[e.property] = {{"claimed", e.claimed}, {"computed", e.computed}, {"holds", e.holds}};
    r.expected += (r.expected.empty() ? "" : "; ") + e.property + ": " + e.claimed;
    if (!e.holds) failed += (failed.empty() ? "" : ", ") + e.property;
    all = all && e.holds;
  }
  r.status = all ? Verdict::reproduced : Verdict::refuted;
  r.summary = all ? "every stated property holds" : "does not hold: " + failed;
  return r;
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

// The properties of the registry's tableau, or, under a perturbation
// (ClaimContext::scene_overrides) "aIJ=VALUE", of the tableau whose entry
// A(I, J) (1-based) is VALUE: the check computes the properties from the
// coefficients it is given, so a changed coefficient must move them.
TableauProperties perturbed_properties(const IntegratorInfo& info, const ClaimContext& ctx) {
  if (ctx.scene_overrides.empty()) return *info.tableau_properties;
  ButcherTableau t = *info.tableau;
  const auto n = t.A.rows();
  const std::string accepted = "aIJ=VALUE with I, J in 1.." + std::to_string(n);
  for (const std::string& o : ctx.scene_overrides) {
    double value = 0;
    const auto eq = o.find('=');
    const bool shape = eq == 3 && o[0] == 'a' && o[1] >= '1' && o[1] < '1' + n && o[2] >= '1' &&
                       o[2] < '1' + n && parse_real(o.substr(4), value);
    if (!shape)
      throw InputError("L-T1." + info.id + ": invalid input '" + o + "' (accepted: " + accepted +
                       ")");
    t.A(o[1] - '1', o[2] - '1') = value;
  }
  return compute_properties(ButcherTableau::from_matrices(info.id + "-perturbed", t.A, t.b));
}

// The stated properties of a Butcher-tableau method of the registry.
ClaimCheck tableau_claim(const std::string& id, int stages, int order,
                         std::optional<bool> stiffly_accurate, std::optional<bool> a_stable,
                         std::optional<bool> l_stable, std::optional<bool> algebraically_stable,
                         const std::string& statement) {
  return {
      "L-T1." + id, kPaperLoschner2020, statement, [=](const ClaimContext& ctx) {
        const IntegratorInfo& info = find_integrator(id);
        const TableauProperties t = perturbed_properties(info, ctx);
        std::vector<Expectation> rows;
        rows.push_back(
            {"stages", std::to_string(stages), std::to_string(info.stages), info.stages == stages});
        rows.push_back({"order", std::to_string(order), std::to_string(t.order), t.order == order});
        if (stiffly_accurate)
          rows.push_back({"stiffly_accurate", yes_no(*stiffly_accurate), yes_no(t.stiffly_accurate),
                          t.stiffly_accurate == *stiffly_accurate});
        if (a_stable)
          rows.push_back({"a_stable", yes_no(*a_stable),
                          yes_no(t.a_stable) +
                              " (sup|R(iy)| = " + format_real(t.max_abs_r_imag_axis) +
                              ", sup over left half-plane samples = " +
                              format_real(t.max_abs_r_left_half_plane) + ")",
                          t.a_stable == *a_stable});
        if (l_stable)
          rows.push_back({"l_stable", yes_no(*l_stable),
                          yes_no(t.l_stable) + " (R(inf) = " + format_real(t.r_inf) + ")",
                          t.l_stable == *l_stable});
        if (algebraically_stable)
          rows.push_back({"algebraically_stable", yes_no(*algebraically_stable),
                          yes_no(t.algebraically_stable) + " (min eig(BA + A'B - bb') = " +
                              format_real(t.algebraic_min_eigenvalue) +
                              ", min b = " + format_real(t.min_weight) + ")",
                          t.algebraically_stable == *algebraically_stable});
        return verdict_from(rows, "tableau of registry entry '" + id + "' (" + info.citation +
                                      "); properties computed from (A, b)");
      }};
}

// ROS3PL's properties, computed from its coefficients as the registry
// computes them: classical order from the Rosenbrock trees, linear
// stability from the RK tableau (alpha + Gamma, b) it is on y' = lambda y.
struct RosenbrockFacts {
  int stages, order, w_order;
  TableauProperties linear;
};

RosenbrockFacts rosenbrock_facts(const RosenbrockTableau& t) {
  ButcherTableau linear = ButcherTableau::from_matrices("ros3pl", t.alpha + t.Gamma, t.b);
  linear.precision = t.precision;
  return {t.stages(), rosenbrock_classical_order(t, t.b, 4), rosenbrock_w_order(t, t.b, 4),
          compute_properties(linear)};
}

// ROS3PL's tableau, or under a perturbation (ClaimContext::scene_overrides)
// "gammaIJ=VALUE" / "alphaIJ=VALUE" (1-based) the tableau with that entry.
RosenbrockTableau ros3pl_tableau(const ClaimContext& ctx) {
  RosenbrockTableau t = RosenbrockTableau::from_record(tableaux::ros3pl);
  const auto n = t.stages();
  for (const std::string& o : ctx.scene_overrides) {
    const bool gamma = o.rfind("gamma", 0) == 0, alpha = o.rfind("alpha", 0) == 0;
    double value = 0;
    const bool shape = (gamma || alpha) && o.size() > 8 && o[7] == '=' && o[5] >= '1' &&
                       o[5] < '1' + n && o[6] >= '1' && o[6] < '1' + n &&
                       parse_real(o.substr(8), value);
    if (!shape)
      throw InputError("L-T1.ros3pl: invalid input '" + o +
                       "' (accepted: gammaIJ=VALUE or alphaIJ=VALUE with I, J in 1.." +
                       std::to_string(n) + ")");
    (gamma ? t.Gamma : t.alpha)(o[5] - '1', o[6] - '1') = value;
  }
  return t;
}

// The rows of ROS3PL's claim with a W-method read as "W-order >= k".
std::vector<Expectation> ros3pl_rows(const RosenbrockFacts& f, int k) {
  const TableauProperties& lin = f.linear;
  return {
      {"stages", "4", std::to_string(f.stages), f.stages == 4},
      {"order", "3", std::to_string(f.order), f.order == 3},
      {"stiffly_accurate", "yes", yes_no(lin.stiffly_accurate), lin.stiffly_accurate},
      {"l_stable", "yes", yes_no(lin.l_stable) + " (R(inf) = " + format_real(lin.r_inf) + ")",
       lin.l_stable},
      {"w_method_order_" + std::to_string(k),
       "a W-method (inexact Jacobians allowed) of order " + std::to_string(k),
       "W-order " + std::to_string(f.w_order), f.w_order >= k},
  };
}

ClaimResult ros3pl_claim(const ClaimContext& ctx) {
  const RosenbrockFacts facts = rosenbrock_facts(ros3pl_tableau(ctx));
  const int w_order = facts.w_order;
  const std::string reading =
      "coefficients of registry entry 'ros3pl' (MESA ros3pl_coeffs, converted to Hairer-Wanner "
      "form); 'W-method' read as: the order conditions up to the W-order hold for an arbitrary "
      "Jacobian approximation (Hairer & Wanner II Sec. IV.7)";
  // The paper calls ROS3PL a W-method without saying to which order the
  // W-conditions hold: read as W-order >= 1, 2 and 3 (the classical order).
  std::vector<claims::SweepPoint> sweep;
  for (int k = 1; k <= 3; ++k)
    sweep.push_back(
        {"W-order >= " + std::to_string(k), verdict_from(ros3pl_rows(facts, k), reading).status});
  ClaimResult r = verdict_from(ros3pl_rows(facts, 3), reading);
  r.measured["w_order"] = w_order;
  claims::judge_unstated(
      r, {{"the order of the W-method", "W-order 1 to 3",
           "Sec. 5.2 says the authors derived ROS3PL as a W-method permitting inexact Jacobians "
           "but not to which order the W-conditions hold; 3 is its classical order",
           sweep}});
  return r;
}

ClaimResult fgr97_unavailable(const std::string& id) {
  ClaimResult r;
  r.status = Verdict::inconclusive;
  r.summary = "coefficients of " + id +
              " (Franco, Gomez & Randez 1997) are not available from any public source found; the "
              "method is not in the registry";
  r.expected = "A-stable, order 3, dispersion order 4, dissipation order " +
               std::string(id == "SDIRK(3,3,4,5)" ? "5" : "7");
  r.tolerance = "n/a";
  r.interpretation = "no coefficients were guessed or reconstructed";
  r.measured = {{"coefficients_found", false}};
  return r;
}

// R(z) of one step of Bathe's composite scheme (a trapezoidal sub-step over
// h/2, then y_{n+1} = (4/3) y_{1/2} − (1/3) y_n + (h/3) f(y_{n+1})) on y' = λy.
// L-T2's perturbation (ClaimContext::scene_overrides): rho_inf=VALUE in
// [0, 1], R(∞) of the ρ∞-Bathe family (Noh & Bathe 2019) at γ = ½, whose
// second sub-step weights f at t, t + h/2, t + h by q0, q1, q0 with
// q1 = (ρ∞ + 1)/(ρ∞ + 3), q0 = (1 − q1)/2; ρ∞ = 0 is TR-BDF2(B).
double rho_inf(const ClaimContext& ctx) {
  double rho = 0;
  for (const std::string& o : ctx.scene_overrides)
    if (o.rfind("rho_inf=", 0) != 0 || !parse_real(o.substr(8), rho) || rho < 0 || rho > 1)
      throw InputError("L-T2: invalid input '" + o + "' (accepted: rho_inf=VALUE in [0, 1])");
  return rho;
}

// Bathe's composite scheme as written (ρ∞ = 0: (4/3 R½ − 1/3)/(1 − z/3)).
std::complex<double> bathe_family_R(std::complex<double> z, double rho) {
  const double q1 = (rho + 1) / (rho + 3), q0 = (1 - q1) / 2;
  const std::complex<double> half = (1.0 + z / 4.0) / (1.0 - z / 4.0);
  return (1.0 + z * q0 + z * q1 * half) / (1.0 - z * q0);
}

TableauProperties bathe_tableau(double rho) {
  if (rho == 0) return *find_integrator("tr-bdf2-bathe").tableau_properties;
  const double q1 = (rho + 1) / (rho + 3), q0 = (1 - q1) / 2;
  Eigen::MatrixXd A(3, 3);
  A << 0, 0, 0, 0.25, 0.25, 0, q0, q1, q0;
  return compute_properties(ButcherTableau::from_matrices("rho-inf-bathe", A, A.row(2)));
}

ClaimResult tr_bdf2_b_not_l_stable(const ClaimContext& ctx) {
  const double rho = rho_inf(ctx);
  const TableauProperties t = bathe_tableau(rho);
  const auto bathe_R = [rho](std::complex<double> z) { return bathe_family_R(z, rho); };
  double max_bathe_axis = 0, max_bathe_left = 0;
  const double pi = std::acos(-1.0);
  for (int k = 0; k <= 2000; ++k) {
    const double y = std::pow(10.0, -4.0 + 12.0 * k / 2000.0);
    max_bathe_axis = std::max(max_bathe_axis, std::abs(bathe_R({0.0, y})));
    for (int a = 1; a < 16; ++a)
      max_bathe_left =
          std::max(max_bathe_left, std::abs(bathe_R(std::polar(y, pi / 2 + pi / 2 * a / 16))));
  }
  nlohmann::ordered_json far = nlohmann::ordered_json::array();
  for (double x : {1e2, 1e4, 1e6, 1e8})
    far.push_back({{"z", -x},
                   {"abs_R_tableau", std::abs(t.R({-x, 0.0}))},
                   {"abs_R_bathe", std::abs(bathe_R({-x, 0.0}))}});
  // The two forms must be the same function; report the largest difference.
  double diff = 0;
  for (double x : {0.1, 1.0, 10.0, 100.0})
    for (double th : {0.5, 0.75, 1.0}) {
      const auto z = std::polar(x, pi * th);
      diff = std::max(diff, std::abs(t.R(z) - bathe_R(z)));
    }
  ClaimResult r;
  r.expected = "TR-BDF2(B) (gamma = 1/2) is not L-stable (citing Butcher & Chen 2000)";
  r.tolerance = "|R| <= 1 + 1e-10 (A-stability samples); |R(z)| -> 0 read at z = -1e8 (< 1e-6)";
  r.interpretation =
      "two forms tested: the gamma = 1/2 member of the TR-BDF2 family (registry 'tr-bdf2-bathe') "
      "and Bathe's composite scheme as written; L-stability as the paper defines it (R decays to 0 "
      "as the step grows) plus A-stability";
  r.measured = {{"tableau_r_inf", t.r_inf},
                {"tableau_a_stable", t.a_stable},
                {"tableau_sup_abs_R_imaginary_axis", t.max_abs_r_imag_axis},
                {"tableau_sup_abs_R_left_half_plane", t.max_abs_r_left_half_plane},
                {"bathe_sup_abs_R_imaginary_axis", max_bathe_axis},
                {"bathe_sup_abs_R_left_half_plane", max_bathe_left},
                {"max_difference_between_forms", diff},
                {"abs_R_towards_minus_infinity", far}};
  const bool l_stable = t.l_stable && max_bathe_axis <= 1 + 1e-10 && max_bathe_left <= 1 + 1e-10 &&
                        std::abs(bathe_R({-1e8, 0.0})) < 1e-6;
  r.status = l_stable ? Verdict::refuted : Verdict::reproduced;
  r.summary = l_stable
                  ? "both forms are A-stable with R(z) -> 0 (R(-1e8) = " +
                        format_real(std::abs(bathe_R({-1e8, 0.0}))) + "): TR-BDF2(B) is L-stable"
                  : "not L-stable: R(inf) = " + format_real(t.r_inf);
  return r;
}

}  // namespace

std::vector<ClaimCheck> loschner2020_claims() {
  std::vector<ClaimCheck> out{
      tableau_claim("sdirk2", 2, 2, true, std::nullopt, true, std::nullopt,
                    "Sec. 5.1: SDIRK2 (Alexander) is a two-stage, second-order method that is "
                    "stiffly accurate and L-stable [KC16]")
          .flips_with({"a22=0.5"}, Verdict::refuted,
                      "A(2,2) = 0.5 instead of gamma = 1 - 1/sqrt 2: the properties, computed from "
                      "the coefficients, lose order 2, stiff accuracy and L-stability"),
      tableau_claim("sdirk3", 3, 3, true, std::nullopt, true, std::nullopt,
                    "Sec. 5.1: SDIRK3 (Alexander) is a three-stage, third-order method that is "
                    "stiffly accurate and L-stable [KC16]")
          .flips_with({"a33=0.5"}, Verdict::refuted,
                      "A(3,3) = 0.5 instead of gamma: the properties, computed from the "
                      "coefficients, lose order 3, stiff accuracy and L-stability"),
      tableau_claim("tr-bdf2", 3, 2, std::nullopt, std::nullopt, true, std::nullopt,
                    "Sec. 5.1: TR-BDF2 is a three-stage second-order EDIRK; Banks et al. suggested "
                    "gamma = 2 - sqrt 2 and proved that the method is L-stable in this case")
          .flips_with({"a33=0.5"}, Verdict::refuted,
                      "A(3,3) = 0.5 instead of d = 1 - sqrt 2 / 2: the properties, computed from "
                      "the coefficients, lose order 2 and L-stability"),
      tableau_claim("sdirk-ncs23", 2, 3, false, true, std::nullopt, true,
                    "Sec. 5.1: SDIRK-NCS23 (two-stage, third-order) is algebraically stable and "
                    "A-stable, and not stiffly accurate [KC16]")
          .flips_with({"a11=0.5"}, Verdict::refuted,
                      "A(1,1) = 0.5 instead of (3 + sqrt 3)/6: the properties, computed from the "
                      "coefficients, lose order 3, A-stability and algebraic stability"),
      tableau_claim("sdirk-nc34", 3, 4, std::nullopt, true, std::nullopt, true,
                    "Sec. 5.1: SDIRK-NC34 (three-stage, fourth-order) is algebraically stable and "
                    "A-stable")
          .flips_with({"a11=0.5"}, Verdict::refuted,
                      "A(1,1) = 0.5 instead of its gamma: the properties, computed from the "
                      "coefficients, lose order 4, A-stability and algebraic stability"),
      {"L-T1.sdirk-3345", kPaperLoschner2020,
       "Sec. 5.1: SDIRK(3,3,4,5) [FGR97] has 3 stages, order 3, dispersion order 4, dissipation "
       "order 5 and is A-stable",
       [](const ClaimContext&) { return fgr97_unavailable("SDIRK(3,3,4,5)"); },
       "not computed: the coefficients are not in the registry, so the result is always "
       "inconclusive"},
      {"L-T1.sdirk-4347", kPaperLoschner2020,
       "Sec. 5.1: SDIRK(4,3,4,7) [FGR97] has 4 stages, order 3, dispersion order 4, dissipation "
       "order 7 and is A-stable",
       [](const ClaimContext&) { return fgr97_unavailable("SDIRK(4,3,4,7)"); },
       "not computed: the coefficients are not in the registry, so the result is always "
       "inconclusive"},
      ClaimCheck{"L-T1.ros3pl", kPaperLoschner2020,
                 "Sec. 5.2: ROS3PL is a four-stage, third-order method that is L-stable and "
                 "stiffly accurate; the authors derived it as a W-method that permits inexact "
                 "Jacobians",
                 ros3pl_claim}
          .flips_with({"gamma11=0.3"}, Verdict::refuted,
                      "Gamma(1,1) = 0.3 instead of ROS3PL's gamma: the properties, computed from "
                      "the coefficients, lose order 3, L-stability and the W-order"),
      ClaimCheck{"L-T2", kPaperLoschner2020,
                 "Sec. 5.1: the gamma = 1/2 variant TR-BDF2(B) introduced by Bathe is not "
                 "L-stable [BC00]",
                 tr_bdf2_b_not_l_stable}
          .flips_with({"rho_inf=0.5"}, Verdict::reproduced,
                      "the rho_inf-Bathe member with R(inf) = 0.5 (Noh & Bathe 2019; rho_inf = 0 "
                      "is TR-BDF2(B)): still A-stable and second order, but |R(-1e8)| = 0.5, "
                      "so not L-stable"),
  };
  return out;
}

}  // namespace tibench
