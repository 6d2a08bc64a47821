// Single-particle collision sweeps of You, Zheng & Li 2025, App. E.
//
// Y-E0.implicit-euler and Y-E0.symplectic-euler (the collision setup): "Implicit Euler only
// conserves energy well when hbar << 1 and otherwise loses a significant
// portion of energy. Symplectic Euler conserves energy well up to
// hbar <= 4, but not when hbar > 4." (hbar = omega^2 h^2.) The paper prints
// no numbers at finite hbar; these checks sweep it.
//
// Setup: the runs of you2025_collision_runs.hpp (m = 1, h = 1, v0 = -1,
// x0 = beta h, the barrier occupying x < 0, the orientation the App. E
// states imply), at hbar = 1e-4 ... 1e10, for 16 phases beta = (j + 1/2)/16,
// with backward-euler and symplectic-euler-v (velocity first: explicit),
// until the particle has left the barrier moving away (x >= 0, v > 0), at
// most 20 + 8 pi/sqrt(hbar) steps (eight times the true contact time,
// pi/omega). The outcome per run is the energy ratio v_out^2 (H_out/H_0).
//
// Written down before the runs: "conserves energy well" at an hbar means
// every phase keeps |v_out^2 - 1| <= 0.1; "loses a significant portion"
// means the phases lose at least 10% on average (mean 1 - v_out^2 >= 0.1).
// Y-E0.implicit-euler: well at every hbar of the grid that is "<< 1", a
// significant loss at every hbar >= 1; the largest hbar that is "<< 1"
// (1e-4 .. 1e-2) and the tolerance of "well" (5 .. 20%) are unstated and
// swept. Y-E0.symplectic-euler: well at
// every hbar < 4 of the grid, not well at every hbar > 4 (hbar = 4, its
// linear stability limit omega h = 2, is reported, not judged). A run that
// never leaves the barrier counts as not conserving.
//
// Y-E4 (the IPC log barrier, end of App. E, with Sec. 4.3's "The same
// qualitative behavior [A-1 preserves speed, trapezoidal gains speed] also
// appears to extend to other forces, like the IPC barrier"): the
// barrier-ipc problem (d-hat = 1, v0 = -1, x0 = d-hat + beta h; the paper
// gives no kappa, h or results) at kappa = 1, 1e2, 1e5 and h = 1e-3, 1e-2,
// 0.1, 1, 16 phases, a1 and trapezoidal, until the particle is back above
// d-hat moving away (at most 20 + 20/h steps). Written down before the
// runs: in every (kappa, h) cell where the collision is not resolved (some
// trapezoidal phase's exit speed off by more than 1%), A-1 keeps every
// phase's exit speed within 10% of 1 and trapezoidal gains speed (exit
// speed above 1) for more than half of the phases. Resolved cells are
// reported, not judged.
#include <cmath>
#include <cstdio>
#include <limits>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"
#include "claims/you2025/you2025_collision_runs.hpp"
#include "core/parameters.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace you2025_collision {
namespace {

constexpr double kWell = 0.1;         // max |v_out^2 - 1| that conserves energy well
constexpr double kSignificant = 0.1;  // mean energy loss that is "a significant portion"
constexpr int kPhases = 16;

const std::vector<double>& hbar_grid() {
  static const std::vector<double> grid{1e-4, 1e-3, 1e-2, 0.1, 0.5, 1,   2,   3,
                                        3.9,  4,    4.1,  5,   10,  100, 1e4, 1e10};
  return grid;
}

struct SweepPoint {
  double hbar = 0;
  double max_deviation = 0;  // max over phases of |v_out^2 - 1|
  double mean_loss = 0;      // mean over phases of 1 - v_out^2
  double min_ratio = std::numeric_limits<double>::infinity(), max_ratio = 0;  // v_out^2
  int stuck = 0;  // phases that did not leave the barrier within the cap

  bool well(double tolerance = kWell) const { return stuck == 0 && max_deviation <= tolerance; }
  bool significant_loss() const { return stuck == 0 && mean_loss >= kSignificant; }
};

// v_out^2 of one run, NaN if it did not leave the barrier moving away.
double exit_energy_ratio(const std::string& integrator, const std::vector<std::string>& iparams,
                         double phase, double hbar) {
  const int steps = 20 + static_cast<int>(std::ceil(8 * M_PI / std::sqrt(hbar)));
  const Collision c = collide(integrator, phase, steps, iparams, "", hbar);
  bool entered = false;
  for (std::size_t n = 1; n < c.z.size(); ++n) {
    entered = entered || c.x(n) < 0;
    if (entered && c.x(n) >= 0 && c.v(n) > 0) return c.v(n) * c.v(n);
  }
  return std::numeric_limits<double>::quiet_NaN();
}

SweepPoint sweep_point(const std::string& integrator, const std::vector<std::string>& iparams,
                       double hbar) {
  SweepPoint p;
  p.hbar = hbar;
  for (double phase : phase_grid(kPhases)) {
    const double ratio = exit_energy_ratio(integrator, iparams, phase, hbar);
    if (std::isnan(ratio)) {
      ++p.stuck;
      continue;
    }
    p.max_deviation = std::max(p.max_deviation, std::abs(ratio - 1));
    p.mean_loss += (1 - ratio) / kPhases;
    p.min_ratio = std::min(p.min_ratio, ratio);
    p.max_ratio = std::max(p.max_ratio, ratio);
  }
  return p;
}

// The method swept: the claim's, or under ClaimContext::scene_overrides
// (a perturbation) integrator=ID and that method's parameters (name=value).
struct SweptMethod {
  std::string integrator;
  std::vector<std::string> iparams;
  std::string key() const {
    std::string k = integrator;
    for (const auto& p : iparams) k += " " + p;
    return k;
  }
};

SweptMethod swept_method(const ClaimContext& ctx, const std::string& claimed) {
  SweptMethod m{claimed, {}};
  for (const std::string& o : ctx.scene_overrides)
    if (o.rfind("integrator=", 0) == 0)
      m.integrator = o.substr(11);
    else
      m.iparams.push_back(o);
  return m;
}

const std::vector<SweepPoint>& sweep(const ClaimContext& ctx, const SweptMethod& m) {
  return ctx.cache->get<std::vector<SweepPoint>>("you2025-collision-sweep " + m.key(), [&] {
    std::vector<SweepPoint> points;
    for (double hbar : hbar_grid()) points.push_back(sweep_point(m.integrator, m.iparams, hbar));
    return points;
  });
}

nlohmann::ordered_json to_json(const std::vector<SweepPoint>& points) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& p : points)
    out.push_back({{"hbar", p.hbar},
                   {"min_energy_ratio", p.min_ratio},
                   {"max_energy_ratio", p.max_ratio},
                   {"mean_energy_loss", p.mean_loss},
                   {"phases_not_leaving", p.stuck}});
  return out;
}

// The sweep as one line: hbar: [min, max] of v_out^2.
std::string ranges(const std::vector<SweepPoint>& points) {
  std::string line;
  for (const auto& p : points) {
    char part[64];
    std::snprintf(part, sizeof part, "%s%g: [%.2g, %.2g]%s", line.empty() ? "" : ", ", p.hbar,
                  p.min_ratio, p.max_ratio, p.stuck ? "*" : "");
    line += part;
  }
  return line;
}

const char* kSetup =
    "m = 1, h = 1, v0 = -1, barrier in x < 0, 16 phases, hbar = 1e-4 ... 1e10; energy ratio "
    "v_out^2 once the particle leaves the barrier moving away (at most 20 + 8 pi/sqrt(hbar) "
    "steps; * in the summary: some phase did not leave)";

// "Well when hbar << 1, a significant loss otherwise" judged with "<< 1" as
// every hbar of the grid up to `ceiling` and "well" as |v_out^2 - 1| <=
// `tolerance`.
Verdict implicit_euler_verdict(const std::vector<SweepPoint>& points, double ceiling,
                               double tolerance) {
  bool holds = true;
  for (const auto& p : points) {
    if (p.hbar <= ceiling) holds = holds && p.well(tolerance);
    if (p.hbar >= 1) holds = holds && p.significant_loss();
  }
  return holds ? Verdict::reproduced : Verdict::refuted;
}

// The unstated readings of "hbar << 1" and "well", each swept with the
// other at its middle value (claims/protocol.hpp); the verdict is their
// common one, inconclusive where either flips.
void judge_implicit_euler(const std::vector<SweepPoint>& points, ClaimResult& r) {
  std::vector<claims::SweepPoint> ceilings, tolerances;
  for (double c : {1e-4, 1e-3, 1e-2})
    ceilings.push_back(
        {"hbar <= " + claims::short_real(c), implicit_euler_verdict(points, c, kWell)});
  for (double t : {0.05, 0.1, 0.2})
    tolerances.push_back(
        {"|v_out^2 - 1| <= " + claims::short_real(t), implicit_euler_verdict(points, 1e-3, t)});
  r.status = implicit_euler_verdict(points, 1e-3, kWell);  // both sweeps hold this point
  claims::judge_unstated(
      r, {{"the largest hbar that is << 1", "1e-4 .. 1e-2",
           "App. E writes hbar << 1 without a number; two to four decades below 1 are read so",
           ceilings},
          {"the energy error that is 'well' conserved", "5% .. 20% of the energy",
           "App. E gives no tolerance for 'conserves energy well'", tolerances}});
}

ClaimResult implicit_euler_sweep(const ClaimContext& ctx) {
  const SweptMethod method = swept_method(ctx, "backward-euler");
  const auto& points = sweep(ctx, method);
  ClaimResult r;
  r.expected =
      "implicit Euler only conserves energy well when hbar << 1 and otherwise loses a "
      "significant portion of energy (App. E)";
  r.tolerance =
      "well: every phase within |v_out^2 - 1| <= 0.05 .. 0.2, at every hbar of the grid up to "
      "1e-4 .. 1e-2 (the readings of '<< 1', swept); significant loss: mean energy loss >= 10% "
      "at every hbar >= 1";
  r.interpretation = method.key() + "; " + kSetup;
  r.measured = {{"sweep", to_json(points)}};
  r.summary = "v_out^2 range per hbar: " + ranges(points);
  judge_implicit_euler(points, r);
  return r;
}

ClaimResult symplectic_euler_sweep(const ClaimContext& ctx) {
  const SweptMethod method = swept_method(ctx, "symplectic-euler-v");
  const auto& points = sweep(ctx, method);
  ClaimResult r;
  r.expected =
      "symplectic Euler conserves energy well up to hbar <= 4, but not when hbar > 4 (App. E)";
  r.tolerance =
      "well: every phase within |v_out^2 - 1| <= 0.05 .. 0.2 (swept) at every hbar < 4 of the "
      "grid; not well at every hbar > 4 (hbar = 4 reported, not judged)";
  r.interpretation = method.key() + " (velocity first); " + kSetup;
  r.measured = {{"sweep", to_json(points)}};
  const auto verdict_at = [&points](double tolerance) {
    bool holds = true;
    for (const auto& p : points) {
      if (p.hbar < 4) holds = holds && p.well(tolerance);
      if (p.hbar > 4) holds = holds && !p.well(tolerance);
    }
    return holds ? Verdict::reproduced : Verdict::refuted;
  };
  r.status = verdict_at(kWell);
  r.summary = "v_out^2 range per hbar: " + ranges(points);
  std::vector<claims::SweepPoint> tolerances;
  for (const double t : {0.05, kWell, 0.2})
    tolerances.push_back({claims::short_real(100 * t) + "%", verdict_at(t)});
  claims::judge_unstated(r,
                         {{"the energy error that is 'well' conserved", "5% .. 20% of the energy",
                           "App. E gives no tolerance for 'conserves energy well'", tolerances}});
  return r;
}

// ---------------------------------------------------------------- Y-E4

constexpr double kResolved = 0.01;  // trapezoidal speed error below which a cell is resolved
constexpr double kPreserved = 0.1;  // A-1's allowed exit-speed deviation

// |v_out| of a particle through the IPC barrier, NaN if it did not leave.
double ipc_exit_speed(const std::string& integrator, const std::vector<std::string>& iparams,
                      double kappa, double h, double phase) {
  const auto p =
      make_problem("barrier-ipc", {"kappa=" + format_real(kappa), "dhat=1",
                                   "beta=" + format_real(phase), "h=" + format_real(h), "v0=-1"});
  auto st = claims::stepper(integrator, *p, h, iparams);
  State s = p->initial_state();
  const long cap = 20 + std::lround(20 / h);
  bool entered = false;
  for (long n = 0; n < cap; ++n) {
    if (st->step(s).status != StepStatus::ok) break;
    entered = entered || s.q[0] < 1;
    if (entered && s.q[0] >= 1 && s.v[0] > 0) return s.v[0];
  }
  return std::numeric_limits<double>::quiet_NaN();
}

struct IpcCell {
  double kappa = 0, h = 0;
  double a1_max_deviation = 0, tr_max_deviation = 0;  // max over phases of ||v_out| - 1|
  int tr_gains = 0, stuck = 0;

  bool resolved() const { return stuck == 0 && tr_max_deviation <= kResolved; }
  // A-1 within `preserved` of speed 1 for every phase; trapezoidal faster
  // than 1 on more than `usually` of the phases.
  bool as_claimed(double preserved = kPreserved, double usually = 0.5) const {
    return stuck == 0 && a1_max_deviation <= preserved && tr_gains > usually * kPhases;
  }
};

IpcCell ipc_cell(const std::vector<std::string>& a1_params, double kappa, double h) {
  IpcCell c{kappa, h};
  for (double phase : phase_grid(kPhases)) {
    const double a1 = ipc_exit_speed("a1", a1_params, kappa, h, phase);
    const double tr = ipc_exit_speed("trapezoidal", {}, kappa, h, phase);
    if (std::isnan(a1) || std::isnan(tr)) {
      ++c.stuck;
      continue;
    }
    c.a1_max_deviation = std::max(c.a1_max_deviation, std::abs(a1 - 1));
    c.tr_max_deviation = std::max(c.tr_max_deviation, std::abs(tr - 1));
    c.tr_gains += tr > 1;
  }
  return c;
}

// The verdict over the unresolved cells with A-1 within `preserved` and
// trapezoidal gaining on more than `usually` of the phases.
Verdict ipc_verdict(const std::vector<IpcCell>& unresolved, double preserved, double usually) {
  bool all = !unresolved.empty();
  for (const IpcCell& c : unresolved) all = all && c.as_claimed(preserved, usually);
  return all ? Verdict::reproduced : Verdict::refuted;
}

// What Sec. 4.3 leaves unstated, swept (claims/protocol.hpp) over the cells
// computed: how close to 1 "preserving the speed" is, and how often
// "usually gains speed" is. A perturbed context is judged at its inputs.
void judge_ipc_unstated(const std::vector<IpcCell>& unresolved, ClaimResult& r) {
  std::vector<claims::SweepPoint> closeness, usually;
  for (double preserved : {0.05, kPreserved, 0.2})
    closeness.push_back(
        {"within " + claims::short_real(preserved), ipc_verdict(unresolved, preserved, 0.5)});
  for (double fraction : {0.5, 2.0 / 3.0})
    usually.push_back({fraction == 0.5 ? "more than half" : "more than two thirds",
                       ipc_verdict(unresolved, kPreserved, fraction)});
  claims::judge_unstated(
      r, {{"how close to 1 A-1's exit speed must stay", "5% .. 20%",
           "Sec. 4.3 says the 'same qualitative behavior' extends to the IPC barrier, with no "
           "number",
           closeness},
          {"the share of phases in which trapezoidal 'usually' gains speed",
           "more than 1/2 .. more than 2/3 of the phases",
           "Sec. 4.3's 'usually lead to gaining speed' gives no share", usually}});
}

// A perturbation (ClaimContext::scene_overrides) gives A-1's decoupled
// method other parameters (e.g. alpha=VALUE); its registry entry refuses
// any it does not take.
ClaimResult ipc_barrier_sweep(const ClaimContext& ctx) {
  const std::vector<std::string>& a1_params = ctx.scene_overrides;
  nlohmann::ordered_json cells = nlohmann::ordered_json::array();
  int judged = 0, agree = 0;
  std::string line;
  std::vector<IpcCell> unresolved;
  for (double kappa : {1.0, 1e2, 1e5})
    for (double h : {1e-3, 1e-2, 0.1, 1.0}) {
      const IpcCell c = ipc_cell(a1_params, kappa, h);
      if (!c.resolved()) unresolved.push_back(c);
      cells.push_back({{"kappa", kappa},
                       {"h", h},
                       {"a1_max_speed_deviation", c.a1_max_deviation},
                       {"trapezoidal_max_speed_deviation", c.tr_max_deviation},
                       {"trapezoidal_phases_gaining", c.tr_gains},
                       {"phases_not_leaving", c.stuck},
                       {"resolved", c.resolved()}});
      if (c.resolved()) continue;
      ++judged;
      agree += c.as_claimed();
      char part[96];
      std::snprintf(part, sizeof part, "%s%g/%g: A-1 %.2g, TR gains %d/16",
                    line.empty() ? "" : "; ", kappa, h, c.a1_max_deviation, c.tr_gains);
      line += part;
    }
  ClaimResult r;
  r.expected =
      "on the IPC barrier as on the quadratic one, A-1 preserves the speed and trapezoidal gains "
      "speed (Sec. 4.3; App. E sets up the test without results)";
  r.tolerance =
      "in every unresolved cell (trapezoidal exit speed off by > 1% for some phase): A-1 within "
      "10% of 1 for every phase (swept: 5% .. 20%), trapezoidal faster than 1 for more than half "
      "of the 16 phases (swept: half .. two thirds)";
  r.interpretation =
      "barrier-ipc, m = 1, dhat = 1, v0 = -1, x0 = dhat + beta h, kappa = 1, 1e2, 1e5, h = 1e-3, "
      "1e-2, 0.1, 1; a1 and trapezoidal until back above dhat moving away (at most 20 + 20/h "
      "steps)";
  r.measured = {{"cells", cells}, {"judged", judged}, {"as_claimed", agree}};
  r.status = judged > 0 && agree == judged ? Verdict::reproduced : Verdict::refuted;
  r.summary =
      std::to_string(agree) + " of " + std::to_string(judged) +
      " unresolved cells as claimed (kappa/h: A-1 max |v_out| - 1, TR phases gaining): " + line;
  if (ctx.scene_overrides.empty()) judge_ipc_unstated(unresolved, r);
  return r;
}

}  // namespace
}  // namespace you2025_collision

std::vector<ClaimCheck> you2025_collision_sweep_claims() {
  return {
      ClaimCheck{"Y-E0.implicit-euler", kPaperYou2025,
                 "App. E: on the single-particle barrier collision, implicit Euler conserves "
                 "energy well only when hbar = omega^2 h^2 << 1 and otherwise loses a "
                 "significant portion of it",
                 you2025_collision::implicit_euler_sweep}
          .flips_with({"integrator=theta-outer", "theta=0.64"}, Verdict::reproduced,
                      "the theta-method at theta = 0.64 for implicit Euler's theta = 1: its "
                      "numerical damping, ~1 - exp(-pi sqrt(hbar) (2 theta - 1)) per collision, "
                      "keeps hbar = 1e-2 within 0.1 and still loses over 10% at hbar >= 1"),
      ClaimCheck{
          "Y-E0.symplectic-euler", kPaperYou2025,
          "App. E: on the same collision, symplectic Euler conserves energy well up to hbar <= 4, "
          "but not when hbar > 4",
          you2025_collision::symplectic_euler_sweep}
          .robust_to({{"integrator=symplectic-euler-q"},
                      {"integrator=stormer-verlet"},
                      {"integrator=implicit-midpoint"},
                      {"integrator=a-search"}},
                     "the exit energy depends only on hbar and the phase (not on v0, m or h), "
                     "and at hbar = 3 the contact lasts under two steps: no phase keeps v_out^2 "
                     "within 10% (0.35 to 3.6); Stormer-Verlet and symplectic Euler (q first) "
                     "give the same numbers, and none of the 35 registry methods is within 0.1 "
                     "below hbar = 4 and outside it above"),
      ClaimCheck{
          "Y-E4", kPaperYou2025,
          "Sec. 4.3 and App. E: on the IPC log barrier, as on the quadratic one, A-1 preserves the "
          "particle's speed through the collision while trapezoidal gains speed",
          you2025_collision::ipc_barrier_sweep}
          .flips_with({"alpha=0.8"}, Verdict::refuted,
                      "the decoupled method at alpha = 0.8 instead of A-1's 1: det Q -> alpha per "
                      "stiff step, so it dissipates through the barrier (|v_out| - 1 up to "
                      "0.27-0.33 in every unresolved cell)"),
  };
}

}  // namespace tibench
