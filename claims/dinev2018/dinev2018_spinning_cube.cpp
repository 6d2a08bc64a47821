// Claim D-R1 of Dinev, Liu, Kavan 2018 §5 (Figs. 4–6): on a spinning
// corotated-linear cube at h = 0.033 s, backward Euler and BDF2 "damp out
// most of the energy", implicit midpoint "quickly explodes", the trapezoidal
// rule "survives longer … but still eventually explodes", and their blend
// "maintains the total energy over a long run", with angular momentum better
// than BDF1/BDF2 but not exact.
//
// Setup (Dinev et al. give the mesh counts, 386 vertices and 996 tets, the
// step and "several thousand steps"; no size, material or spin): the
// cube-stretch-compress body as a 10 cm cube at rest shape, rho = 1000,
// E = 5e4 Pa, nu = 0.3 (You et al. 2025's rotating cube, App. A),
// fixed-corotated elasticity (the hyperelastic corotated model, rotations
// inside the solve as in Dinev's Projective Dynamics; the corotated-linear
// model with the rotation fixed at the step start is not conservative at
// 0.5 rad of spin per step: with it BDF2's energy grows 1e12-fold in 39
// steps, which is that model's failure, not an integrator's), no gravity,
// no contact, spinning freely at 15 rad/s about the vertical axis through
// its centre of mass (You et al.'s spin rate; "a fixed axis" read as a
// fixed spin direction: nothing is pinned), mesh_size = 0.018 m (gmsh:
// the vertex and tet counts are recorded), 3000 steps of h = 0.033 s
// (fast mode: mesh_size = 0.05 m, 300 steps). Integrators: backward-euler,
// bdf2, implicit-midpoint, trapezoidal and blend-im (Dinev's blend with
// its defaults), Newton to convergence.
//
// Measured per method: H_n/H_0 and |L_n|/|L_0| after every step, the
// first step at which H exceeds 10 H_0, a state becomes non-finite, or the
// solver fails ("explodes"). Verdict: the blend keeps
// |H_n/H_0 − 1| ≤ 0.1 at every step; BE and BDF2 end below half of the
// blend's final H/H_0; implicit midpoint explodes within the run; the
// trapezoidal rule explodes later than implicit midpoint or not at all (its
// eventual explosion is reported, not judged: it may lie beyond the
// horizon); the blend retains more angular momentum than BE and BDF2.
//
// D-R1.alpha (Fig. 6): the blend's α per step with implicit midpoint as
// the start method (median ≤ 0.1: "typically close to 0") and with
// explicit symplectic Euler (median ≥ 0.9: "almost 1 for most of the
// simulation"), and with the latter |L| below 0.1 |L_0| within the first
// tenth of the run ("drops to nearly 0 very rapidly"); same scene. The
// symplectic-Euler start runs that tenth only, with a raised Newton cap
// (kSymplecticEulerStart); a run ending in a solver failure makes the
// verdict inconclusive rather than judging a truncated run.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"

namespace tibench {
namespace {

using claims::median;

constexpr double kExplosion = 10.0;  // H / H_0 that counts as exploded
constexpr double kBlendBand = 0.1;   // allowed |H/H_0 − 1| of the blend

struct SpinRun {
  double final_energy = 0.0, final_momentum = 0.0;  // ratios to the initial values
  double max_energy_deviation = 0.0;                // max |H_n/H_0 − 1|
  double max_momentum_deviation = 0.0;              // max ||L_n|/|L_0| − 1|
  long explosion_step = -1;                         // -1: none within the run
  std::string explosion;
  std::vector<double> alpha;      // the blend's α per step (energy-controlled methods)
  long momentum_below_10pc = -1;  // first step with |L_n| < 0.1 |L_0|
};

// ClaimContext::scene_overrides apply over the scene's parameters.
std::unique_ptr<Problem> spinning_cube(const ClaimContext& ctx) {
  std::vector<std::string> params{
      "contact=none", "initial_shape=rest",
      "lx=0.1",       "ly=0.1",
      "lz=0.1",       "material=fixed-corotated",
      "E=5e4",        "nu=0.3",
      "rho=1000",     "g=0",
      "wy=15",        ctx.fast() ? "mesh_size=0.05" : "mesh_size=0.018"};
  params.insert(params.end(), ctx.scene_overrides.begin(), ctx.scene_overrides.end());
  return make_problem("cube-stretch-compress", params);
}

// (A fresh problem per run: the body lags quantities at each step start.)
SpinRun spin(const ClaimContext& ctx, const std::string& integrator,
             const std::vector<std::string>& iparams, double h, long steps) {
  const auto problem = spinning_cube(ctx);
  const Problem& p = *problem;
  auto st = claims::stepper(integrator, p, h, iparams);
  State s = p.initial_state();
  const double H0 = p.total_energy(s), L0 = p.angular_momentum(s).norm();
  SpinRun run;
  for (long n = 1; n <= steps; ++n) {
    const StepReport report = st->step(s);
    if (report.status != StepStatus::ok) {
      run.explosion_step = n;
      run.explosion = std::string("solver failed: ") + report.message;
      return run;
    }
    if (std::isfinite(report.alpha)) run.alpha.push_back(report.alpha);
    const double H = p.total_energy(s) / H0;
    if (!std::isfinite(H) || H > kExplosion) {
      run.explosion_step = n;
      run.explosion = std::isfinite(H) ? "H > 10 H0" : "non-finite state";
      return run;
    }
    run.final_energy = H;
    run.final_momentum = p.angular_momentum(s).norm() / L0;
    run.max_momentum_deviation =
        std::max(run.max_momentum_deviation, std::abs(run.final_momentum - 1.0));
    run.max_energy_deviation = std::max(run.max_energy_deviation, std::abs(H - 1.0));
    if (run.momentum_below_10pc < 0 && run.final_momentum < 0.1) run.momentum_below_10pc = n;
  }
  return run;
}

constexpr double kSpinStep = 0.033;

long spin_steps(const ClaimContext& ctx) { return ctx.fast() ? 300 : 3000; }

// The run of one method, shared by D-R1 and D-R1.alpha.
const SpinRun& cached_spin(const ClaimContext& ctx, const std::string& integrator,
                           const std::vector<std::string>& iparams = {}, long steps = 0) {
  if (steps == 0) steps = spin_steps(ctx);
  std::string key = "dinev2018-spin-" + integrator + " steps=" + std::to_string(steps);
  for (const auto& param : iparams) key += " " + param;
  for (const auto& param : ctx.scene_overrides) key += " scene:" + param;
  return ctx.cache->get<SpinRun>(key,
                                 [&] { return spin(ctx, integrator, iparams, kSpinStep, steps); });
}

// The symplectic-Euler start leaves the backward-Euler stabilization far
// from its solution: on the fast mesh Newton needs up to 164 iterations
// (the default 50 fail at step 6), so the cap is raised to 300; the claim is
// about the blend, not the cap. On the full mesh the solve fails at step 25
// (with 1000 iterations it stalls at step 85, residual 2.3), which makes
// the verdict inconclusive there. Full mode runs the first tenth of the 3000 steps, the
// window in which the paper's "very rapidly" is judged.
const std::vector<std::string> kSymplecticEulerStart = {"start=symplectic-euler",
                                                        "newton_max_iters=300"};
long symplectic_euler_steps(const ClaimContext&) { return 300; }

double fraction(const std::vector<double>& v, bool (*keep)(double)) {
  if (v.empty()) return 0.0;
  return static_cast<double>(std::count_if(v.begin(), v.end(), keep)) /
         static_cast<double>(v.size());
}

nlohmann::ordered_json to_json(const SpinRun& r) {
  return {{"final_energy_ratio", r.final_energy},
          {"final_angular_momentum_ratio", r.final_momentum},
          {"max_energy_deviation", r.max_energy_deviation},
          {"max_angular_momentum_deviation", r.max_momentum_deviation},
          {"explosion_step", r.explosion_step},
          {"explosion", r.explosion}};
}

// D-R1's criterion on the runs of `ctx`'s scene.
Verdict spinning_cube_verdict(const ClaimContext& ctx) {
  const SpinRun &be = cached_spin(ctx, "backward-euler"), &bdf2 = cached_spin(ctx, "bdf2"),
                &im = cached_spin(ctx, "implicit-midpoint"), &tr = cached_spin(ctx, "trapezoidal"),
                &blend = cached_spin(ctx, "blend-im");
  const bool blend_keeps = blend.explosion_step < 0 && blend.max_energy_deviation <= kBlendBand;
  const bool damped = be.explosion_step < 0 && bdf2.explosion_step < 0 &&
                      be.final_energy < 0.5 * blend.final_energy &&
                      bdf2.final_energy < 0.5 * blend.final_energy;
  const bool im_explodes = im.explosion_step > 0;
  const bool tr_later = tr.explosion_step < 0 || tr.explosion_step > im.explosion_step;
  const bool momentum =
      blend.final_momentum > be.final_momentum && blend.final_momentum > bdf2.final_momentum;
  return blend_keeps && damped && im_explodes && tr_later && momentum ? Verdict::reproduced
                                                                      : Verdict::refuted;
}

// The spin, which the paper does not give (15 rad/s is You et al.'s), swept
// (claims/protocol.hpp); a perturbed context is judged at its own inputs.
void judge_spin(const ClaimContext& ctx, ClaimResult& r) {
  std::vector<claims::SweepPoint> sweep{{"15 rad/s", r.status}};
  for (const char* wy : {"3", "7"}) {
    ClaimContext spun = ctx;  // shares the cache
    spun.scene_overrides = {std::string("wy=") + wy};
    sweep.push_back({std::string(wy) + " rad/s", spinning_cube_verdict(spun)});
  }
  claims::judge_unstated(
      r, {{"the cube's spin", "3 .. 15 rad/s (0.1 .. 0.5 rad per step)",
           "Sec. 5 gives no size, material or spin for the spinning cube; Fig. 4's caption has "
           "implicit midpoint go wrong only after several hundred steps, a gentler spin than "
           "You et al.'s 15 rad/s",
           sweep}});
}

ClaimResult check_spinning_cube(const ClaimContext& ctx) {
  const long steps = spin_steps(ctx);
  const auto p = spinning_cube(ctx);  // for its mesh counts
  const SpinRun &be = cached_spin(ctx, "backward-euler"), &bdf2 = cached_spin(ctx, "bdf2"),
                &im = cached_spin(ctx, "implicit-midpoint"), &tr = cached_spin(ctx, "trapezoidal"),
                &blend = cached_spin(ctx, "blend-im");
  ClaimResult r;
  r.expected =
      "BE and BDF2 damp out most of the energy; IM quickly explodes; TR survives longer but "
      "eventually explodes; the blend maintains the total energy, with angular momentum better "
      "than BE/BDF2 (Sec. 5, Figs. 4-6)";
  r.tolerance =
      "blend |H/H0 - 1| <= 0.1 at every step; BE and BDF2 final H/H0 below half the blend's; IM "
      "explodes (H > 10 H0, non-finite or solver failure) within the run; TR explodes later "
      "than IM or not at all; blend's final |L|/|L0| above BE's and BDF2's";
  r.interpretation =
      "10 cm fixed-corotated cube (rho 1000, E 5e4 Pa, nu 0.3: You et al. 2025 App. A), free "
      "spin 15 rad/s about the vertical axis, no gravity or contact, mesh_size " +
      std::string(ctx.fast() ? "0.05" : "0.018") + " m, " + std::to_string(steps) +
      " steps of h = 0.033 s; backward-euler, bdf2, implicit-midpoint, trapezoidal, blend-im "
      "(defaults), Newton to convergence";
  nlohmann::ordered_json mesh;
  for (const auto& [key, value] : p->provenance()) mesh[key] = value;
  r.measured = {{"mesh", mesh},
                {"steps", steps},
                {"backward-euler", to_json(be)},
                {"bdf2", to_json(bdf2)},
                {"implicit-midpoint", to_json(im)},
                {"trapezoidal", to_json(tr)},
                {"blend-im", to_json(blend)}};
  r.status = spinning_cube_verdict(ctx);
  char line[320];
  std::snprintf(line, sizeof line,
                "H/H0 after %ld steps: BE %.3f, BDF2 %.3f, blend %.3f (max dev %.3f); IM explodes "
                "at step %ld (|L| within %.1e until then), TR at %ld (-1: never); |L|/|L0| BE "
                "%.3f, BDF2 %.3f, blend %.3f",
                steps, be.final_energy, bdf2.final_energy, blend.final_energy,
                blend.max_energy_deviation, im.explosion_step, im.max_momentum_deviation,
                tr.explosion_step, be.final_momentum, bdf2.final_momentum, blend.final_momentum);
  r.summary = line;
  if (ctx.scene_overrides.empty()) judge_spin(ctx, r);
  return r;
}

// "Very rapidly" read as a window of the run's first steps, swept
// (claims/protocol.hpp): a twentieth to a fifth of the run. alpha_holds is
// the rest of the criterion (the medians of alpha).
void judge_rapid_window(const SpinRun& se_start, long steps, bool alpha_holds, ClaimResult& r) {
  std::vector<claims::SweepPoint> window;
  for (const long divisor : {20L, 10L, 5L}) {
    const bool rapid =
        se_start.momentum_below_10pc > 0 && se_start.momentum_below_10pc <= steps / divisor;
    window.push_back({"the first " + std::to_string(steps / divisor) + " steps (1/" +
                          std::to_string(divisor) + " of the run)",
                      alpha_holds && rapid ? Verdict::reproduced : Verdict::refuted});
  }
  claims::judge_unstated(
      r, {{"the window behind \"very rapidly\"", "the first 1/20 .. 1/5 of the run",
           "Sec. 5 (Fig. 6) says the angular momentum drops to nearly 0 \"very rapidly\" and "
           "gives no time; a twentieth of the run is the narrowest plausible reading, a fifth "
           "the widest that is still rapid",
           window}});
}

ClaimResult check_blend_alpha(const ClaimContext& ctx) {
  const SpinRun& im_start = cached_spin(ctx, "blend-im");
  const SpinRun& se_start =
      cached_spin(ctx, "blend-im", kSymplecticEulerStart, symplectic_euler_steps(ctx));
  const auto small = [](double a) { return a < 0.1; };
  const auto large = [](double a) { return a > 0.9; };
  ClaimResult r;
  r.expected =
      "alpha is typically close to 0 with implicit midpoint as the start method; with explicit "
      "symplectic Euler it is almost 1 for most of the simulation and the angular momentum "
      "drops to nearly 0 very rapidly (Fig. 6)";
  r.tolerance =
      "median alpha <= 0.1 with the IM start and >= 0.9 with the symplectic-Euler start, and "
      "|L| < 0.1 |L0| within the first tenth of the run with the symplectic-Euler start";
  r.interpretation =
      "the D-R1 spinning cube (same mesh, step and length); blend-im with start = "
      "implicit-midpoint (default) and start = symplectic-euler (newton_max_iters = 300; 300 "
      "steps, the first tenth of the full run); alpha as each step reports it (0 when the start "
      "step is kept); inconclusive when a run ends in a solver failure";
  const long steps = spin_steps(ctx);
  r.measured = {{"steps", steps},
                {"symplectic_euler_start_steps", symplectic_euler_steps(ctx)},
                {"im_start",
                 {{"median_alpha", median(im_start.alpha)},
                  {"fraction_alpha_below_0.1", fraction(im_start.alpha, small)},
                  {"final_angular_momentum_ratio", im_start.final_momentum},
                  {"explosion_step", im_start.explosion_step}}},
                {"symplectic_euler_start",
                 {{"median_alpha", median(se_start.alpha)},
                  {"fraction_alpha_above_0.9", fraction(se_start.alpha, large)},
                  {"first_step_angular_momentum_below_0.1", se_start.momentum_below_10pc},
                  {"final_angular_momentum_ratio", se_start.final_momentum},
                  {"explosion_step", se_start.explosion_step}}}};
  const bool im_small = median(im_start.alpha) <= 0.1;
  const bool se_large = median(se_start.alpha) >= 0.9;
  const bool se_rapid =
      se_start.momentum_below_10pc > 0 && se_start.momentum_below_10pc <= steps / 10;
  r.status = im_small && se_large && se_rapid ? Verdict::reproduced : Verdict::refuted;
  for (const SpinRun* run : {&im_start, &se_start})
    if (run->explosion.rfind("solver failed", 0) == 0) {
      r.status = Verdict::inconclusive;
      r.summary = "a blend run ended at step " + std::to_string(run->explosion_step) + ": " +
                  run->explosion;
      return r;
    }
  char line[240];
  std::snprintf(line, sizeof line,
                "median alpha %.3f with the IM start, %.3f with symplectic Euler; with it |L| < "
                "0.1 |L0| from step %ld (-1: never; judged within %ld), |L|/|L0| = %.3g after "
                "%ld steps",
                median(im_start.alpha), median(se_start.alpha), se_start.momentum_below_10pc,
                steps / 10, se_start.final_momentum, symplectic_euler_steps(ctx));
  r.summary = line;
  // A perturbed context is judged at its own inputs.
  if (ctx.scene_overrides.empty()) judge_rapid_window(se_start, steps, im_small && se_large, r);
  return r;
}

}  // namespace

std::vector<ClaimCheck> dinev2018_spinning_cube_claims() {
  return {
      ClaimCheck{
          "D-R1", kPaperDinev2018,
          "Sec. 5, Figs. 4-6: on a spinning corotated cube BE and BDF2 damp most of the energy, IM "
          "explodes quickly, TR later, the blend keeps the energy",
          check_spinning_cube}
          .flips_with({"wy=3"}, Verdict::refuted,
                      "the cube spun five times slower (0.1 rad per step): BDF2 keeps 0.95 of "
                      "the energy and implicit midpoint no longer explodes"),
      ClaimCheck{
          "D-R1.alpha", kPaperDinev2018,
          "Fig. 6: on the spinning cube alpha is typically close to 0 with IM as the start method; "
          "with explicit symplectic Euler it is almost 1 and angular momentum drops to nearly 0 "
          "very rapidly",
          check_blend_alpha}
          .flips_with({"damping=rayleigh", "alpha=2"}, Verdict::reproduced,
                      "mass-proportional Rayleigh damping (2/s) takes the rotation out: with the "
                      "symplectic Euler start |L| falls below 0.1 |L0| by step 26 (the cut-off "
                      "is 30) while alpha stays about 1 and 0 for the two starts. It shows that "
                      "the measured decay time decides the verdict; it does not make the start "
                      "method the cause (with the IM start |L| falls below 0.1 by step 38 too), "
                      "and eleven changes of spin or material tried alone did not flip it"),
  };
}

}  // namespace tibench
