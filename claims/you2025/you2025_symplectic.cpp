// Sub-claims of Y-T0 (You, Zheng & Li §§3.1–3.2) on the symplecticity
// conditions and BDF2, beside the θ-method facts of you2025.cpp:
//
//   Y-T0.rk-condition   "For a Runge-Kutta method to be symplectic, it is
//       sufficient to have bᵀA + Aᵀb = bbᵀ" (read b_i a_ij + b_j a_ji =
//       b_i b_j) and "even the trapezoidal method is not symplectic".
//   Y-T0.prk-condition  A partitioned pair (A, b), (C, d) "is symplectic if
//       b = d and bᵀC + Aᵀd = bdᵀ"; symplectic Euler and Störmer–Verlet are
//       such pairs.
//   Y-T0.bdf2           Eq. 3, z_{n+1} = z_n + ⅔ h f(z_{n+1}) + ⅓(z_n −
//       z_{n−1}), applied to x and v alike (a definition: it confirms that
//       the registry's bdf2 is the paper's).
//
// Symplecticity is measured, not assumed: on the pendulum θ'' = −sin θ
// (a nonlinear Hamiltonian system with unit mass, so (θ, θ') are canonical)
// one step's Jacobian is taken by central differences at random states;
// a symplectic map of the plane has det = 1. Every registry method whose
// symplecticity the registry computes from its coefficients (Runge–Kutta
// and partitioned families) is stepped, so new methods are covered. Both
// condition checks apply ClaimContext::scene_overrides to the pendulum.
#include <algorithm>
#include <cmath>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"
#include "core/random.hpp"

namespace tibench {
namespace {

using claims::step_once;

constexpr double kSymplecticStep = 0.5;
constexpr double kDelta = 1e-4;  // central-difference increment
constexpr double kPreserves = 1e-6, kViolates = 1e-4;

std::vector<std::string> tight_solves(const IntegratorInfo& info) {
  for (const ParamSpec& spec : info.param_specs)
    if (spec.name == "newton_tol") return {"newton_tol=1e-13"};
  return {};
}

State one_step(const IntegratorInfo& info, const Problem& p, double q, double v) {
  // A fresh stepper per step: no cached stage data (FSAL) crosses states.
  auto st = info.stepper(p, kSymplecticStep, tight_solves(info));
  return step_once(*st, State{Vec::Constant(1, q), Vec::Constant(1, v), 0.0});
}

// max over random states of |det Dφ_h − 1| on the pendulum.
double area_defect(const IntegratorInfo& info, const std::vector<std::string>& scene, int states) {
  const auto p = make_problem("pendulum", scene);
  SplitMix64 rng(17);
  double worst = 0;
  for (int k = 0; k < states; ++k) {
    const double q = rng.uniform(-2.0, 2.0), v = rng.uniform(-1.0, 1.0);
    const State qp = one_step(info, *p, q + kDelta, v), qm = one_step(info, *p, q - kDelta, v);
    const State vp = one_step(info, *p, q, v + kDelta), vm = one_step(info, *p, q, v - kDelta);
    const double a = (qp.q[0] - qm.q[0]) / (2 * kDelta), b = (vp.q[0] - vm.q[0]) / (2 * kDelta);
    const double c = (qp.v[0] - qm.v[0]) / (2 * kDelta), d = (vp.v[0] - vm.v[0]) / (2 * kDelta);
    worst = std::max(worst, std::abs(a * d - b * c - 1));
  }
  return worst;
}

struct ConditionScan {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  int satisfied = 0;
  std::string failures;  // methods satisfying the condition whose map is not symplectic
  double trapezoidal_defect = NAN;
};

ConditionScan condition_scan(bool partitioned, const ClaimContext& ctx, int states) {
  ConditionScan s;
  for (const IntegratorInfo& info : integrator_registry()) {
    if ((info.family == "partitioned-rk") != partitioned || !info.computed().symplectic) continue;
    if (!partitioned && !info.tableau_properties) continue;
    const bool condition = *info.computed().symplectic;
    const double defect = area_defect(info, ctx.scene_overrides, states);
    s.rows.push_back({{"method", info.id}, {"condition", condition}, {"area_defect", defect}});
    if (info.id == "trapezoidal") s.trapezoidal_defect = defect;
    if (!condition) continue;
    ++s.satisfied;
    if (defect > kPreserves) s.failures += (s.failures.empty() ? "" : ", ") + info.id;
  }
  return s;
}

void describe_scan(ClaimResult& r, const ConditionScan& s, int states) {
  r.tolerance =
      "symplectic: |det D phi - 1| <= 1e-6 (central differences, increment 1e-4, "
      "Newton tolerance 1e-13); not symplectic: > 1e-4";
  r.measured = {{"states", states}, {"step", kSymplecticStep}, {"methods", s.rows}};
}

ClaimResult rk_condition(const ClaimContext& ctx) {
  const int states = ctx.fast() ? 3 : 12;
  const ConditionScan s = condition_scan(false, ctx, states);
  ClaimResult r;
  r.expected =
      "every tableau with b_i a_ij + b_j a_ji = b_i b_j steps area-preserving; the "
      "trapezoidal rule does not";
  r.interpretation =
      "registry Runge-Kutta tableaux (explicit-rk, dirk; condition computed from the "
      "coefficients), one step h = 0.5 on the pendulum theta'' = -sin theta from random states";
  describe_scan(r, s, states);
  r.measured["trapezoidal_area_defect"] = s.trapezoidal_defect;
  const bool sufficient = s.satisfied > 0 && s.failures.empty();
  const bool trapezoidal_not = s.trapezoidal_defect > kViolates;
  r.status = sufficient && trapezoidal_not ? Verdict::reproduced : Verdict::refuted;
  r.summary = std::to_string(s.satisfied) + " tableaux satisfy the condition" +
              (s.failures.empty() ? ", all area-preserving" : "; not preserving: " + s.failures) +
              "; trapezoidal |det - 1| = " + claims::short_real(s.trapezoidal_defect);
  // "Not symplectic" names no size: the defect that counts is swept.
  std::vector<claims::SweepPoint> cut_off;
  for (const double violates : {1e-5, kViolates, 1e-3})
    cut_off.push_back(
        {"|det - 1| > " + claims::short_real(violates),
         sufficient && s.trapezoidal_defect > violates ? Verdict::reproduced : Verdict::refuted});
  claims::judge_unstated(
      r, {{"the area defect that is \"not symplectic\"", "|det D phi - 1| > 1e-5 .. 1e-3",
           "Sec. 3.2 states the property, not a size; from ten times the finite-difference "
           "noise of the symplectic tableaux (<= 1e-6) to a defect visible in a phase portrait",
           cut_off}});
  return r;
}

ClaimResult prk_condition(const ClaimContext& ctx) {
  const int states = ctx.fast() ? 3 : 12;
  const ConditionScan s = condition_scan(true, ctx, states);
  ClaimResult r;
  r.expected = "every pair with b = d and b_i c_ij + d_j a_ji = b_i d_j steps area-preserving";
  r.interpretation =
      "registry partitioned pairs (condition computed from the coefficients), one step h = 0.5 "
      "on the pendulum from random states";
  describe_scan(r, s, states);
  r.status = s.satisfied > 0 && s.failures.empty() ? Verdict::reproduced : Verdict::refuted;
  r.summary = std::to_string(s.satisfied) + " pairs satisfy the condition" +
              (s.failures.empty() ? ", all area-preserving" : "; not preserving: " + s.failures);
  return r;
}

// Eq. 3 residual of the registry's bdf2 after its starting step.
ClaimResult bdf2_equation(const ClaimContext&) {
  const auto p = make_problem("pendulum", {"theta0=1.5"});
  const double h = 0.1;
  auto st = claims::stepper("bdf2", *p, h, {"newton_tol=1e-13"});
  std::vector<State> z{p->initial_state()};
  for (int n = 0; n < 20; ++n) z.push_back(step_once(*st, z.back()));
  double worst = 0;
  for (std::size_t n = 1; n + 1 < z.size(); ++n) {
    const State &a = z[n - 1], &b = z[n], &c = z[n + 1];
    const double rq = c.q[0] - b.q[0] - 2 * h / 3 * c.v[0] - (b.q[0] - a.q[0]) / 3;
    const double rv = c.v[0] - b.v[0] + 2 * h / 3 * std::sin(c.q[0]) - (b.v[0] - a.v[0]) / 3;
    worst = std::max({worst, std::abs(rq), std::abs(rv)});
  }
  ClaimResult r;
  r.expected = "the registry's bdf2 satisfies Eq. 3 in x and v";
  r.tolerance = "max residual <= 1e-10";
  r.interpretation = "20 steps of h = 0.1 on the pendulum from theta = 1.5; steps 2..20";
  r.measured = {{"max_eq3_residual", worst}};
  r.status = worst <= 1e-10 ? Verdict::reproduced : Verdict::refuted;
  r.summary = "Eq. 3 residual " + claims::short_real(worst);
  return r;
}

}  // namespace

std::vector<ClaimCheck> you2025_symplectic_claims() {
  return {
      ClaimCheck{"Y-T0.rk-condition", kPaperYou2025,
                 "Sec. 3.2: a Runge-Kutta method is symplectic if b^T A + A^T b = b b^T; even "
                 "the trapezoidal method is not symplectic",
                 rk_condition}
          .flips_with({"g=0"}, Verdict::refuted,
                      "without gravity the pendulum is a free rotor, a linear system, on which "
                      "the trapezoidal rule preserves area: \"even the trapezoidal method is "
                      "not symplectic\" is then not seen"),
      {"Y-T0.prk-condition", kPaperYou2025,
       "Sec. 3.2: a partitioned Runge-Kutta pair (A, b), (C, d) is symplectic if b = d and "
       "b^T C + A^T d = b d^T (symplectic Euler and Stormer-Verlet are such pairs)",
       prk_condition,
       "the condition is a theorem (Sanz-Serna & Calvo 1994, Sec. 6.3) sampled on the registry's "
       "pairs that meet it, and whether symplectic Euler and Stormer-Verlet meet it is algebra of "
       "their coefficients: only a coding error can fail it"},
      {"Y-T0.bdf2", kPaperYou2025,
       "Sec. 3.1, Eq. 3: BDF2 is z_n+1 = z_n + 2/3 h f(z_n+1) + 1/3 (z_n - z_n-1), applied to x "
       "and v in the same manner",
       bdf2_equation,
       "the registry's bdf2 was written from Eq. 3; the check confirms the engine computes it"},
  };
}

}  // namespace tibench
