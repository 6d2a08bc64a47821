// Claims L-E1 and L-E2 of Löschner, Longva, Jeske, Kugelstadt & Bender 2020
// §5.3 (Figs. 3–4): the double-clamped beam's energy error |Δe(t)| =
// |e_tot(t) − e_tot(0)|, e_tot the specific energy (kinetic + gravitational
// + strain) per unit mass, no damping. Runs and the stand-in beam:
// claims/loschner2020/loschner2020_beam_runs.hpp. Methods: BE, SDIRK2,
// TR-BDF2(B), SDIRK3, SDIRK-NCS23, SDIRK-NC34, ROS3PL; the paper's
// SDIRK(3,3,4,5) and SDIRK(4,3,4,7) are not in the registry, so their
// statements are not checked.
//
// L-E2 (Fig. 4, T = 10 s, error at the end; fast mode T = 2 s): steps
// h = 0.1 / 2^k, k = 0 … 6 for every method (fast: … 3), backward Euler
// further to k = 10 (fast: 6), and h = 0.033 for BE and SDIRK2. Slopes are
// least-squares fits of log |Δe(T)| against log h over the steps named.
//   .be-first-order            "BE shows clear first order", read over the
//                              paper's plotted range h ∈ [1e-2, 1e-1]:
//                              slope in [0.8, 1.2].
//   .be-first-order-asymptotic the same over BE's three finest steps.
//   .others-smaller            "All other methods have a significantly smaller
//                              error at every Δt": each ≤ ½ BE's at every h of
//                              the common ladder.
//   .best-range                "SDIRK2 and TR-BDF2(B) are best for Δt ∈ [1e-2,
//                              1e-1]": each ≤ every other method there.
//   .second-order-slopes       SDIRK2's and TR-BDF2(B)'s slopes over [1e-2,
//                              1e-1] in [1.8, 3.0].
//   .higher-order-slopes       "All other higher-order methods ... show orders
//                              between 2 and 3" (only the two SDIRKs we lack
//                              show ≥ 3): slopes of SDIRK3, SDIRK-NCS23,
//                              SDIRK-NC34 and ROS3PL over the three finest
//                              common steps in [1.8, 3.2].
//   .ratio-33ms                BE / SDIRK2 > 10 at Δt = 33 ms.
// Not checked: the plateau near 1e-4 s, which the paper attributes to its
// energy evaluation; our semi-discrete energy has no such floor.
//
// L-E1 (Fig. 3; 200 s at 33 ms and 50 s at 5 ms, fast mode 20 s and 5 s;
// "most of the run" and "entire" are judged on the steps after t = 1 s):
//   .be-loss          "The energy loss for Backward Euler is nearly two orders
//                     of magnitude larger than for all other methods":
//                     |Δe_BE| ≥ 30 max_others |Δe| on at least half the
//                     steps, at both Δt.
//   .smallest-33ms    at 33 ms SDIRK2 and TR-BDF2(B) have the smallest error
//                     "during the entire simulation": both ≤ every other
//                     method at every step.
//   .trbdf2-long      TR-BDF2(B) "seems to conserve the energy slightly better
//                     over very long simulation durations": its |Δe| at the
//                     end of the 33 ms run below SDIRK2's.
//   .smallest-5ms     at 5 ms only SDIRK(3,3,4,5) and SDIRK(4,3,4,7) beat
//                     SDIRK2 and TR-BDF2(B): of the methods we have, those two
//                     have the smallest |Δe| at the end.
//   .be-rest          BE reaches a steady state, the sagged equilibrium: at the
//                     end of the 33 ms run its |Δe| is within 1% of e_tot(0) −
//                     e_tot(x*) (x* from a static solve) and its kinetic
//                     energy below 1e-3 of that gap.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "claims/ledger.hpp"
#include "claims/loschner2020/loschner2020_beam_runs.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"
#include "core/parameters.hpp"
#include "harness/analysis/convergence.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

using loschner_beam::BeamRun;
using loschner_beam::methods;
using loschner_beam::RunSpec;

constexpr double kRatio33 = 0.033;

std::string label_of(const std::string& id) {
  for (const auto& m : methods())
    if (m.id == id) return m.label;
  return id;
}

// ---- L-E2: error at the end against the step ------------------------------

double horizon(const ClaimContext& ctx) { return ctx.fast() ? 2.0 : 10.0; }

std::vector<double> ladder(int last) {
  std::vector<double> h;
  for (int k = 0; k <= last; ++k) h.push_back(0.1 / std::pow(2.0, k));
  return h;
}
std::vector<double> common_steps(const ClaimContext& ctx) { return ladder(ctx.fast() ? 3 : 6); }
std::vector<double> be_steps(const ClaimContext& ctx) { return ladder(ctx.fast() ? 6 : 10); }

const BeamRun& final_run(const ClaimContext& ctx, const std::string& method, double h) {
  std::vector<RunSpec> specs;
  for (const auto& m : methods())
    for (double hk : m.id == "backward-euler" ? be_steps(ctx) : common_steps(ctx))
      specs.push_back({m.id, hk, horizon(ctx)});
  specs.push_back({"backward-euler", kRatio33, horizon(ctx)});
  specs.push_back({"sdirk2", kRatio33, horizon(ctx)});
  loschner_beam::run_all(ctx, specs);
  return loschner_beam::beam_run(ctx, {method, h, horizon(ctx)});
}

double final_error(const ClaimContext& ctx, const std::string& method, double h) {
  const BeamRun& r = final_run(ctx, method, h);
  return r.failure.empty() ? r.final_de() : NAN;
}

OrderFit slope(const ClaimContext& ctx, const std::string& method, std::vector<double> h) {
  std::vector<double> err;
  for (double x : h) err.push_back(final_error(ctx, method, x));
  return fit_order(h, err);
}

std::vector<double> paper_range(const ClaimContext& ctx) {
  std::vector<double> h;
  for (double x : common_steps(ctx))
    if (x >= 1e-2 - 1e-12) h.push_back(x);
  return h;
}

std::vector<double> finest(std::vector<double> h, std::size_t n) {
  return std::vector<double>(h.end() - static_cast<long>(std::min(n, h.size())), h.end());
}

nlohmann::ordered_json error_table(const ClaimContext& ctx) {
  nlohmann::ordered_json t;
  for (const auto& m : methods())
    for (double h : m.id == "backward-euler" ? be_steps(ctx) : common_steps(ctx)) {
      char key[40];
      std::snprintf(key, sizeof key, "h=%.6g", h);
      t[m.label][key] = final_error(ctx, m.id, h);
    }
  return t;
}

// Every method's slope over the paper's range and over its three finest
// steps, with the steps fitted.
nlohmann::ordered_json all_slopes(const ClaimContext& ctx) {
  nlohmann::ordered_json out;
  for (const auto& m : methods()) {
    const auto steps = m.id == "backward-euler" ? be_steps(ctx) : common_steps(ctx);
    for (const auto& [name, h] : {std::pair{"h in [1e-2, 1e-1]", paper_range(ctx)},
                                  std::pair{"three finest", finest(steps, 3)}})
      out[m.label][name] = {
          {"slope", slope(ctx, m.id, h).slope}, {"from", h.front()}, {"to", h.back()}};
  }
  return out;
}

ClaimResult e2_result(const ClaimContext& ctx, const std::string& expected,
                      const std::string& tolerance) {
  ClaimResult r;
  r.expected = expected + " (Sec. 5.3, Fig. 4)";
  r.tolerance = tolerance;
  char text[400];
  std::snprintf(text, sizeof text,
                "%s; T = %g s; |De(T)| at h = 0.1/2^k; slopes are least-squares fits of log "
                "|De| on log h",
                loschner_beam::beam_description(ctx).c_str(), horizon(ctx));
  r.interpretation = text;
  return r;
}

std::string slope_text(const std::string& label, const OrderFit& f) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "%s %.2f", label.c_str(), f.slope);
  return buf;
}

bool first_order(const OrderFit& f) { return f.slope >= 0.8 && f.slope <= 1.2; }

// The verdicts alone, from only the runs they need (the ω₁ sweep's).
Verdict be_order_verdict(const ClaimContext& ctx) {
  return first_order(slope(ctx, "backward-euler", paper_range(ctx))) ? Verdict::reproduced
                                                                     : Verdict::refuted;
}

ClaimResult check_be_order(const ClaimContext& ctx, bool asymptotic) {
  const std::vector<double> h = asymptotic ? finest(be_steps(ctx), 3) : paper_range(ctx);
  ClaimResult r = e2_result(ctx, "Backward Euler shows clear first order",
                            std::string("slope in [0.8, 1.2] over ") +
                                (asymptotic ? "BE's three finest steps" : "h in [1e-2, 1e-1]"));
  const OrderFit f = slope(ctx, "backward-euler", h);
  r.measured["fit_h"] = h;
  r.measured["slope"] = f.slope;
  r.measured["errors"] = error_table(ctx)["BE"];
  r.measured["slopes_of_every_method"] = all_slopes(ctx);
  r.status = first_order(f) ? Verdict::reproduced : Verdict::refuted;
  char buf[160];
  std::snprintf(buf, sizeof buf, "BE slope %.2f over h = %.3g ... %.3g; |De(T)| %.3g ... %.3g",
                f.slope, h.front(), h.back(), final_error(ctx, "backward-euler", h.front()),
                final_error(ctx, "backward-euler", h.back()));
  r.summary = buf;
  return r;
}

// The largest ratio other / BE over the common steps, and where.
double largest_ratio_to_be(const ClaimContext& ctx, std::string& where) {
  double worst = 0;
  for (const auto& m : methods()) {
    if (m.id == "backward-euler") continue;
    for (double h : common_steps(ctx)) {
      const double ratio = final_error(ctx, m.id, h) / final_error(ctx, "backward-euler", h);
      if (!(ratio <= worst)) {
        worst = std::isnan(ratio) ? INFINITY : ratio;
        char buf[80];
        std::snprintf(buf, sizeof buf, "%s at h = %.3g", m.label.c_str(), h);
        where = buf;
      }
    }
  }
  return worst;
}

Verdict others_smaller_verdict(const ClaimContext& ctx) {
  std::string where;
  return largest_ratio_to_be(ctx, where) <= 0.5 ? Verdict::reproduced : Verdict::refuted;
}

ClaimResult check_others_smaller(const ClaimContext& ctx) {
  ClaimResult r = e2_result(ctx,
                            "All other methods have a significantly smaller error than BE "
                            "at every step",
                            "each other method's |De(T)| <= 0.5 x BE's at every common step");
  std::string where;
  const double worst = largest_ratio_to_be(ctx, where);
  r.measured["errors"] = error_table(ctx);
  r.measured["slopes"] = all_slopes(ctx);
  r.measured["largest_ratio_to_BE"] = worst;
  r.status = worst <= 0.5 ? Verdict::reproduced : Verdict::refuted;
  char buf[160];
  std::snprintf(buf, sizeof buf, "largest |De| / |De_BE| = %.3f (%s)", worst, where.c_str());
  r.summary = buf;
  return r;
}

// "a and b are best": each of `best` at most every other method at each h.
bool best_at(const ClaimContext& ctx, const std::vector<std::string>& best, double h,
             std::string& beaten) {
  for (const auto& b : best)
    for (const auto& m : methods())
      if (std::find(best.begin(), best.end(), m.id) == best.end() &&
          !(final_error(ctx, b, h) <= final_error(ctx, m.id, h))) {
        char buf[120];
        std::snprintf(buf, sizeof buf, "%s%s beats %s at h = %.3g", beaten.empty() ? "" : "; ",
                      m.label.c_str(), label_of(b).c_str(), h);
        beaten += buf;
      }
  return beaten.empty();
}

ClaimResult check_best_range(const ClaimContext& ctx) {
  ClaimResult r = e2_result(ctx, "SDIRK2 and TR-BDF2(B) are best for dt in [1e-2, 1e-1]",
                            "each <= every other method of ours at each h in [1e-2, 1e-1]");
  std::string beaten;
  for (double h : paper_range(ctx)) best_at(ctx, {"sdirk2", "tr-bdf2-bathe"}, h, beaten);
  r.measured["errors"] = error_table(ctx);
  r.status = beaten.empty() ? Verdict::reproduced : Verdict::refuted;
  r.summary = beaten.empty() ? "SDIRK2 and TR-BDF2(B) lowest at every h in [1e-2, 1e-1]" : beaten;
  return r;
}

ClaimResult slopes_in(const ClaimContext& ctx, ClaimResult r, const std::vector<std::string>& ids,
                      const std::vector<double>& h, double lo, double hi) {
  bool all = true;
  std::string line;
  for (const auto& m : methods()) {
    if (std::find(ids.begin(), ids.end(), m.id) == ids.end()) continue;
    const OrderFit f = slope(ctx, m.id, h);
    r.measured["slopes"][m.label] = f.slope;
    all = all && f.slope >= lo && f.slope <= hi;
    line += (line.empty() ? "" : ", ") + slope_text(m.label, f);
  }
  r.measured["fit_h"] = h;
  r.measured["errors"] = error_table(ctx);
  r.status = all ? Verdict::reproduced : Verdict::refuted;
  char range[80];
  std::snprintf(range, sizeof range, " over h = %.3g ... %.3g", h.front(), h.back());
  r.summary = "slopes " + line + range;
  return r;
}

ClaimResult check_second_order_slopes(const ClaimContext& ctx) {
  return slopes_in(ctx,
                   e2_result(ctx, "SDIRK2 and TR-BDF2(B) converge at second order",
                             "slopes over h in [1e-2, 1e-1] in [1.8, 3.0]"),
                   {"sdirk2", "tr-bdf2-bathe"}, paper_range(ctx), 1.8, 3.0);
}

ClaimResult check_higher_order_slopes(const ClaimContext& ctx) {
  return slopes_in(ctx,
                   e2_result(ctx,
                             "All other higher-order methods (classical order 3 and 4) show "
                             "orders between 2 and 3",
                             "slopes over the three finest common steps in [1.8, 3.2] (the "
                             "margin of 0.2 of the second-order check)"),
                   {"sdirk3", "sdirk-ncs23", "sdirk-nc34", "ros3pl"}, finest(common_steps(ctx), 3),
                   1.8, 3.2);
}

double be_over_sdirk2_33ms(const ClaimContext& ctx) {
  return final_error(ctx, "backward-euler", kRatio33) / final_error(ctx, "sdirk2", kRatio33);
}

Verdict ratio_33ms_verdict(const ClaimContext& ctx) {
  return be_over_sdirk2_33ms(ctx) > 10 ? Verdict::reproduced : Verdict::refuted;
}

ClaimResult check_ratio_33ms(const ClaimContext& ctx) {
  ClaimResult r = e2_result(ctx, "BE's error is more than 10 times SDIRK2's at dt = 33 ms",
                            "|De_BE(T)| / |De_SDIRK2(T)| > 10 at h = 0.033");
  const double be = final_error(ctx, "backward-euler", kRatio33),
               sd = final_error(ctx, "sdirk2", kRatio33);
  r.measured = {{"BE", be}, {"SDIRK2", sd}, {"ratio", be / sd}};
  r.status = ratio_33ms_verdict(ctx);
  char buf[120];
  std::snprintf(buf, sizeof buf, "|De(T)|: BE %.3g, SDIRK2 %.3g, ratio %.2f", be, sd, be / sd);
  r.summary = buf;
  return r;
}

// ---- L-E1: the energy error over time --------------------------------------

double e1_horizon(const ClaimContext& ctx, double h) {
  if (h == kRatio33) return ctx.fast() ? 20.0 : 200.0;
  return ctx.fast() ? 5.0 : 50.0;
}

constexpr double kFiveMs = 0.005;
constexpr double kSettled = 1.0;  // steps before t = 1 s are not judged

const BeamRun& time_run(const ClaimContext& ctx, const std::string& method, double h) {
  std::vector<RunSpec> specs;
  for (double step : {kRatio33, kFiveMs})
    for (const auto& m : methods()) specs.push_back({m.id, step, e1_horizon(ctx, step)});
  loschner_beam::run_all(ctx, specs);
  return loschner_beam::beam_run(ctx, {method, h, e1_horizon(ctx, h)});
}

// Failed runs make a check inconclusive, naming them.
std::string failures(const ClaimContext& ctx) {
  std::string out;
  for (double h : {kRatio33, kFiveMs})
    for (const auto& m : methods()) {
      const BeamRun& r = time_run(ctx, m.id, h);
      if (!r.failure.empty())
        out +=
            (out.empty() ? "" : "; ") + m.label + " at h = " + std::to_string(h) + ": " + r.failure;
    }
  return out;
}

ClaimResult e1_result(const ClaimContext& ctx, const std::string& expected,
                      const std::string& tolerance) {
  ClaimResult r;
  r.expected = expected + " (Sec. 5.3, Fig. 3)";
  r.tolerance = tolerance;
  char text[400];
  std::snprintf(text, sizeof text, "%s; %g s at 33 ms, %g s at 5 ms; steps after t = 1 s judged",
                loschner_beam::beam_description(ctx).c_str(), e1_horizon(ctx, kRatio33),
                e1_horizon(ctx, kFiveMs));
  r.interpretation = text;
  const std::string failed = failures(ctx);
  if (!failed.empty()) r.summary = "runs failed: " + failed;
  return r;
}

// |Δe| of each method at the end of both runs.
nlohmann::ordered_json final_errors(const ClaimContext& ctx) {
  nlohmann::ordered_json t;
  for (double h : {kRatio33, kFiveMs})
    for (const auto& m : methods())
      t[h == kRatio33 ? "33 ms" : "5 ms"][m.label] = time_run(ctx, m.id, h).final_de();
  return t;
}

// Fraction of the judged steps at which pred(step index) holds.
template <class Pred>
double fraction(const BeamRun& run, Pred pred) {
  long judged = 0, held = 0;
  for (std::size_t n = 0; n < run.t.size(); ++n) {
    if (run.t[n] < kSettled) continue;
    ++judged;
    held += pred(n);
  }
  return judged ? static_cast<double>(held) / static_cast<double>(judged) : NAN;
}

ClaimResult check_be_loss(const ClaimContext& ctx) {
  ClaimResult r = e1_result(ctx,
                            "The energy loss for Backward Euler is nearly two orders of magnitude "
                            "larger than for all other methods",
                            "|De_BE| >= 30 x max of the others' |De| on at least half the steps, "
                            "at both dt");
  if (!r.summary.empty()) return r;
  bool holds = true;
  std::string line;
  for (double h : {kRatio33, kFiveMs}) {
    const BeamRun& be = time_run(ctx, "backward-euler", h);
    const double share = fraction(be, [&](std::size_t n) {
      double worst = 0;
      for (const auto& m : methods())
        if (m.id != "backward-euler") worst = std::max(worst, time_run(ctx, m.id, h).de[n]);
      return be.de[n] >= 30 * worst;
    });
    holds = holds && share >= 0.5;
    r.measured[h == kRatio33 ? "33 ms" : "5 ms"]["share_of_steps"] = share;
    char buf[80];
    std::snprintf(buf, sizeof buf, "%s%s: %.2f", line.empty() ? "" : ", ",
                  h == kRatio33 ? "33 ms" : "5 ms", share);
    line += buf;
  }
  r.measured["final"] = final_errors(ctx);
  r.status = holds ? Verdict::reproduced : Verdict::refuted;
  r.summary = "share of steps with |De_BE| >= 30 x every other: " + line;
  return r;
}

// Share of the judged steps at which SDIRK2 and TR-BDF2(B) are both at or
// below every other method.
double smallest_share(const ClaimContext& ctx, double h) {
  const BeamRun& sd = time_run(ctx, "sdirk2", h);
  const BeamRun& tb = time_run(ctx, "tr-bdf2-bathe", h);
  return fraction(sd, [&](std::size_t n) {
    for (const auto& m : methods()) {
      if (m.id == "sdirk2" || m.id == "tr-bdf2-bathe") continue;
      const double other = time_run(ctx, m.id, h).de[n];
      if (sd.de[n] > other || tb.de[n] > other) return false;
    }
    return true;
  });
}

ClaimResult check_smallest_33ms(const ClaimContext& ctx) {
  ClaimResult r = e1_result(ctx,
                            "At dt = 33 ms SDIRK2 and TR-BDF2(B) have the smallest error during "
                            "the entire simulation",
                            "both <= every other method at every step after t = 1 s");
  if (!r.summary.empty()) return r;
  const double share = smallest_share(ctx, kRatio33);
  r.measured["share_of_steps"] = share;
  r.measured["final"] = final_errors(ctx)["33 ms"];
  r.status = share == 1.0 ? Verdict::reproduced : Verdict::refuted;
  char buf[120];
  std::snprintf(buf, sizeof buf, "both smallest on %.1f%% of the steps", 100 * share);
  r.summary = buf;
  return r;
}

ClaimResult check_trbdf2_long(const ClaimContext& ctx) {
  ClaimResult r = e1_result(ctx,
                            "TR-BDF2(B) seems to conserve the energy slightly better than SDIRK2 "
                            "over very long simulation durations (dt = 33 ms)",
                            "|De| at the end of the 33 ms run: TR-BDF2(B) < SDIRK2");
  if (!r.summary.empty()) return r;
  const double tb = time_run(ctx, "tr-bdf2-bathe", kRatio33).final_de(),
               sd = time_run(ctx, "sdirk2", kRatio33).final_de();
  r.measured = {{"TR-BDF2(B)", tb}, {"SDIRK2", sd}};
  r.status = tb < sd ? Verdict::reproduced : Verdict::refuted;
  char buf[120];
  std::snprintf(buf, sizeof buf, "|De| at %g s: TR-BDF2(B) %.4g, SDIRK2 %.4g",
                e1_horizon(ctx, kRatio33), tb, sd);
  r.summary = buf;
  return r;
}

ClaimResult check_smallest_5ms(const ClaimContext& ctx) {
  ClaimResult r = e1_result(ctx,
                            "At dt = 5 ms only SDIRK(3,3,4,5) and SDIRK(4,3,4,7) achieve a "
                            "smaller error than SDIRK2 and TR-BDF2(B) over long periods",
                            "of our methods (neither of those two is among them), SDIRK2 and "
                            "TR-BDF2(B) have the smallest |De| at the end of the 5 ms run");
  if (!r.summary.empty()) return r;
  std::vector<double> end;
  for (const auto& m : methods()) end.push_back(time_run(ctx, m.id, kFiveMs).final_de());
  std::string beaten;
  const double worst_best = std::max(end[1], end[2]);  // SDIRK2, TR-BDF2(B)
  for (std::size_t k = 0; k < end.size(); ++k)
    if (k != 1 && k != 2 && end[k] < worst_best) beaten += " " + methods()[k].label;
  r.measured["final"] = final_errors(ctx)["5 ms"];
  r.status = beaten.empty() ? Verdict::reproduced : Verdict::refuted;
  char buf[160];
  std::snprintf(buf, sizeof buf, "|De| at %g s: SDIRK2 %.3g, TR-BDF2(B) %.3g; lower:%s",
                e1_horizon(ctx, kFiveMs), end[1], end[2],
                beaten.empty() ? " none" : beaten.c_str());
  r.summary = buf;
  return r;
}

ClaimResult check_be_rest(const ClaimContext& ctx) {
  ClaimResult r = e1_result(ctx,
                            "Backward Euler reaches a steady state: the beam comes to rest in the "
                            "sagged equilibrium",
                            "at the end of the 33 ms run: | |De_BE| - gap | <= 1% of gap, kinetic "
                            "energy <= 1e-3 x gap; gap = e_tot(0) - e_tot(x*), x* static");
  if (!r.summary.empty()) return r;
  const BeamRun& be = time_run(ctx, "backward-euler", kRatio33);
  const double gap = loschner_beam::static_energy_gap(ctx);
  r.measured = {
      {"final_de", be.final_de()}, {"static_gap", gap}, {"kinetic_final", be.kinetic_final}};
  const bool rest = std::abs(be.final_de() - gap) <= 0.01 * gap && be.kinetic_final <= 1e-3 * gap;
  r.status = rest ? Verdict::reproduced : Verdict::refuted;
  char buf[160];
  std::snprintf(buf, sizeof buf, "|De_BE(%g s)| = %.5g J/kg, static gap %.5g, kinetic %.2g",
                e1_horizon(ctx, kRatio33), be.final_de(), gap, be.kinetic_final);
  r.summary = buf;
  return r;
}

ClaimCheck check(const std::string& id, const std::string& statement,
                 std::function<ClaimResult(const ClaimContext&)> run) {
  return {id, kPaperLoschner2020, statement, std::move(run)};
}

// ω₁, the paper's beam's first frequency, is unstated (its dimensions are
// not printed; Sec. 5.3 gives the 4 × 4 × 32 mesh). A gravity-loaded
// clamped beam has ω₁² ≈ 1.31 g/δ (Rayleigh quotient with the static
// shape), so ω₁ below 2.5 rad/s means a sag over 2 m: the plausible range is
// [2.5, 18] rad/s, the stand-in near its top (ω₁ ≈ 11.65 rad/s on 16 × 2 × 2,
// 11.81 on 8 × 1 × 1, measured from implicit midpoint's deflection period at
// 2 ms steps). Swept exactly by scaling E and g by k = (ω₁ / ω_stand-in)²:
// the same sag, time stretched by 1/√k, at the paper's steps and horizons.
constexpr double kStandInOmega = 11.65;  // rad/s (16 × 2 × 2; 8 × 1 × 1: 1.4 % higher)

std::vector<double> swept_omegas(const ClaimContext& ctx) {
  return ctx.fast() ? std::vector<double>{2.5, 18.0} : std::vector<double>{2.5, 5.0, 18.0};
}

using BeamCheck = std::function<ClaimResult(const ClaimContext&)>;
using BeamVerdict = std::function<Verdict(const ClaimContext&)>;

// A check judged over the unstated ω₁: its verdict at the stand-in's ω₁ and
// at each swept value (`verdict`: the same criterion from only the runs it
// needs), combined by claims::judge_unstated. A perturbed context (a test's
// scene overrides) is judged at its own inputs only.
BeamCheck over_omega(BeamCheck check, BeamVerdict verdict) {
  return [check, verdict](const ClaimContext& ctx) {
    ClaimResult r = check(ctx);
    if (!ctx.scene_overrides.empty()) return r;
    const ParamSet beam = problem_params(find_problem("beam"));
    std::vector<claims::SweepPoint> sweep{
        {"stand-in (" + claims::short_real(kStandInOmega) + ")", r.status}};
    for (double omega : swept_omegas(ctx)) {
      const double k = (omega / kStandInOmega) * (omega / kStandInOmega);
      ClaimContext scaled = ctx;  // shares the cache: each omega's runs are kept once
      scaled.scene_overrides = {"E=" + format_real(k * beam.real("E")),
                                "g=" + format_real(k * beam.real("g"))};
      sweep.push_back({claims::short_real(omega), verdict(scaled)});
    }
    std::string why;
    const Verdict swept = claims::judge_unstated(
        r.measured, "omega_1, the beam's first frequency [rad/s]", "[2.5, 18] rad/s",
        "the paper prints neither the beam's dimensions nor its frequency; below 2.5 rad/s the "
        "beam would sag over 2 m; swept exactly by scaling E and g alike (same sag)",
        sweep, why);
    if (swept != r.status) r.summary += "; " + why;
    r.status = swept;
    return r;
  };
}

// The beam with E and g scaled by the same k: every force scales by k, so
// the motion is the same beam's with time stretched by 1/√k — the same sag,
// the first frequency ω₁ times √k — at the same step sizes.
const std::vector<std::string> kSlowBeam{"E=400", "g=0.03924"};  // k = 1/250: ω₁ / 15.8
const std::vector<std::string> kFastBeam{"E=4e5", "g=39.24"};    // k = 4: ω₁ × 2
const std::string kSlowBeamWhy =
    "the same beam 250 times softer under 250 times weaker gravity (same sag, omega_1 / 15.8): "
    "BE's loss per step, ~(omega_1 h)^2, no longer saturates and dominates the others' "
    "~(omega_1 h)^4";

// A check judged over ω₁ with its own criterion at every swept value.
BeamCheck swept(ClaimResult (*check)(const ClaimContext&)) {
  return over_omega(check, [check](const ClaimContext& c) { return check(c).status; });
}

}  // namespace

std::vector<ClaimCheck> loschner2020_beam_claims() {
  const std::string e1 = "Beam energy over 200 s (Sec. 5.3, Fig. 3): ";
  const std::string e2 = "Beam energy error against dt (Sec. 5.3, Fig. 4): ";
  return {
      check(
          "L-E1.be-loss",
          e1 + "BE's energy loss is nearly two orders of magnitude larger "
               "than every other method's",
          over_omega(check_be_loss, [](const ClaimContext& c) { return check_be_loss(c).status; }))
          .flips_with(kSlowBeam, Verdict::reproduced, kSlowBeamWhy),
      check("L-E1.smallest-33ms",
            e1 + "at 33 ms SDIRK2 and TR-BDF2(B) have the smallest error during the entire run",
            swept(check_smallest_33ms))
          .flips_with(kSlowBeam, Verdict::refuted,
                      "the same beam 250 times softer under 250 times weaker gravity (omega_1 / "
                      "15.8): every method's error is then round-off-small and SDIRK2 and "
                      "TR-BDF2(B) are the smallest on only 40% of the steps"),
      check("L-E1.trbdf2-long",
            e1 + "TR-BDF2(B) conserves the energy slightly better than SDIRK2 over long runs",
            swept(check_trbdf2_long))
          .flips_with(kSlowBeam, Verdict::refuted,
                      "the same beam 250 times softer under 250 times weaker gravity (omega_1 / "
                      "15.8): at the end TR-BDF2(B)'s |De| is 2.3 times SDIRK2's"),
      check("L-E1.smallest-5ms",
            e1 + "at 5 ms only SDIRK(3,3,4,5) and SDIRK(4,3,4,7) beat SDIRK2 and TR-BDF2(B)",
            swept(check_smallest_5ms))
          .flips_with(kSlowBeam, Verdict::refuted,
                      "the same beam 250 times softer under 250 times weaker gravity (omega_1 / "
                      "15.8): at 5 ms the third- and fourth-order methods end below SDIRK2 and "
                      "TR-BDF2(B)"),
      check("L-E1.be-rest", e1 + "BE comes to rest in the sagged equilibrium", swept(check_be_rest))
          .flips_with(kSlowBeam, Verdict::refuted,
                      "the same beam 250 times softer under 250 times weaker gravity (omega_1 / "
                      "15.8): BE's damping per step, ~(omega_1 h)^2, is too weak to bring it to "
                      "rest within the run (|De| a third of the static gap)"),
      check("L-E2.be-first-order", e2 + "BE shows clear first order (paper's range)",
            over_omega([](const ClaimContext& c) { return check_be_order(c, false); },
                       be_order_verdict))
          .flips_with(kSlowBeam, Verdict::reproduced, kSlowBeamWhy),
      check("L-E2.be-first-order-asymptotic", e2 + "BE shows clear first order (finest steps)",
            over_omega([](const ClaimContext& c) { return check_be_order(c, true); },
                       [](const ClaimContext& c) { return check_be_order(c, true).status; }))
          .flips_with(kSlowBeam, Verdict::reproduced, kSlowBeamWhy),
      check("L-E2.others-smaller",
            e2 + "all other methods have a significantly smaller error at every dt",
            over_omega(check_others_smaller, others_smaller_verdict))
          .flips_with(kSlowBeam, Verdict::reproduced, kSlowBeamWhy),
      check("L-E2.best-range", e2 + "SDIRK2 and TR-BDF2(B) are best for dt in [1e-2, 1e-1]",
            swept(check_best_range))
          .flips_with(kSlowBeam, Verdict::refuted,
                      "the same beam 250 times softer under 250 times weaker gravity (omega_1 / "
                      "15.8): the steps resolve the motion and the higher-order methods (SDIRK3, "
                      "SDIRK-NC34, ROS3PL) beat SDIRK2 and TR-BDF2(B)"),
      check("L-E2.second-order-slopes", e2 + "SDIRK2 and TR-BDF2(B) show second order",
            swept(check_second_order_slopes))
          .flips_with(kFastBeam, Verdict::refuted,
                      "the same beam 4 times stiffer under 4 times the gravity (omega_1 x 2): "
                      "over h in [1e-2, 1e-1] the errors leave the asymptotic range and the "
                      "slopes fall to 1.7"),
      check("L-E2.higher-order-slopes",
            e2 + "the other higher-order methods show orders between 2 and 3",
            swept(check_higher_order_slopes))
          .flips_with(kFastBeam, Verdict::refuted,
                      "the same beam 4 times stiffer under 4 times the gravity (omega_1 x 2): "
                      "the common steps no longer resolve it and the slopes fall to 1.1-1.7"),
      check("L-E2.ratio-33ms", e2 + "BE's error exceeds SDIRK2's tenfold at 33 ms",
            over_omega(check_ratio_33ms, ratio_33ms_verdict))
          .flips_with(kFastBeam, Verdict::refuted,
                      "the same beam 4 times stiffer under 4 times the gravity (same sag, "
                      "omega_1 x 2): SDIRK2's loss per step grows as (omega_1 h)^4 while BE's "
                      "is already saturated"),
  };
}

}  // namespace tibench
