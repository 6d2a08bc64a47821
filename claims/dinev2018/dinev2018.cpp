// Claims of Dinev, Liu & Kavan 2018, "Stabilizing Integrators for Real-Time
// Physics", ACM TOG 37(1):9, with ids as in
// `tibench list claims`
//
//   D-A1           App. A, Eq. (43): forward Euler energy identity; H weakly
//                  increasing for convex E.
//   D-A1.nonconvex App. A remark: for nonconvex E forward Euler can decrease H.
//   D-B1           App. B, Eq. (45): backward Euler energy identity; H weakly
//                  decreasing for convex E, hence bounded by H₀.
//   D-S1           §3, Eqs. (8)–(13): implicit midpoint = BE(h/2) then FE(h/2);
//                  trapezoidal = FE(h/2) then BE(h/2).
//
// Every step is taken by the registry's integrators (forward-euler,
// backward-euler, implicit-midpoint, trapezoidal), so the checks exercise
// the same engines the benchmark runs.
#include <cmath>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/support.hpp"
#include "core/random.hpp"

namespace tibench {
namespace {

using claims::scale_of;
using claims::step_once;
using claims::stepper;

constexpr double kIdentityTol = 1e-12;  // relative, for identities evaluated in doubles
constexpr double kMonotoneTol = 1e-12;  // relative, H_{n+1} vs H_n

// A random convex instance (random-convex problem, random state and h).
struct ConvexSample {
  std::unique_ptr<Problem> problem;
  State state;
  double h;
};

ConvexSample convex_sample(SplitMix64& rng, int k) {
  const long n = 1 + k % 6;
  const double stiffness = rng.log_uniform(1e-2, 1e2);
  auto p = make_problem("random-convex", {"n=" + std::to_string(n), "seed=" + std::to_string(k + 1),
                                          "k=" + format_real(stiffness), "quartic=1"});
  State s = p->initial_state();
  s.q *= rng.uniform(0.1, 3.0);
  s.v *= rng.uniform(0.1, 3.0);
  const double h = rng.log_uniform(1e-4, 1.0);
  return {std::move(p), std::move(s), h};
}

// ½ gᵀ M⁻¹ g · h², the ‖h M⁻¹ g‖²_M / 2 term of Eqs. (43) and (45).
double half_h2_norm(const Problem& p, const Vec& g, double h) {
  return 0.5 * h * h * g.dot(p.inverse_mass().cwiseProduct(g));
}

ClaimResult check_fe_identity(const ClaimContext& ctx) {
  const int samples = ctx.fast() ? 200 : 2000;
  SplitMix64 rng(43);
  double worst_identity = 0.0, min_rel_dH = INFINITY;
  double h_min = INFINITY, h_max = 0.0;
  for (int k = 0; k < samples; ++k) {
    auto [p, s0, h] = convex_sample(rng, k);
    h_min = std::min(h_min, h), h_max = std::max(h_max, h);
    auto fe = stepper("forward-euler", *p, h);
    const State s1 = step_once(*fe, s0);
    Vec g0;
    p->gradient(s0.q, g0);
    const double H0 = p->total_energy(s0), H1 = p->total_energy(s1);
    const double E0 = p->potential(s0.q), E1 = p->potential(s1.q);
    const double bracket = E1 - E0 - (s1.q - s0.q).dot(g0);
    const double quad = half_h2_norm(*p, g0, h);
    const double scale = std::abs(H0) + std::abs(H1) + std::abs(bracket) + quad;
    worst_identity = std::max(worst_identity, std::abs((H1 - H0) - (bracket + quad)) / scale);
    min_rel_dH = std::min(min_rel_dH, (H1 - H0) / std::abs(H0));
  }
  ClaimResult r;
  r.expected = "Eq. (43) holds; H_{n+1} >= H_n for convex E, every h > 0";
  r.tolerance = "identity residual <= 1e-12 relative; H_{n+1} - H_n >= -1e-12 |H_n|";
  r.interpretation =
      "random convex E = k/2 x'Ax + sum c_i x_i^4 (random-convex problem, n = 1..6, k log-uniform "
      "in [1e-2, 1e2]), random states, h log-uniform in [1e-4, 1]; one forward-euler step each";
  r.measured = {{"samples", samples},
                {"h_range", {h_min, h_max}},
                {"max_identity_residual", worst_identity},
                {"min_relative_dH", min_rel_dH}};
  const bool ok = worst_identity <= kIdentityTol && min_rel_dH >= -kMonotoneTol;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = "identity residual max " + format_real(worst_identity) +
              ", min (H1-H0)/H0 = " + format_real(min_rel_dH) + " over " + std::to_string(samples) +
              " convex samples";
  return r;
}

// Accepts theta_max=VALUE (the search's |theta| bound, pi) and h_max=VALUE
// (its largest step, 1): states and steps that stay where E is convex
// (|theta| < pi/2) find no decrease, by D-A1.
ClaimResult check_fe_nonconvex(const ClaimContext& ctx) {
  // E = 1 − cos θ (pendulum with m = g = L = 1) is concave for |θ| > π/2.
  const auto inputs = claims::numeric_inputs(ctx.scene_overrides, {"theta_max", "h_max"});
  const double theta_max = claims::input_or(inputs, "theta_max", M_PI);
  const double h_max = claims::input_or(inputs, "h_max", 1.0);
  const int tries = ctx.fast() ? 2000 : 20000;
  auto p = make_problem("pendulum");
  SplitMix64 rng(1729);
  ClaimResult r;
  r.expected = "for nonconvex E there are states where forward Euler decreases H";
  r.tolerance = "H_{n+1} - H_n < -1e-12 |H_n| counts as a decrease";
  r.interpretation =
      "random search over pendulum states |theta| <= " + claims::short_real(theta_max) +
      ", omega in [-3, 3], h in [1e-3, " + claims::short_real(h_max) +
      "] (E = 1 - cos(theta), nonconvex for |theta| > pi/2); "
      "the first decrease found is reported";
  for (int k = 0; k < tries; ++k) {
    State s0{Vec::Constant(1, rng.uniform(-theta_max, theta_max)),
             Vec::Constant(1, rng.uniform(-3, 3)), 0};
    const double h = rng.log_uniform(1e-3, h_max);
    auto fe = stepper("forward-euler", *p, h);
    const State s1 = step_once(*fe, s0);
    const double H0 = p->total_energy(s0), H1 = p->total_energy(s1);
    if (H1 - H0 < -kMonotoneTol * std::abs(H0)) {
      r.status = Verdict::reproduced;
      r.measured = {{"theta0", s0.q[0]}, {"omega0", s0.v[0]}, {"h", h},
                    {"H0", H0},          {"H1", H1},          {"tries", k + 1}};
      r.summary = "forward Euler decreased H from " + format_real(H0) + " to " + format_real(H1) +
                  " (theta0 = " + format_real(s0.q[0]) + ", h = " + format_real(h) + ")";
      return r;
    }
  }
  r.status = Verdict::inconclusive;
  r.measured = {{"tries", tries}};
  r.summary = "no decrease found in " + std::to_string(tries) + " random tries";
  return r;
}

ClaimResult check_be_identity(const ClaimContext& ctx) {
  const int samples = ctx.fast() ? 200 : 2000;
  // Newton is run far tighter than the default so that the identity, which
  // assumes an exact solve, is tested and not the solver tolerance.
  const std::vector<std::string> tight{"newton_tol=1e-15"};
  SplitMix64 rng(45);
  double worst_identity = 0.0, max_rel_dH = -INFINITY;
  for (int k = 0; k < samples; ++k) {
    auto [p, s0, h] = convex_sample(rng, k);
    auto be = stepper("backward-euler", *p, h, tight);
    const State s1 = step_once(*be, s0);
    Vec g1;
    p->gradient(s1.q, g1);
    const double H0 = p->total_energy(s0), H1 = p->total_energy(s1);
    const double E0 = p->potential(s0.q), E1 = p->potential(s1.q);
    const double bracket = E0 - E1 + (s1.q - s0.q).dot(g1);
    const double quad = half_h2_norm(*p, g1, h);
    // v_{n+1} = (x_{n+1} − x_n)/h is resolved to about ε|x|/h, which enters
    // the kinetic energy as ‖v‖_M ‖x‖_M / h; the scale includes it.
    const double velocity_resolution =
        std::sqrt(p->kinetic_energy(s1.v) * 2) *
        std::sqrt(s1.q.dot(p->mass().cwiseProduct(s1.q)) + s0.q.dot(p->mass().cwiseProduct(s0.q))) /
        h;
    const double scale =
        std::abs(H0) + std::abs(H1) + std::abs(bracket) + quad + velocity_resolution;
    worst_identity = std::max(worst_identity, std::abs((H0 - H1) - (bracket + quad)) / scale);
    max_rel_dH = std::max(max_rel_dH, (H1 - H0) / std::abs(H0));
  }
  // Boundedness over long runs: H_n <= H_0 (1 + 1e-10) for all n.
  const int runs = ctx.fast() ? 2 : 5;
  const long steps = ctx.fast() ? 2000 : 10000;
  double worst_growth = -INFINITY;
  for (int k = 0; k < runs; ++k) {
    auto [p, s, h] = convex_sample(rng, 1000 + k);
    auto be = stepper("backward-euler", *p, h, tight);
    const double H0 = p->total_energy(s);
    for (long n = 0; n < steps; ++n) {
      s = step_once(*be, s);
      worst_growth = std::max(worst_growth, p->total_energy(s) / H0 - 1.0);
    }
  }
  ClaimResult r;
  r.expected = "Eq. (45) holds; H_{n+1} <= H_n for convex E, so H_n <= H_0 for all n";
  r.tolerance =
      "identity residual <= 1e-12 relative to the sum of the magnitudes of its terms plus "
      "||v||_M ||x||_M / h (the resolution of v = (x_{n+1} - x_n)/h in doubles); "
      "H_{n+1} - H_n <= 1e-12 |H_n|; max_n H_n <= H_0 (1 + 1e-10)";
  r.interpretation =
      "random convex E (random-convex problem), random states, h log-uniform in [1e-4, 1]; "
      "backward-euler solved by Newton to newton_tol = 1e-15 (the incremental potential is "
      "strictly convex, so its minimizer is the unique root)";
  r.measured = {{"samples", samples},
                {"max_identity_residual", worst_identity},
                {"max_relative_dH", max_rel_dH},
                {"long_runs", runs},
                {"steps_per_run", steps},
                {"max_relative_growth_over_H0", worst_growth}};
  const bool ok =
      worst_identity <= kIdentityTol && max_rel_dH <= kMonotoneTol && worst_growth <= 1e-10;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = "identity residual max " + format_real(worst_identity) +
              ", max (H1-H0)/H0 = " + format_real(max_rel_dH) +
              ", long-run max H/H0 - 1 = " + format_real(worst_growth);
  return r;
}

// Scales for the residuals of the IM/TR equations in doubles: positions are
// resolved to ε max(|x|); velocities obtained from position differences over
// h/2 are resolved to about ε (|x_0| + |x_1|)/h, so that is their scale.
double x_scale(double x0, double x1) { return scale_of(x0, x1, 1e-300); }
double v_scale(double v0, double v1, double x0, double x1, double h) {
  return scale_of(v0, v1, (std::abs(x0) + std::abs(x1)) / h);
}

ClaimResult check_compositions(const ClaimContext& ctx) {
  const int samples = ctx.fast() ? 200 : 2000;
  const std::vector<std::string> tight{"newton_tol=1e-15"};
  auto p = make_problem("pendulum");  // m = g = L = 1: f(x) = −sin x
  SplitMix64 rng(8);
  double im_eq = 0.0, tr_eq = 0.0, im_vs_registry = 0.0, tr_vs_registry = 0.0;
  for (int k = 0; k < samples; ++k) {
    const State s0{Vec::Constant(1, rng.uniform(-3, 3)), Vec::Constant(1, rng.uniform(-3, 3)), 0};
    const double h = rng.log_uniform(1e-3, 1.0);
    auto be_half = stepper("backward-euler", *p, h / 2, tight);
    auto fe_half = stepper("forward-euler", *p, h / 2);
    const double x0 = s0.q[0], v0 = s0.v[0];

    // Implicit midpoint, Eqs. (5)-(6): x1 = x0 + h/2 (v0 + v1), v1 = v0 + h f((x0 + x1)/2).
    const State im = step_once(*fe_half, step_once(*be_half, s0));
    const double x1 = im.q[0], v1 = im.v[0];
    im_eq =
        std::max({im_eq, std::abs(x1 - x0 - h / 2 * (v0 + v1)) / x_scale(x0, x1),
                  std::abs(v1 - v0 + h * std::sin((x0 + x1) / 2)) / v_scale(v0, v1, x0, x1, h)});
    auto im_direct = stepper("implicit-midpoint", *p, h, tight);
    const State imd = step_once(*im_direct, s0);
    im_vs_registry = std::max({im_vs_registry, std::abs(imd.q[0] - x1) / x_scale(x0, x1),
                               std::abs(imd.v[0] - v1) / v_scale(v0, v1, x0, x1, h)});

    // Trapezoidal rule: x1 = x0 + h/2 (v0 + v1), v1 = v0 + h/2 (f(x0) + f(x1)).
    const State tr = step_once(*be_half, step_once(*fe_half, s0));
    const double y1 = tr.q[0], w1 = tr.v[0];
    tr_eq = std::max(
        {tr_eq, std::abs(y1 - x0 - h / 2 * (v0 + w1)) / x_scale(x0, y1),
         std::abs(w1 - v0 + h / 2 * (std::sin(x0) + std::sin(y1))) / v_scale(v0, w1, x0, y1, h)});
    auto tr_direct = stepper("trapezoidal", *p, h, tight);
    const State trd = step_once(*tr_direct, s0);
    tr_vs_registry = std::max({tr_vs_registry, std::abs(trd.q[0] - y1) / x_scale(x0, y1),
                               std::abs(trd.v[0] - w1) / v_scale(v0, w1, x0, y1, h)});
  }
  ClaimResult r;
  r.expected =
      "IM = BE(h/2) followed by FE(h/2); FE(h/2) followed by BE(h/2) is the trapezoidal rule";
  r.tolerance =
      "equation residuals <= 1e-14 relative; position equation scaled by max(|x0|, |x1|), "
      "velocity equation by max(|v0|, |v1|, (|x0| + |x1|)/h), the resolution of velocities "
      "computed from position differences in doubles";
  r.interpretation =
      "f(x) = -sin x (pendulum, m = g = L = 1), random x0, v0 in [-3, 3], h log-uniform in "
      "[1e-3, 1]; half steps by the registry's backward-euler (newton_tol = 1e-15) and "
      "forward-euler; composed states checked against the IM and TR equations and against "
      "the registry's implicit-midpoint and trapezoidal steps";
  r.measured = {{"samples", samples},
                {"max_im_equation_residual", im_eq},
                {"max_tr_equation_residual", tr_eq},
                {"max_diff_vs_implicit_midpoint", im_vs_registry},
                {"max_diff_vs_trapezoidal", tr_vs_registry}};
  const bool ok = im_eq <= 1e-14 && tr_eq <= 1e-14;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = "IM residual max " + format_real(im_eq) + ", TR residual max " + format_real(tr_eq) +
              "; registry IM/TR agree to " + format_real(im_vs_registry) + " / " +
              format_real(tr_vs_registry);
  return r;
}

}  // namespace

std::vector<ClaimCheck> dinev2018_claims() {
  return {
      {"D-A1", kPaperDinev2018,
       "App. A, Eq. (43): H_{n+1} - H_n = [E(x_{n+1}) - E(x_n) - (x_{n+1}-x_n)'grad E(x_n)] + "
       "h^2/2 ||M^-1 grad E(x_n)||_M^2, so forward Euler's Hamiltonian is weakly increasing for "
       "convex E",
       check_fe_identity,
       "Eq. (43) is an algebraic identity of the forward Euler update, which the engine computes "
       "literally, and the inequality is first-order convexity: only a coding error can fail it"},
      ClaimCheck{"D-A1.nonconvex", kPaperDinev2018,
                 "App. A: with nonconvex potentials forward Euler can decrease the Hamiltonian",
                 check_fe_nonconvex}
          .flips_with({"theta_max=1", "h_max=0.1"}, Verdict::inconclusive,
                      "states with |theta| <= 1 and steps h <= 0.1, which stay where E = 1 - "
                      "cos(theta) is convex: no decrease among 2000 tries, as D-A1 requires"),
      {"D-B1", kPaperDinev2018,
       "App. B, Eq. (45): H_n - H_{n+1} = [E(x_n) - E(x_{n+1}) + (x_{n+1}-x_n)'grad E(x_{n+1})] + "
       "h^2/2 ||M^-1 grad E(x_{n+1})||_M^2 >= 0 for convex E: exactly solved backward Euler is "
       "stable (H_n <= H_0)",
       check_be_identity,
       "Eq. (45) is an identity of an exactly solved backward Euler step plus a convexity theorem: "
       "only a coding error can fail it"},
      {"D-S1", kPaperDinev2018,
       "Sec. 3, Eqs. (8)-(13): implicit midpoint is a half step of backward Euler followed by a "
       "half step of forward Euler; the reverse composition is the trapezoidal rule",
       check_compositions, "an algebraic identity between compositions of the engine's own steps"},
  };
}

}  // namespace tibench
