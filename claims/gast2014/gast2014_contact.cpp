// Contact and robustness claims of Gast & Schroeder 2014, "Optimization
// Integrator for Large Time Steps" (SCA 2014), as numbered in the project's
// claims list (G):
//
//   G-M3   §3.1: the solver constants (length clamp ℓ = 1e3, downhill
//          test κ = 1e-2) on the stretched cube at one step per frame;
//   G-M3.cubic  §5.3: the self-collision penalty k d √(d + ε),
//          "approximately cubic in the penetration depth" (a definition:
//          the formula evaluated).
//   G-M5   §5.2: the object penalty Φ = kφ³ for φ < 0 (as printed), and its
//          repulsive reading −kφ³; a backward-Euler drop onto a plane.
//   G-R1   Figs. 3, 4, 8, 9: at one step per 24 Hz frame plain Newton fails
//          where the optimization integrator does not; random and collapsed
//          initial states recover.
//
// "Plain Newton" is backward Euler solved by Newton without line search and
// without any definiteness correction (line_search=false,
// psd_fallback=false); "the optimization integrator" is backward Euler
// solved as a minimization with the line search, the PSD fallback and Gast
// & Schroeder's §3.1 options (two-candidate guess, κ = 1e-2 downhill test,
// ℓ = 1e3 clamp). Both are allowed 500 iterations per solve (their Fig. 2's
// failure count). The scenes are the registry's cube-stretch-compress,
// particle-drop and the self-collision penalty of problems/contact/.
#include <algorithm>
#include <cmath>

#include "claims/contact_runs.hpp"
#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"
#include "meshes/tet_mesh.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/contact/self_collision.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

// Both solvers get Fig. 2's 500 iterations, so that a failure is the
// method's and not a smaller budget's.
const std::vector<std::string> kPlainNewton{"line_search=false", "psd_fallback=false",
                                            "newton_max_iters=500"};
// (Their Fig. 2 counts a solve as failed after 500 iterations.)
// ℓ = 1e3 unless a perturbation sets step_clamp.
std::vector<std::string> optimization(double step_clamp = 1e3) {
  return {"two_candidate_guess=true", "descent_safeguard=true",
          "step_clamp=" + format_real(step_clamp), "newton_max_iters=500"};
}

// The recovery checks' modulus scale: every run's E times the
// perturbation's E_scale=VALUE (1): the moduli are the check's choice, the
// paper prints none.
double modulus_scale(const ClaimContext& ctx) {
  return claims::input_or(claims::numeric_inputs(ctx.scene_overrides, {"E_scale"}), "E_scale", 1.0);
}
constexpr double kFrame = 1.0 / 24.0;

nlohmann::ordered_json run_json(const claims::ContactRun& r) {
  nlohmann::ordered_json j;
  j["status"] = to_string(r.status);
  if (r.status != RunStatus::ok) {
    j["failed_at_t"] = r.t_failed;
    j["message"] = r.message;
  }
  j["steps"] = r.steps;
  j["max_inverted_elements"] = r.max_inverted;
  return j;
}

// --- G-M5 -------------------------------------------------------------------

// The sign of k is not printed: k > 0 makes the printed k phi^3 the
// attracting energy, k < 0 the repulsive reading; the verdict over both
// (claims/protocol.hpp), recorded in out.measured.
Verdict sign_of_k_verdict(bool printed_attracts, bool repulsive_reading_holds, ClaimResult& out,
                          std::string& why) {
  const std::vector<claims::SweepPoint> sign_of_k{
      {"k > 0", printed_attracts ? Verdict::refuted : Verdict::reproduced},
      {"k < 0", repulsive_reading_holds ? Verdict::reproduced : Verdict::refuted}};
  return claims::judge_unstated(
      out.measured, "the sign of k", "k > 0 or k < 0",
      "Sec. 5.2 prints k phi^3 without k's sign; with k > 0 it is unbounded below inside the "
      "object, against Sec. 2.1 ('since Phi is also bounded from below') and the word penalty",
      sign_of_k, why);
}

ClaimResult check_object_penalty(const ClaimContext&) {
  ClaimResult out;
  const double k = problem_params(find_problem("particle-drop")).real("k_penalty");
  // As printed: Φ = kφ³ for φ < 0, on the plane φ = y.
  const double phi = -0.05;
  const double printed_energy = k * phi * phi * phi, printed_force = -3 * k * phi * phi;
  // Our reading Φ = −kφ³, through the problem's contact energy.
  const auto p = make_problem("particle-drop", {"contact=penalty", "g=0"});
  const ObstacleContact& c = *p->contact();
  Vec q(3), g;
  q << 0.0, phi, 0.0;
  c.add_gradient(q, g = Vec::Zero(3));
  const double energy = c.energy(q), force = -g[1];
  // One-sided values at |φ| = 1e-6 of Φ, Φ', Φ'' (Φ'' from the Hessian).
  auto one_sided = [&](double y) {
    Vec x(3), gy = Vec::Zero(3);
    x << 0.0, y, 0.0;
    Triplets t;
    c.add_hessian(x, t, false);
    c.add_gradient(x, gy);
    double h = 0;
    for (const auto& e : t)
      if (e.row() == 1 && e.col() == 1) h += e.value();
    return std::array<double, 3>{c.energy(x), gy[1], h};
  };
  const auto below = one_sided(-1e-6), above = one_sided(1e-6);
  // Backward-Euler drop from 1 m (h = 1 ms, 1 s: the impact), and the rest
  // penetration after settling from 0.1 m (h = 10 ms, 30 s; backward
  // Euler damps the contact oscillation) against 3kδ² = mg.
  const auto drop =
      claims::run_contact("particle-drop", {"contact=penalty"}, "backward-euler", {}, 1e-3, 1.0);
  const auto settle = claims::run_contact("particle-drop", {"contact=penalty", "y0=0.1"},
                                          "backward-euler", {}, 1e-2, 30.0);
  const double m = problem_params(find_problem("particle-drop")).real("m");
  const double gravity = problem_params(find_problem("particle-drop")).real("g");
  const double rest = -settle.final_state.q[1], rest_theory = std::sqrt(m * gravity / (3 * k));
  out.measured["k"] = k;
  out.measured["printed"] = {{"phi", phi}, {"energy", printed_energy}, {"force_y", printed_force}};
  out.measured["repulsive"] = {{"phi", phi}, {"energy", energy}, {"force_y", force}};
  out.measured["at_phi=-1e-6"] = below;
  out.measured["at_phi=+1e-6"] = above;
  out.measured["drop"] = run_json(drop);
  out.measured["drop"]["max_penetration"] = -drop.min_phi;
  out.measured["drop"]["rest_penetration"] = rest;
  out.measured["drop"]["rest_penetration_theory"] = rest_theory;
  const bool printed_attracts = printed_energy < 0 && printed_force < 0;
  const bool repulsive = energy > 0 && force > 0;
  const bool c2 = std::abs(below[0]) < 1e-12 && std::abs(below[1]) < 1e-6 &&
                  std::abs(below[2]) < 1e-3 * 6 * k * 0.05 &&
                  above == std::array<double, 3>{0, 0, 0};
  out.measured["settle"] = run_json(settle);
  const bool rests = drop.status == RunStatus::ok && settle.status == RunStatus::ok &&
                     std::abs(rest / rest_theory - 1) < 1e-3;
  std::string why;
  out.status = sign_of_k_verdict(printed_attracts, repulsive && c2 && rests, out, why);
  out.summary = std::string("as printed, k phi^3 is ") +
                (printed_energy < 0 ? "negative" : "positive") + " inside and pulls the particle " +
                (printed_force < 0 ? "into" : "out of") + " the object (force " +
                format_real(printed_force) +
                " N at phi = -0.05 m); the "
                "reading -k phi^3 " +
                (repulsive ? "repels" : "does not repel") + ", is C2 at phi = 0 (" +
                (c2 ? "yes" : "no") + "), and the BE drop rests at " + format_real(rest) +
                " m against sqrt(mg/3k) = " + format_real(rest_theory) + " m" +
                (why.empty() ? "" : " => " + why);
  out.expected =
      "Sec. 5.2: Phi = 0 for phi > 0 and Phi = k phi^3 otherwise, a penalty collision energy";
  out.tolerance =
      "signs exact; C2: |Phi|, |Phi'|, |Phi''| at |phi| = 1e-6 vanish to 1e-12, 1e-6, "
      "1e-3 x 6k|phi| scale; rest penetration within 0.1 % of sqrt(mg/3k)";
  out.interpretation =
      "A 1-D particle (particle-drop, m = 1 kg, k = 1e4 J/m^3) on the plane phi = y. "
      "The printed formula is evaluated as printed (refuted when it attracts); our "
      "penalty implements the repulsive reading -k phi^3 = k|phi|^3, checked for "
      "sign, smoothness, the impact of a BE drop from 1 m (h = 1 ms) and the closed-form rest "
      "penetration after settling from 0.1 m (h = 10 ms, 30 s).";
  return out;
}

// --- G-M3 -------------------------------------------------------------------

// A vertex of one tetrahedron pushed `depth` through the bottom face (z = 0)
// of another, the unit right-corner tetrahedron: its self-collision energy.
double self_penalty_at(double depth) {
  Eigen::Matrix3Xd x(3, 8);
  x.col(0) << 0, 0, 0;
  x.col(1) << 1, 0, 0;
  x.col(2) << 0, 1, 0;
  x.col(3) << 0, 0, 1;
  x.col(4) << 0.15, 0.15, -0.3;
  x.col(5) << 0.3, 0.15, -0.3;
  x.col(6) << 0.15, 0.3, -0.3;
  x.col(7) << 0.2, 0.2, depth;  // inside the first tetrahedron, depth above its face z = 0
  auto mesh = std::make_shared<const TetMesh>(
      make_tet_mesh(x, {{0, 1, 2, 3}, {4, 5, 6, 7}}, "G-M3: two tetrahedra"));
  SelfCollisionPenalty pen(mesh, 1.0, 1e-15);
  return pen.energy(mesh->vertices);
}

ClaimResult check_penalty_cubic(const ClaimContext&) {
  ClaimResult out;
  // Φ = k d √(d + ε) against the depth δ of a vertex inside the other body.
  std::vector<double> depths, energies;
  for (double d = 1e-5; d <= 1.01e-2; d *= std::sqrt(10.0)) {
    depths.push_back(d);
    energies.push_back(self_penalty_at(d));
  }
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(depths.size());
  for (std::size_t i = 0; i < depths.size(); ++i) {
    const double x = std::log(depths[i]), y = std::log(energies[i]);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  out.measured["self_penalty"] = {
      {"depths", depths}, {"energies", energies}, {"loglog_slope", slope}};
  const bool cubic = std::abs(slope - 3.0) < 0.05 && energies.front() > 0;
  out.status = cubic ? Verdict::reproduced : Verdict::refuted;
  out.summary = "self-collision penalty grows with depth^" + claims::short_real(slope) +
                " over 1e-5 ... 1e-2 m";
  out.expected =
      "Sec. 5.3: k d sqrt(d + eps), eps = 1e-15, is approximately cubic in the penetration "
      "depth";
  out.tolerance = "log-log slope 3 +- 0.05";
  out.interpretation =
      "The self-collision energy of a vertex pushed through a face of another tetrahedron "
      "(SelfCollisionPenalty, k = 1, eps = 1e-15) against the depth.";
  return out;
}

// Whether the optimization integrator with length clamp `clamp` runs the
// stretched cube (`extra`: scene parameters over the check's) at a frame
// step to t_end.
claims::ContactRun constants_run(bool fast, double clamp, const std::vector<std::string>& extra) {
  std::vector<std::string> cube{fast ? "mesh_size=0.5" : "mesh_size=0.2", "pulse_start=100"};
  cube.insert(cube.end(), extra.begin(), extra.end());
  return claims::run_contact("cube-stretch-compress", cube, "backward-euler", optimization(clamp),
                             kFrame, fast ? 0.5 : 1.0);
}

// The paper runs its constants on every scene and names none for them: the
// cube's initial stretch and modulus swept about the check's (2x, 1e5 Pa).
void judge_constants_scene(bool fast, bool runs, ClaimResult& out) {
  std::vector<claims::SweepPoint> stretch, modulus;
  for (const char* s : {"1.5", "2", "3"})
    stretch.push_back(
        {std::string(s) + "x",
         std::string(s) == "2" ? (runs ? Verdict::reproduced : Verdict::refuted)
         : constants_run(fast, 1e3, {std::string("stretch=") + s}).status == RunStatus::ok
             ? Verdict::reproduced
             : Verdict::refuted});
  for (const char* E : {"1e4", "1e5", "1e6"})
    modulus.push_back({std::string("E = ") + E + " Pa",
                       std::string(E) == "1e5" ? stretch[1].verdict
                       : constants_run(fast, 1e3, {std::string("E=") + E}).status == RunStatus::ok
                           ? Verdict::reproduced
                           : Verdict::refuted});
  claims::judge_unstated(
      out, {{"the cube's initial stretch", "1.5x .. 3x",
             "Sec. 3.1 states the constants for every scene; the stretched cube of Fig. 3 is ours "
             "to size",
             stretch},
            {"the cube's Young's modulus", "1e4 .. 1e6 Pa",
             "Sec. 3.1 gives no material for the constants; a soft and a stiff body", modulus}});
}

// Accepts step_clamp=VALUE (the length clamp l, 1e3).
ClaimResult check_solver_constants(const ClaimContext& ctx) {
  const double clamp = claims::input_or(claims::numeric_inputs(ctx.scene_overrides, {"step_clamp"}),
                                        "step_clamp", 1e3);
  ClaimResult out;
  const auto opt = constants_run(ctx.fast(), clamp, {});
  out.measured["stretched_cube_1_step_per_frame"] = run_json(opt);
  const bool runs = opt.status == RunStatus::ok;
  out.status = runs ? Verdict::reproduced : Verdict::refuted;
  out.summary = "backward Euler with l = " + format_real(clamp) + ", kappa = 1e-2 " +
                (runs ? "runs" : "fails on") + " the 2x stretched cube at 1/24 s";
  out.expected = "Sec. 3.1: l = 1e3, kappa = 1e-2 work";
  out.tolerance = "every step converges";
  out.interpretation =
      "The constants as integrator options (step_clamp = 1e3, descent_safeguard) on "
      "cube-stretch-compress before its pulse. Our Newton tolerance is relative to the position "
      "residual (not their tau on |grad E|, which they do not give), the line search is "
      "backtracking Armijo, not strong Wolfe, and the linear solver is a sparse LDL^T, not CG "
      "with their min(1/2, sigma sqrt(max(|grad E|, tau))) tolerance: those parts are not "
      "tested here.";
  if (ctx.scene_overrides.empty()) judge_constants_scene(ctx.fast(), runs, out);
  return out;
}

// --- G-R1 -------------------------------------------------------------------

// The smallest number of steps per frame in [from, 6] at which plain
// Newton runs the scene to t_end (0: none).
int newton_steps_per_frame(const std::vector<std::string>& scene, double t_end, int from) {
  for (int spf = from; spf <= 6; ++spf)
    if (claims::run_contact("cube-stretch-compress", scene, "backward-euler", kPlainNewton,
                            kFrame / spf, t_end)
            .status == RunStatus::ok)
      return spf;
  return 0;
}

// Fig. 3's verdict on the stretched cube at one step per frame: Newton
// fails and the optimization integrator runs; refuted when the latter fails.
struct StretchedCube {
  claims::ContactRun newton, opt;
  bool newton_fails() const { return newton.status != RunStatus::ok; }
  bool opt_runs() const { return opt.status == RunStatus::ok; }
  Verdict verdict() const {
    return newton_fails() && opt_runs() ? Verdict::reproduced
           : !opt_runs()                ? Verdict::refuted
                                        : Verdict::inconclusive;
  }
};

// The cube's mesh size [m]: coarse in fast mode.
std::string stretched_cube_mesh(bool fast) { return fast ? "0.5" : "0.2"; }

StretchedCube stretched_cube(const std::vector<std::string>& scene, double t_end) {
  return {claims::run_contact("cube-stretch-compress", scene, "backward-euler", kPlainNewton,
                              kFrame, t_end),
          claims::run_contact("cube-stretch-compress", scene, "backward-euler", optimization(),
                              kFrame, t_end)};
}

// What Fig. 3 does not give, swept (claims/protocol.hpp) at the check's
// length: the stretch, at the check's mesh; the mesh, at a 2x stretch
// (the paper's cube has 18.5k dofs, Sec. 6's table; the full ledger's
// meshes stop short of that for cost).
void judge_stretched_cube_choices(bool fast, double t_end, Verdict at_defaults, ClaimResult& out) {
  const std::string mesh = stretched_cube_mesh(fast);
  std::vector<claims::SweepPoint> stretch_sweep, mesh_sweep;
  for (const char* stretch : {"1.5", "2", "3"}) {
    const Verdict v = std::string(stretch) == "2"
                          ? at_defaults
                          : stretched_cube({"mesh_size=" + mesh, "pulse_start=100",
                                            std::string("stretch=") + stretch},
                                           t_end)
                                .verdict();
    stretch_sweep.push_back({std::string(stretch) + "x", v});
  }
  const std::vector<std::string> sizes = fast ? std::vector<std::string>{"0.35", "0.42", "0.5"}
                                              : std::vector<std::string>{"0.1", "0.14", "0.2"};
  for (const std::string& size : sizes) {
    const Verdict v =
        size == mesh ? at_defaults
                     : stretched_cube({"mesh_size=" + size, "pulse_start=100", "stretch=2"}, t_end)
                           .verdict();
    mesh_sweep.push_back({"mesh_size " + size + " m", v});
  }
  claims::judge_unstated(
      out, {{"the initial stretch", "1.5x .. 3x",
             "Fig. 3 shows a stretched cube and gives no factor; from a visible stretch (1.5x) "
             "to three times the rest length",
             stretch_sweep},
            {"the mesh", fast ? "mesh_size 0.35 .. 0.5 m (fast mode)" : "mesh_size 0.1 .. 0.2 m",
             "the paper's cube has 18.5k dofs (Sec. 6's table) and no size; the finest mesh "
             "the ledger affords to the coarsest that still resolves the cube's deformation "
             "(fast mode: its coarse stand-ins)",
             mesh_sweep}});
}

// Accepts stretch=VALUE (the initial stretch, 2).
ClaimResult check_stretched_cube(const ClaimContext& ctx) {
  ClaimResult out;
  const double stretch =
      claims::input_or(claims::numeric_inputs(ctx.scene_overrides, {"stretch"}), "stretch", 2.0);
  const std::vector<std::string> scene{"mesh_size=" + stretched_cube_mesh(ctx.fast()),
                                       "pulse_start=100", "stretch=" + format_real(stretch)};
  const double t_end = ctx.fast() ? 0.5 : 1.0;
  const StretchedCube cube = stretched_cube(scene, t_end);
  const int needed = newton_steps_per_frame(scene, t_end, 2);
  out.measured["newton_1_step_per_frame"] = run_json(cube.newton);
  out.measured["optimization_1_step_per_frame"] = run_json(cube.opt);
  out.measured["newton_steps_per_frame_needed"] = needed;
  out.status = cube.verdict();
  out.summary = std::string("at 1/24 s plain Newton ") + (cube.newton_fails() ? "fails" : "runs") +
                ", the optimization integrator " + (cube.opt_runs() ? "runs" : "fails") +
                "; plain Newton needs " + (needed ? std::to_string(needed) : "more than 6") +
                " steps per frame (paper: 3)";
  out.expected =
      "Fig. 3: on the stretched cube at one step per 24 Hz frame Newton fails and "
      "\"requires three time steps per frame\"; the optimization integrator converges";
  out.tolerance =
      "run status (a failing solve or divergence ends a run); steps per frame "
      "searched from 2 to 6";
  out.interpretation =
      "cube-stretch-compress without its pulse: a 1 m fixed-corotated cube "
      "(E = 1e5 Pa, nu = 0.3) released at rest from a " +
      format_real(stretch) + "x stretch along x, " + std::string(ctx.fast() ? "0.5 s" : "1 s") +
      "; the paper gives no size, material or stretch. Plain Newton: no line "
      "search, no definiteness fix; optimization: line search, PSD fallback, "
      "Sec. 3.1 options; 500 iterations per solve for both.";
  // A perturbed context is judged at its own inputs.
  if (ctx.scene_overrides.empty()) judge_stretched_cube_choices(ctx.fast(), t_end, out.status, out);
  return out;
}

struct PulseCase {
  double stretch, depth;
  claims::ContactRun newton, opt;
  std::string newton_outcome;  // "runs", "fails before the pulse", "fails at the pulse"
};

// Accepts pulse_depth=VALUE (one depth instead of the sweep's) and
// step_clamp=VALUE (the optimization integrator's l, 1e3).
// Fig. 4's pattern in each (stretch, depth) case — the optimization
// integrator runs and plain Newton survives the stretch and fails at the
// pulse — judged over the cases, since the paper gives neither: a pattern
// seen in some cases only is inconclusive (claims/protocol.hpp).
void judge_pulse_cases(const std::vector<PulseCase>& cases, ClaimResult& out) {
  std::vector<claims::SweepPoint> sweep;
  for (const PulseCase& c : cases)
    sweep.push_back({"stretch " + claims::short_real(c.stretch) + ", depth " +
                         claims::short_real(c.depth) + " m",
                     c.opt.status == RunStatus::ok && c.newton_outcome == "fails at the pulse"
                         ? Verdict::reproduced
                         : Verdict::refuted});
  claims::judge_unstated(
      out,
      {{"the stretch and the pulse's depth", "stretch 1.25 .. 1.5, depth 0.1 .. 0.3 m",
        "Fig. 4 shows a stretched cube and 'a simple pulse of compression' without sizes", sweep}});
}

ClaimResult check_stretch_compress(const ClaimContext& ctx) {
  ClaimResult out;
  const auto inputs = claims::numeric_inputs(ctx.scene_overrides, {"pulse_depth", "step_clamp"});
  const double clamp = claims::input_or(inputs, "step_clamp", 1e3);
  const double one_depth = claims::input_or(inputs, "pulse_depth", -1);
  const std::vector<double> depths = one_depth >= 0 ? std::vector<double>{one_depth}
                                     : ctx.fast()   ? std::vector<double>{0.3}
                                                    : std::vector<double>{0.1, 0.2, 0.3};
  const double pulse = ctx.fast() ? 0.5 : 1.0, t_end = pulse + (ctx.fast() ? 0.5 : 2.0);
  std::vector<PulseCase> cases;
  for (double stretch : {1.25, 1.5})
    for (double depth : depths) {
      const std::vector<std::string> scene{
          ctx.fast() ? "mesh_size=0.5" : "mesh_size=0.2", "stretch=" + format_real(stretch),
          "pulse_depth=" + format_real(depth), "pulse_start=" + format_real(pulse)};
      PulseCase c{stretch, depth,
                  claims::run_contact("cube-stretch-compress", scene, "backward-euler",
                                      kPlainNewton, kFrame, t_end),
                  claims::run_contact("cube-stretch-compress", scene, "backward-euler",
                                      optimization(clamp), kFrame, t_end),
                  ""};
      c.newton_outcome = c.newton.status == RunStatus::ok ? "runs"
                         : c.newton.t_failed < pulse      ? "fails before the pulse"
                                                          : "fails at the pulse";
      cases.push_back(std::move(c));
    }
  bool pattern = false, opt_all = true;
  int needed = -1;
  for (const auto& c : cases) {
    nlohmann::ordered_json j;
    j["stretch"] = c.stretch;
    j["pulse_depth"] = c.depth;
    j["newton"] = run_json(c.newton);
    j["newton_outcome"] = c.newton_outcome;
    j["optimization"] = run_json(c.opt);
    opt_all = opt_all && c.opt.status == RunStatus::ok;
    if (c.newton_outcome == "fails at the pulse" && !pattern) {
      pattern = true;
      needed = newton_steps_per_frame(
          {ctx.fast() ? "mesh_size=0.5" : "mesh_size=0.2", "stretch=" + format_real(c.stretch),
           "pulse_depth=" + format_real(c.depth), "pulse_start=" + format_real(pulse)},
          t_end, 2);
      j["newton_steps_per_frame_needed"] = needed;
    }
    out.measured["cases"].push_back(j);
  }
  out.status = !opt_all ? Verdict::refuted : pattern ? Verdict::reproduced : Verdict::inconclusive;
  out.summary = std::string("optimization integrator ") +
                (opt_all ? "runs every case" : "fails a case") + "; plain Newton " +
                (pattern ? "survives the stretch and fails at the pulse in at "
                           "least one case, needing " +
                               (needed > 0 ? std::to_string(needed) : std::string(">6")) +
                               " steps per frame (paper: 5)"
                         : "never survives the stretch and then fails at the pulse "
                           "in this sweep");
  if (out.status == Verdict::reproduced && ctx.scene_overrides.empty())
    judge_pulse_cases(cases, out);
  out.expected =
      "Fig. 4: at one step per frame Newton converges during the stretch phase, fails "
      "at a small compressive pulse and never recovers; it needs five steps per frame; "
      "the optimization integrator converges";
  out.tolerance =
      "run status; the pattern in every (stretch, depth) case (the paper gives neither): "
      "inconclusive when only some cases show it, or none";
  out.interpretation =
      "cube-stretch-compress at 1/24 s over a sweep of stretch (1.25, 1.5) and "
      "pulse depth (0.1-0.3 m past the rest face, plates moving in over two frames "
      "and out again, constraint contact). A run ends at its first failed solve, "
      "so \"never recovers\" is not observed.";
  return out;
}

// A recovery run at modulus E (already scaled by modulus_scale).
claims::ContactRun recovery_run(const ClaimContext& ctx, const std::string& shape, double E,
                                double t_end) {
  return claims::run_contact("cube-stretch-compress",
                             {ctx.fast() ? "mesh_size=0.5" : "mesh_size=0.25", "contact=none",
                              "initial_shape=" + shape, "E=" + format_real(E), "seed=7"},
                             "backward-euler", optimization(), kFrame, t_end);
}

// The one printed count the unstated stiffnesses leave testable: "high
// stiffness recovering in a single time step" (Figs. 8 and 9; Sec. 6: "a
// single step of backward Euler could untangle"). The paper's "high"
// modulus is not given: swept over 1e5 .. 1e7 Pa (E = 1e5 is the run of the
// three-stiffness series; the others run 1 s, ample for a count of 1).
Verdict single_step_verdict(const ClaimContext& ctx, const std::string& shape, long steps_at_1e5,
                            ClaimResult& out, std::string& why) {
  std::vector<claims::SweepPoint> sweep;
  nlohmann::ordered_json counts;
  for (double E : {1e5, 1e6, 1e7}) {
    const double scaled = E * modulus_scale(ctx);
    const long steps =
        E == 1e5 ? steps_at_1e5 : recovery_run(ctx, shape, scaled, 1.0).first_uninverted_step;
    const std::string modulus = format_real(scaled);
    counts[modulus] = steps;
    sweep.push_back(
        {"E = " + modulus + " Pa", steps == 1 ? Verdict::reproduced : Verdict::refuted});
  }
  out.measured["single_step_recovery"] = counts;
  return claims::judge_unstated(
      out.measured, "the 'high stiffness' modulus", "1e5 .. 1e7 Pa",
      "the paper gives no modulus; the three-stiffness series' stiffest is 1e5 Pa, and a "
      "1 m cube stiffer than 1e7 Pa is a rigid body at 1/24 s",
      sweep, why);
}

// Recovery of a cube from a random or collapsed state at three stiffnesses.
ClaimResult check_recovery(const ClaimContext& ctx, const std::string& shape,
                           const std::string& paper_counts) {
  ClaimResult out;
  const std::vector<double> moduli{1e3, 1e4, 1e5};
  const double t_end = ctx.fast() ? 2.0 : 10.0;
  std::vector<long> steps;
  std::string failures;
  bool all_ok = true, monotone = true;
  const double scale = modulus_scale(ctx);
  for (double E : moduli) {
    const auto r = recovery_run(ctx, shape, E * scale, t_end);
    nlohmann::ordered_json j = run_json(r);
    j["E"] = E * scale;
    j["recovered_after_steps"] = r.first_uninverted_step;
    out.measured["runs"].push_back(j);
    if (r.status != RunStatus::ok)
      failures += (failures.empty() ? "" : ", ") + std::string("E = ") + format_real(E) + ": " +
                  to_string(r.status) + " at t = " + format_real(r.t_failed) + " s";
    all_ok = all_ok && r.status == RunStatus::ok && r.first_uninverted_step > 0;
    if (!steps.empty() && r.first_uninverted_step > steps.back()) monotone = false;
    steps.push_back(r.first_uninverted_step);
  }
  // The paper's printed counts through the criterion: non-increasing with
  // stiffness, the stiffest recovered in one step.
  const auto counts_hold = [](const std::vector<long>& c) {
    return std::is_sorted(c.rbegin(), c.rend()) && c.back() == 1;
  };
  const std::vector<long> fig8{100, 40, 1}, fig9{120, 5, 1};
  out.measured[claims::kPaperData] = claims::paper_data_record(
      counts_hold(fig8) && counts_hold(fig9), {{"fig8_random", fig8}, {"fig9_point", fig9}},
      "non-increasing with stiffness, the stiffest in 1 step; the soft "
      "counts (about 4-5 s) disagree with Sec. 6's 'about 3s' and are "
      "not judged (the moduli are unstated)");
  std::string why;
  const Verdict single = single_step_verdict(ctx, shape, steps.back(), out, why);
  out.status = !all_ok                         ? Verdict::inconclusive
               : !monotone                     ? Verdict::refuted
               : single == Verdict::reproduced ? Verdict::reproduced
               : single == Verdict::refuted    ? Verdict::refuted
                                               : Verdict::inconclusive;
  std::string counts;
  for (long s : steps) counts += (counts.empty() ? "" : " / ") + std::to_string(s);
  out.summary = "steps until no element is inverted at E = 1e3 / 1e4 / 1e5 Pa" +
                (scale == 1 ? std::string() : " times " + format_real(scale)) + ": " + counts +
                " (-1: never) (paper: " + paper_counts + " for low / medium / high stiffness)" +
                (failures.empty() ? "" : "; the solve failed for " + failures) +
                "; a single step at the stiff end: " +
                (single == Verdict::inconclusive ? why : to_string(single));
  out.expected = "the optimization integrator recovers from every " + shape +
                 " state at 1/24 s, faster for stiffer material (" + paper_counts + " steps)";
  out.tolerance =
      "every run ends ok with no inverted element from some step on; recovery steps "
      "non-increasing with E; the high-stiffness cube recovers in 1 step (the printed count "
      "that does not depend on the unstated soft moduli) at every 'high' E swept";
  out.interpretation =
      "A 1 m fixed-corotated cube (" + std::string(ctx.fast() ? "coarse" : "about 400 tets") +
      ", nu = 0.3, rho = 1000, no gravity or obstacles) started " +
      (shape == "random" ? "with every vertex uniform in its box (seed 7)"
                         : "with every vertex at its centre") +
      ", backward Euler with the optimization solver at 1/24 s for " + format_real(t_end) +
      " s; three moduli two decades apart (the paper's "
      "stiffnesses and its 65^3-particle resolution are not given/too large).";
  return out;
}

const std::string kHundredTimesStiffer =
    "every modulus a hundred times larger (1e5, 1e6, 1e7 Pa): each run recovers, the counts "
    "fall with stiffness and the stiffest recovers in one step";

}  // namespace

std::vector<ClaimCheck> gast2014_contact_claims() {
  return {
      ClaimCheck{"G-M3", kPaperGast2014,
                 "Sec. 3.1: the solver constants l = 1e3 and kappa = 1e-2 are used and work at "
                 "large steps",
                 check_solver_constants}
          .flips_with({"step_clamp=1e-5"}, Verdict::refuted,
                      "a length clamp of 1e-5 m instead of 1e3: 500 iterations move a node at "
                      "most 5 mm per step, short of what the released cube moves, and a solve "
                      "fails"),
      {"G-M3.cubic", kPaperGast2014,
       "Sec. 5.3: the self-collision penalty k d sqrt(d + eps) is approximately cubic in the "
       "penetration",
       check_penalty_cubic,
       "evaluates the formula k d sqrt(d + eps) as implemented (SelfCollisionPenalty): the "
       "slope is the formula's, fixed once d is read, not a behaviour of a run"},
      {"G-M5", kPaperGast2014,
       "Sec. 5.2: object penalty collisions with Phi = k phi^3 for phi < 0 and 0 otherwise",
       check_object_penalty,
       "the verdict is the sign of k phi^3 for phi < 0 as printed, fixed by the formula; the "
       "drop and settle runs are reported"},
      ClaimCheck{"G-R1.stretched-cube", kPaperGast2014,
                 "Fig. 3: at one step per 24 Hz frame Newton fails on a stretched cube (it needs "
                 "three steps per frame); the optimization integrator does not",
                 check_stretched_cube}
          .flips_with({"stretch=3"}, Verdict::reproduced,
                      "a 3x stretch instead of 2x: fast mode's coarse cube then makes plain "
                      "Newton fail at one step per frame too"),
      ClaimCheck{"G-R1.stretch-compress", kPaperGast2014,
                 "Fig. 4: Newton converges during the stretch phase but a small compressive "
                 "pulse makes it fail (it needs five steps per frame); the optimization "
                 "integrator does not",
                 check_stretch_compress}
          .flips_with({"pulse_depth=0.05"}, Verdict::inconclusive,
                      "a 5 cm pulse instead of 30 cm: plain Newton no longer survives the "
                      "stretch and then fails at the pulse in any case"),
      ClaimCheck{"G-R1.random", kPaperGast2014,
                 "Fig. 8: from random positions the optimization integrator recovers over 100, "
                 "40 and 1 steps for low, medium and high stiffness",
                 [](const ClaimContext& c) { return check_recovery(c, "random", "100 / 40 / 1"); }}
          .flips_with({"E_scale=100"}, Verdict::reproduced, kHundredTimesStiffer),
      ClaimCheck{"G-R1.point", kPaperGast2014,
                 "Fig. 9: from all points at the origin it recovers over 120, 5 and 1 steps",
                 [](const ClaimContext& c) { return check_recovery(c, "point", "120 / 5 / 1"); }}
          .flips_with({"E_scale=100"}, Verdict::reproduced, kHundredTimesStiffer),
  };
}

}  // namespace tibench
