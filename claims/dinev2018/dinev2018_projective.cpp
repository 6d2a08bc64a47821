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
//                  iterations against blend-im with 10 + 1, wall time of 30
//                  frames, the best of 3 repetitions each (fast mode: 5
//                  frames, 1 repetition).
//
// Tolerance (both): the median overhead lies in [15%, 40%] — the stated
// 20–30% with "on the order of" read as a third of the range's lower end
// below it and a third of its upper end above it. Timings vary between
// runs by a few percent: D-P1.measured keeps them under measured["wall_clock"],
// the ledger's one exception to determinism (claims/ledger.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "claims/ledger.hpp"
#include "claims/support.hpp"
#include "core/parameters.hpp"

namespace tibench {
namespace {

using claims::median;

const std::string kPaper = "Dinev, Liu, Kavan 2018 (ACM TOG 37(1):9)";
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

// Best-of wall time of `frames` steps of the integrator from the initial state.
double frame_seconds(const Problem& p, const std::string& integrator, int frames, int repeats) {
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k < repeats; ++k) {
    auto st = claims::stepper(integrator, p, 0.033, {"solver=local-global"});
    State s = p.initial_state();
    st->step(s);  // the first step prefactors the global matrices: not timed
    const auto start = std::chrono::steady_clock::now();
    for (int n = 0; n < frames; ++n) {
      const StepReport rep = st->step(s);
      if (rep.status != StepStatus::ok) throw std::runtime_error(integrator + ": " + rep.message);
    }
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best / frames;
}

ClaimResult check_measured(const ClaimContext& ctx) {
  const int frames = ctx.fast() ? 5 : 30, repeats = ctx.fast() ? 1 : 3;
  const std::vector<std::pair<std::string, std::vector<std::string>>> scenes = {
      {"bar", {"geometry=bar", "lx=3", "mesh_size=0.28", "nu=0", "contact=none", "stretch=1.5"}},
      {"cube", {"mesh_size=0.19", "nu=0", "contact=none", "stretch=1.5"}}};
  std::vector<std::pair<std::string, double>> overheads;
  nlohmann::ordered_json ms;
  for (const auto& [name, params] : scenes) {
    const auto p = make_problem("cube-stretch-compress", params);
    const double pd = frame_seconds(*p, "backward-euler", frames, repeats);
    const double blend = frame_seconds(*p, "blend-im", frames, repeats);
    overheads.emplace_back(name, blend / pd - 1.0);
    ms[name] = {{"projective_dynamics_ms_per_frame", 1e3 * pd},
                {"blend_ms_per_frame", 1e3 * blend}};
  }
  ClaimResult r = judged(overheads, "our bar and cube");
  r.measured["ms_per_frame"] = ms;
  r.measured = {{"wall_clock", r.measured}, {"frames", frames}, {"repetitions", repeats}};
  r.interpretation =
      "wall time per frame (h = 0.033 s, best of the repetitions, first step excluded: it "
      "factorizes the global matrices) of blend-im (10 local/global iterations for implicit "
      "midpoint, 1 for the stabilization) over backward Euler with 10, on ARAP stand-ins of "
      "the paper's bar and cube (docs/benchmarks.md, dinev-bar and dinev-cube); both report "
      "the final residual of every stage, which costs one more local step each";
  return r;
}

}  // namespace

std::vector<ClaimCheck> dinev2018_projective_claims() {
  return {
      {"D-P1.printed", kPaper,
       "Sec. 1 and Table 1: the blend's overhead over Projective Dynamics is typically 20-30% "
       "(the paper's own local/global timings)",
       check_printed,
       "arithmetic on the paper's own Table 1 against its text; D-P1.measured is the finding"},
      {"D-P1.measured", kPaper,
       "Sec. 1: the blend with local/global costs typically 20-30% more than Projective "
       "Dynamics (measured on our bar and cube)",
       check_measured},
  };
}

}  // namespace tibench
