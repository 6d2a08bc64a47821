// Claim D-P1 of Dinev, Liu, Kavan 2018 §1: the energy-tracking blend with
// the local/global solver costs "on the order of 20% to 30%" more than
// standard Projective Dynamics (backward Euler, local/global). Two
// sub-claims:
//
//   D-P1.printed   the paper's own Table 1 (columns "Local/Global Solver
//                  (10 Iterations)": Backward Euler and Our Method total time,
//                  nine models; printed values are the comparison data):
//                  the overhead per model, its range and median;
//   D-P1.measured  our bar and cube stand-ins (the bench workloads dinev-bar
//                  and dinev-cube: ARAP, released from a 1.5x stretch,
//                  h = 0.033 s): backward Euler with 10 local/global
//                  iterations against blend-im with 10 + 1, wall time per
//                  frame in windows of 30 frames of a 300-frame run (fast
//                  mode: 5 of 30), each frame's time the least over 3
//                  repetitions of the same trajectory (fast mode: 2).
//
// Tolerance (both): the median overhead lies in [15%, 40%] — the stated
// 20–30% with "on the order of" read as a third of the range's lower end
// below it and a third of its upper end above it; the paper's own Table 1
// passes (median 31.6%), a literal [20%, 30%] would not.
//
// D-P1.measured: a refutation must hold over what the paper leaves open. The paper
// averages "over 30 frames" without saying which, so the window is swept
// (first, middle and last 30 frames); the time of a frame varies with the
// machine's load, so each window's overhead carries a band from the spread
// of the repetitions and is judged only when the band lies wholly inside or
// outside the tolerance. The overhead rests on how often the blend's
// stabilization and α search run, which depends on the scenes' motion, not
// shared by the ARAP stand-ins with the paper's models: the check is
// declared on a stand-in, so its verdict is at most inconclusive. Timings are
// kept under measured["wall_clock"], the ledger's one exception to
// determinism (claims/ledger.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"
#include "core/parameters.hpp"

namespace tibench {
namespace {

using claims::median;

constexpr double kLow = 0.15, kHigh = 0.40;

ClaimResult judged(const std::vector<std::pair<std::string, double>>& overheads,
                   const std::string& what) {
  ClaimResult r;
  std::vector<double> values;
  nlohmann::ordered_json per;
  for (const auto& [name, o] : overheads) {
    values.push_back(o);
    per[name] = o;
  }
  const double med = median(values);
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  r.measured = {{"overhead_by_model", per}, {"median", med}, {"min", *lo}, {"max", *hi}};
  r.status = med >= kLow && med <= kHigh ? Verdict::reproduced : Verdict::refuted;
  char line[160];
  std::snprintf(line, sizeof line,
                ": overhead of the blend over Projective Dynamics %.1f%% to %.1f%%, median %.1f%%",
                100 * *lo, 100 * *hi, 100 * med);
  r.summary = what + line;
  r.expected = "\"typically on the order of 20% to 30% of extra computing time\" (Sec. 1)";
  r.tolerance = "median overhead in [0.15, 0.40]";
  return r;
}

ClaimResult check_printed(const ClaimContext&) {
  // Table 1, L/G (10 iterations): (model, backward Euler ms, our method ms),
  // as printed; the dog's "1.205ms" is read as 1,205 ms (the column's other
  // entries and Table 2 print 1,205ms).
  const std::vector<std::tuple<std::string, double, double>> table = {
      {"Bar", 3.62, 5.73},
      {"Cube (Fig. 5)", 5.84, 8.41},
      {"Cube (Fig. 15)", 6.93, 9.50},
      {"Hippo", 66.4, 73.3},
      {"Bunny (Fig. 14)", 194, 212},
      {"Cactus", 115, 174},
      {"Cloth", 110, 127},
      {"Dog", 916, 1205},
      {"Bunny (Fig. 9)", 1181, 1510}};
  std::vector<std::pair<std::string, double>> overheads;
  for (const auto& [model, be, ours] : table) overheads.emplace_back(model, ours / be - 1.0);
  ClaimResult r = judged(overheads, "printed Table 1");
  r.interpretation =
      "overhead = (Our Method total) / (Backward Euler) - 1 in Table 1's local/global columns, "
      "per model; the claim's 'typically' read as the median";
  return r;
}

// Wall time of each of `frames` steps after the first (which prefactors
// the global matrices), repetition by repetition: the trajectory is
// deterministic, so every repetition does the same work frame by frame.
std::vector<std::vector<double>> frame_times(const Problem& p, const std::string& integrator,
                                             int frames, int repeats) {
  std::vector<std::vector<double>> times(static_cast<std::size_t>(repeats));
  for (auto& run : times) {
    auto st = claims::stepper(integrator, p, 0.033, {"solver=local-global"});
    State s = p.initial_state();
    st->step(s);
    for (int n = 0; n < frames; ++n) {
      const auto start = std::chrono::steady_clock::now();
      const StepReport rep = st->step(s);
      run.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      if (rep.status != StepStatus::ok) throw std::runtime_error(integrator + ": " + rep.message);
    }
  }
  return times;
}

// A window's time: the sum of each frame's least time over the
// repetitions, and the relative spread of the repetitions' window sums
// (the timing noise).
struct WindowTime {
  double seconds = 0, spread = 0;
};

WindowTime window_time(const std::vector<std::vector<double>>& times, int first, int length) {
  WindowTime w;
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  for (const auto& run : times) {
    double sum = 0;
    for (int n = first; n < first + length; ++n) sum += run[static_cast<std::size_t>(n)];
    lo = std::min(lo, sum), hi = std::max(hi, sum);
  }
  for (int n = first; n < first + length; ++n) {
    double least = std::numeric_limits<double>::infinity();
    for (const auto& run : times) least = std::min(least, run[static_cast<std::size_t>(n)]);
    w.seconds += least;
  }
  w.spread = hi / lo - 1;
  return w;
}

// One window's judgement: the median overhead over the scenes with a band
// widened by the timing noise; reproduced or refuted only when the whole
// band lies inside or outside [kLow, kHigh].
struct WindowVerdict {
  Verdict verdict;
  double median, low, high;
};

WindowVerdict judge_window(const std::vector<double>& overheads, double noise) {
  const double med = median(overheads);
  const double low = (1 + med) * (1 - noise) - 1, high = (1 + med) * (1 + noise) - 1;
  const Verdict v = low >= kLow && high <= kHigh ? Verdict::reproduced
                    : high < kLow || low > kHigh ? Verdict::refuted
                                                 : Verdict::inconclusive;
  return {v, med, low, high};
}

const std::vector<std::pair<std::string, std::vector<std::string>>>& stand_in_scenes() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> scenes = {
      {"bar", {"geometry=bar", "lx=3", "mesh_size=0.28", "nu=0", "contact=none", "stretch=1.5"}},
      {"cube", {"mesh_size=0.19", "nu=0", "contact=none", "stretch=1.5"}}};
  return scenes;
}

ClaimResult check_measured(const ClaimContext& ctx) {
  const int frames = ctx.fast() ? 30 : 300, length = ctx.fast() ? 5 : 30,
            repeats = ctx.fast() ? 2 : 3;
  const std::vector<std::pair<std::string, int>> windows = {
      {"first", 0}, {"middle", (frames - length) / 2}, {"last", frames - length}};
  std::vector<std::vector<double>> overheads(windows.size());
  std::vector<double> noise(windows.size(), 0.0);
  nlohmann::ordered_json ms;
  for (const auto& [name, params] : stand_in_scenes()) {
    const auto p = make_problem("cube-stretch-compress", params);
    const auto pd = frame_times(*p, "backward-euler", frames, repeats);
    const auto blend = frame_times(*p, "blend-im", frames, repeats);
    for (std::size_t w = 0; w < windows.size(); ++w) {
      const WindowTime a = window_time(pd, windows[w].second, length);
      const WindowTime b = window_time(blend, windows[w].second, length);
      overheads[w].push_back(b.seconds / a.seconds - 1);
      noise[w] = std::max(noise[w], a.spread + b.spread);
      ms[name][windows[w].first] = {{"projective_dynamics_ms_per_frame", 1e3 * a.seconds / length},
                                    {"blend_ms_per_frame", 1e3 * b.seconds / length},
                                    {"repetition_spread", a.spread + b.spread}};
    }
  }
  ClaimResult r;
  std::vector<claims::SweepPoint> sweep;  // the window: unstated ("over 30 frames")
  nlohmann::ordered_json per_window;
  std::string summary = "our bar and cube, overhead of the blend by frame window:";
  for (std::size_t w = 0; w < windows.size(); ++w) {
    const WindowVerdict v = judge_window(overheads[w], noise[w]);
    sweep.push_back({windows[w].first, v.verdict});
    per_window[windows[w].first] = {{"first_frame", windows[w].second + 1},
                                    {"overhead_by_scene", overheads[w]},
                                    {"median", v.median},
                                    {"band", {v.low, v.high}},
                                    {"verdict", to_string(v.verdict)}};
    char line[120];
    std::snprintf(line, sizeof line, " %s %.1f%% [%.1f, %.1f] %s;", windows[w].first.c_str(),
                  100 * v.median, 100 * v.low, 100 * v.high, to_string(v.verdict));
    summary += line;
  }
  std::string why;
  r.status = claims::swept_verdict("the frame window", sweep, why);
  summary.pop_back();
  r.summary = summary + (why.empty() ? "" : " => " + why);
  r.measured = {{"wall_clock", {{"ms_per_frame", ms}, {"windows", per_window}}},
                {"frames", frames},
                {"window_length", length},
                {"repetitions", repeats}};
  r.expected = "\"typically on the order of 20% to 30% of extra computing time\" (Sec. 1)";
  r.tolerance =
      "median overhead over the scenes in [0.15, 0.40] in every window, with its band from the "
      "repetitions' spread wholly inside; refuted only outside in every window; on these "
      "stand-ins at most inconclusive";
  r.interpretation =
      "wall time per frame (h = 0.033 s, each frame's least time over the repetitions of the "
      "same trajectory, the prefactoring first step excluded) of blend-im (10 local/global "
      "iterations for implicit midpoint, 1 for the stabilization) over backward Euler with 10, "
      "on ARAP stand-ins of the paper's bar and cube (docs/benchmarks.md, dinev-bar and "
      "dinev-cube), in the first, middle and last window of the run: the paper's \"average "
      "over 30 frames\" does not say which";
  return r;
}

}  // namespace

std::vector<ClaimCheck> dinev2018_projective_claims() {
  return {
      {"D-P1.printed", kPaperDinev2018,
       "Sec. 1 and Table 1: the blend's overhead over Projective Dynamics is typically 20-30% "
       "(the paper's own local/global timings)",
       check_printed,
       "arithmetic on the paper's own Table 1 against its text; D-P1.measured is the finding"},
      ClaimCheck{"D-P1.measured", kPaperDinev2018,
                 "Sec. 1: the blend with local/global costs typically 20-30% more than "
                 "Projective Dynamics (measured on our bar and cube)",
                 check_measured}
          .on_stand_in("how often the blend stabilizes and searches alpha in the paper's nine "
                       "models, which sets its overhead",
                       "that frequency follows each scene's motion, and the ARAP bar and cube "
                       "released from a stretch are not the paper's scenes")
          .timed_by_wall_clock(),
  };
}

}  // namespace tibench
