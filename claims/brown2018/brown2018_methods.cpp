// Method claims of Brown, Overby, Forootaninia & Narain 2018, "Accurate
// Dissipative Forces in Optimization Integrators", ACM TOG 37(6):282, with
// ids as in `tibench list claims`:
//
//   B-I1  Table 1 / Eqs. 6–12: the one-stage family as minimizations
//         reproduces the classical updates.
//   B-T1  §4.3: the optimization TR-BDF2 stage algebra (δ_BDF2, the α of both
//         stages at γ = 2 − √2, the printed coefficients, second order).
//   B-T2  §4.3: "γ = 2 − √2 is the only choice for which TR-BDF2 is L-stable".
//   B-A1  §5–5.1: first-order dissipative scheme vs the second-order correction.
//   B-R2  optimization vs Newton TR-BDF2 agree for conservative forces.
#include <cmath>
#include <complex>
#include <map>
#include <stdexcept>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/protocol.hpp"
#include "claims/support.hpp"
#include "core/random.hpp"
#include "harness/analysis/convergence.hpp"
#include "harness/run/run_cell.hpp"
#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/engines/optimization_integrators.hpp"

namespace tibench {
namespace {

using claims::scale_of;
using claims::step_once;
using claims::stepper;

// Residuals of the classical one-stage updates on x'' = −sin x (pendulum
// with m = g = L = 1), scaled as in D-S1: positions by max|x|, velocities by
// max(|v|, |x|/h) (the resolution of velocities formed from positions).
ClaimResult one_stage_family(const ClaimContext& ctx) {
  const int samples = ctx.fast() ? 100 : 1000;
  auto p = make_problem("pendulum");
  auto a = [](double x) { return -std::sin(x); };
  SplitMix64 rng(6);
  std::map<std::string, double> worst{{"FE", 0}, {"BE", 0}, {"IM", 0}, {"TR", 0}, {"BDF2", 0}};
  const std::vector<std::string> tight{"newton_tol=1e-14"};
  for (int k = 0; k < samples; ++k) {
    const State s0{Vec::Constant(1, rng.uniform(-3, 3)), Vec::Constant(1, rng.uniform(-3, 3)), 0};
    const double h = rng.log_uniform(1e-3, 0.5);
    const double x0 = s0.q[0], v0 = s0.v[0];
    auto rel = [&](double rx, double rv, double x1, double v1) {
      return std::max(std::abs(rx) / scale_of(x0, x1, 1e-300),
                      std::abs(rv) / scale_of(v0, v1, (std::abs(x0) + std::abs(x1)) / h));
    };
    auto st = stepper("forward-euler", *p, h);
    State s1 = step_once(*st, s0);
    worst["FE"] = std::max(worst["FE"],
                           rel(s1.q[0] - x0 - h * v0, s1.v[0] - v0 - h * a(x0), s1.q[0], s1.v[0]));
    st = stepper("opt-backward-euler", *p, h, tight);
    s1 = step_once(*st, s0);
    worst["BE"] = std::max(worst["BE"], rel(s1.q[0] - x0 - h * s1.v[0],
                                            s1.v[0] - v0 - h * a(s1.q[0]), s1.q[0], s1.v[0]));
    st = stepper("implicit-midpoint", *p, h, tight);
    s1 = step_once(*st, s0);
    worst["IM"] =
        std::max(worst["IM"], rel(s1.q[0] - x0 - h / 2 * (v0 + s1.v[0]),
                                  s1.v[0] - v0 - h * a((x0 + s1.q[0]) / 2), s1.q[0], s1.v[0]));
    st = stepper("opt-trapezoidal", *p, h, tight);
    s1 = step_once(*st, s0);
    worst["TR"] =
        std::max(worst["TR"], rel(s1.q[0] - x0 - h / 2 * (v0 + s1.v[0]),
                                  s1.v[0] - v0 - h / 2 * (a(x0) + a(s1.q[0])), s1.q[0], s1.v[0]));
    // BDF2: the second step (the first is the backward-Euler start).
    st = stepper("opt-bdf2", *p, h, tight);
    const State m1 = step_once(*st, s0);
    const State s2 = step_once(*st, m1);
    const double x1 = m1.q[0], v1 = m1.v[0], x2 = s2.q[0], v2 = s2.v[0];
    worst["BDF2"] = std::max(
        worst["BDF2"],
        std::max(std::abs(x2 - (4 * x1 - x0) / 3 - 2 * h / 3 * v2) / scale_of(x1, x2, 1e-300),
                 std::abs(v2 - (4 * v1 - v0) / 3 - 2 * h / 3 * a(x2)) /
                     scale_of(v1, v2, (std::abs(x1) + std::abs(x2)) / h)));
  }
  ClaimResult r;
  r.expected = "each row of Table 1, solved as a minimization, satisfies its classical update";
  r.tolerance = "relative residual <= 1e-10 (solver tolerance newton_tol = 1e-14)";
  r.interpretation =
      "rows FE, BE, TR, BDF2 by the registry's forward-euler, opt-backward-euler, opt-trapezoidal, "
      "opt-bdf2 (its second step); the IM row (y^q = (y^n + y^{n+1})/2, which Brown et al. set "
      "aside) by the registry's implicit-midpoint, itself a minimization of the incremental "
      "potential with tau = h/2; problem x'' = -sin x, random x0, v0 in [-3, 3], h in [1e-3, 0.5]";
  r.measured = nlohmann::ordered_json::object();
  double max_all = 0;
  for (const auto& [row, value] : worst) {
    r.measured["max_residual_" + row] = value;
    max_all = std::max(max_all, value);
  }
  r.measured["samples"] = samples;
  r.status = max_all <= 1e-10 ? Verdict::reproduced : Verdict::refuted;
  r.summary = "largest relative residual over all rows: " + format_real(max_all);
  return r;
}

ClaimResult tr_bdf2_algebra(const ClaimContext&) {
  const double g = OptimizationStepper::tr_bdf2_gamma();
  const double c1 = (1 - g) / g, c2 = -1 / (g * (1 - g)), c3 = (2 - g) / (1 - g);
  // δ_BDF2 on y = 1 + 2t + 3t² over [0, h] against y'(h).
  double delta_residual = 0;
  for (double h : {0.01, 0.3, 2.0}) {
    auto y = [](double t) { return 1 + 2 * t + 3 * t * t; };
    const double d = (c1 * y(0) + c2 * y(g * h) + c3 * y(h)) / h;
    delta_residual = std::max(delta_residual, std::abs(d - (2 + 6 * h)) / (2 + 6 * h));
  }
  const double alpha_tr = g / 2, alpha_bdf2 = (1 - g) / (2 - g);
  const double from_eq33 = -c1 / c3;  // coefficient of y^n in Eq. (34)
  const double printed_eq34 = -(1 - g * g) / (g * (2 - g));
  const double printed_eq36 = -(1 - g) * (1 - g) / (g * (2 - g));
  // Second order on the harmonic oscillator (exact reference), actual step sizes.
  std::vector<double> hs, errs;
  for (int j = 0; j < 5; ++j) {
    CellSpec c;
    c.problem = "oscillator";
    c.problem_params = {"n=3", "v0=0.5"};
    c.integrator = "opt-tr-bdf2";
    c.h = 0.02 * std::pow(0.5, j);
    c.t_end = 2.0;
    c.max_samples = 1;
    const RunRecord rec = run_cell(c);
    hs.push_back(rec.h);
    errs.push_back(rec.metrics["err_final"]);
  }
  const OrderFit fit = fit_order(hs, errs);
  ClaimResult r;
  r.expected =
      "delta_BDF2 exact for quadratics; alpha_TR = alpha_BDF2 at gamma = 2 - sqrt 2; second order";
  r.tolerance =
      "delta residual <= 1e-12 relative; |alpha_TR - alpha_BDF2| <= 1e-15; observed "
      "order 2 +- 0.1";
  r.interpretation =
      "stages implemented from Eqs. (33), (35), (36) in the one-stage form (6) with the TR stage "
      "ending at y^{n+gamma} (registry 'opt-tr-bdf2'); the coefficient of y^n in Eq. (34) is "
      "evaluated as -c1/c3 from Eq. (33) and reported next to both printed forms";
  r.measured = {{"delta_bdf2_max_relative_residual", delta_residual},
                {"alpha_tr", alpha_tr},
                {"alpha_bdf2", alpha_bdf2},
                {"alpha_difference", std::abs(alpha_tr - alpha_bdf2)},
                {"y_n_coefficient_from_eq33", from_eq33},
                {"printed_eq34_minus_(1-g^2)/(g(2-g))", printed_eq34},
                {"printed_eq36_minus_(1-g)^2/(g(2-g))", printed_eq36},
                {"h", hs},
                {"err_final", errs},
                {"observed_order", fit.slope},
                {"fit_r2", fit.r2}};
  const bool ok = delta_residual <= 1e-12 && std::abs(alpha_tr - alpha_bdf2) <= 1e-15 &&
                  std::abs(fit.slope - 2) <= 0.1;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = "alpha_TR - alpha_BDF2 = " + format_real(alpha_tr - alpha_bdf2) +
              ", observed order " + format_real(fit.slope) + "; Eq. (34) prints " +
              format_real(printed_eq34) + " for the y^n coefficient, Eq. (33) gives " +
              format_real(from_eq33) + " (= Eq. (36b))";
  return r;
}

ButcherTableau tr_bdf2_tableau(double g) {
  const double w = 1 / (2 * (2 - g)), d = (1 - g) / (2 - g);
  Eigen::MatrixXd A(3, 3);
  A << 0, 0, 0, g / 2, g / 2, 0, w, w, d;
  return ButcherTableau::from_matrices("tr-bdf2(gamma)", A, Eigen::Vector3d(w, w, d));
}

ClaimResult tr_bdf2_l_stability(const ClaimContext&) {
  const double g_star = OptimizationStepper::tr_bdf2_gamma();
  std::vector<double> gammas;
  for (int k = 1; k < 20; ++k) gammas.push_back(k / 20.0);
  gammas.push_back(g_star);
  std::sort(gammas.begin(), gammas.end());
  nlohmann::ordered_json table = nlohmann::ordered_json::array();
  std::vector<double> l_stable_gammas;
  for (double g : gammas) {
    const TableauProperties t = compute_properties(tr_bdf2_tableau(g));
    nlohmann::ordered_json far = nlohmann::ordered_json::array();
    for (double x : {1e4, 1e6, 1e8}) far.push_back(std::abs(t.R({-x, 0.0})));
    table.push_back({{"gamma", g},
                     {"sup_abs_R_imaginary_axis", t.max_abs_r_imag_axis},
                     {"sup_abs_R_left_half_plane", t.max_abs_r_left_half_plane},
                     {"abs_R_at_-1e4_-1e6_-1e8", far},
                     {"r_inf", t.r_inf},
                     {"a_stable", t.a_stable},
                     {"l_stable", t.l_stable}});
    if (t.l_stable) l_stable_gammas.push_back(g);
  }
  // The registry's opt-tr-bdf2 engine, stepped on damped oscillators,
  // against the tableau's R(z) at γ = 2 − √2.
  const IntegratorInfo& opt = find_integrator("opt-tr-bdf2");
  const TableauProperties star = compute_properties(tr_bdf2_tableau(g_star));
  double engine_vs_R = 0;
  for (auto z : {std::complex<double>(-0.5, 1.0), std::complex<double>(-10.0, 3.0),
                 std::complex<double>(0.0, 5.0), std::complex<double>(-100.0, 80.0)}) {
    const Eigen::VectorXcd mu = balanced_eigenvalues(
        update_matrix_at([&](const Problem& p, double h) { return opt.stepper(p, h); }, z),
        std::abs(z));
    const std::complex<double> R = star.R(z);
    double best = INFINITY;
    for (Eigen::Index i = 0; i < mu.size(); ++i) best = std::min(best, std::abs(mu[i] - R));
    engine_vs_R = std::max(engine_vs_R, best / std::max(1e-300, std::abs(R)));
  }
  ClaimResult r;
  r.expected = "gamma = 2 - sqrt 2 is the only choice for which TR-BDF2 is L-stable";
  r.tolerance =
      "A-stable: |R| <= 1 + 1e-10 on the sampled imaginary axis and left half-plane; "
      "L-stable: A-stable and |R(inf)| <= 1e-10";
  r.interpretation =
      "TR-BDF2 family tableau (Bank et al. 1985) for gamma on a grid in (0, 1) including "
      "2 - sqrt 2; L-stability = A-stability + R(z) -> 0 (Y Sec. 3.3 and L Sec. 1 state only the "
      "decay; both are reported per gamma); the registry's opt-tr-bdf2 engine is checked to have "
      "the eigenvalues R(z) on damped oscillators";
  r.measured = {{"per_gamma", table},
                {"l_stable_gammas", l_stable_gammas},
                {"opt_tr_bdf2_engine_vs_R_max_relative_difference", engine_vs_R}};
  const bool only_star =
      l_stable_gammas.size() == 1 && std::abs(l_stable_gammas[0] - g_star) < 1e-12;
  r.status = only_star ? Verdict::reproduced : Verdict::refuted;
  r.summary = std::to_string(l_stable_gammas.size()) + " of " + std::to_string(gammas.size()) +
              " gamma values give an L-stable tableau (R(inf) = 0 for every gamma in (0, 1); "
              "A-stability decides)";
  return r;
}

ClaimResult optimization_vs_newton(const ClaimContext& ctx) {
  const long steps = ctx.fast() ? 200 : 2000;
  auto run_pair = [&](const Problem& p, double h) {
    auto opt = stepper("opt-tr-bdf2", p, h, {"newton_tol=1e-14"});
    auto rk = stepper("tr-bdf2", p, h, {"newton_tol=1e-14"});
    State a = p.initial_state(), b = a;
    double worst = 0;
    for (long n = 0; n < steps; ++n) {
      a = step_once(*opt, a);
      b = step_once(*rk, b);
      worst = std::max({worst, (a.q - b.q).cwiseAbs().maxCoeff() / (1 + b.q.cwiseAbs().maxCoeff()),
                        (a.v - b.v).cwiseAbs().maxCoeff() / (1 + b.v.cwiseAbs().maxCoeff())});
    }
    return worst;
  };
  auto pendulum = make_problem("pendulum", {"theta0=2.5"});
  const double conservative = run_pair(*pendulum, 0.05);
  auto damped = make_linear_test_problem(1.0, 0.3, 4.0);
  const double q_independent_damping = run_pair(*damped, 0.05);
  ClaimResult r;
  r.expected =
      "for conservative forces the optimization and Newton formulations of TR-BDF2 solve "
      "the same equations";
  r.tolerance = "max relative state difference <= 1e-9 over the run";
  r.interpretation =
      "registry 'opt-tr-bdf2' (minimization, Eq. 31) against 'tr-bdf2' (ESDIRK stages by the "
      "generic Runge-Kutta engine), both to newton_tol = 1e-14, " +
      std::to_string(steps) +
      " steps of h = 0.05 on the pendulum (theta0 = 2.5) and on m x'' + c x' + k x = 0 with "
      "R = c v^2/2 (q-independent dissipation)";
  r.measured = {{"steps", steps},
                {"max_difference_conservative", conservative},
                {"max_difference_q_independent_damping", q_independent_damping}};
  r.status = conservative <= 1e-9 ? Verdict::reproduced : Verdict::refuted;
  r.summary = "difference " + format_real(conservative) + " (conservative), " +
              format_real(q_independent_damping) + " (q-independent damping)";
  return r;
}

// Final-state errors of an optimization rule on a problem over the step
// ladder h = 0.02 · 2^-j, both dissipation terms, measured by the harness's
// run_cell against its reference (fine RK4 with self-convergence and dopri5
// cross-check, or the exact solution).
struct DissipativeLadder {
  std::vector<double> h;
  std::map<std::string, std::vector<double>> err;  // by dissipation term
};

DissipativeLadder dissipative_ladder(const std::string& integrator, const std::string& problem,
                                     const std::vector<std::string>& problem_params, int levels) {
  DissipativeLadder out;
  // Every cell has the same problem, t_end and output time: one reference.
  CellSpec first;
  first.problem = problem;
  first.problem_params = problem_params;
  first.t_end = 2.0;
  first.h_ref = 1e-5;
  const auto p = make_problem(problem, problem_params);
  const Reference ref = compute_reference(*p, reference_request(first));
  if (!ref.ok) throw std::runtime_error(problem + ": reference failed: " + ref.message);
  RunContext ctx;
  ctx.reference = &ref;
  for (const std::string term : {"first-order", "second-order"}) {
    std::vector<double> hs, errs;
    for (int j = 0; j < levels; ++j) {
      CellSpec c;
      c.problem = problem;
      c.problem_params = problem_params;
      c.integrator = integrator;
      c.integrator_params = {"dissipation=" + term, "newton_tol=1e-14"};
      c.h = 0.02 * std::pow(0.5, j);
      c.t_end = 2.0;
      c.max_samples = 1;
      c.h_ref = 1e-5;
      const RunRecord rec = run_cell(c, ctx);
      if (rec.status != RunStatus::ok)
        throw std::runtime_error(integrator + " " + term + ": " + to_string(rec.status));
      const double e = rec.metrics["err_final"];
      if (!std::isfinite(e))
        throw std::runtime_error(integrator + " " + term + ": error not measured (" +
                                 to_string(rec.reference_check) + ")");
      hs.push_back(rec.h);
      errs.push_back(e);
    }
    out.h = hs;
    out.err[term] = errs;
  }
  return out;
}

// Slope over the last three halvings (the last four step sizes).
// The fitted slope over the last `points` step sizes (points - 1 halvings).
double tail_slope(const std::vector<double>& h, const std::vector<double>& err,
                  std::size_t points = 4) {
  const std::size_t k = h.size() >= points ? h.size() - points : 0;
  return fit_order({h.begin() + static_cast<long>(k), h.end()},
                   {err.begin() + static_cast<long>(k), err.end()})
      .slope;
}

// B-A1's criterion on opt-tr-bdf2's slopes: uncorrected first order and
// corrected second order with x-dependent R, uncorrected second order with
// x-independent R.
Verdict dissipative_verdict(double uncorrected, double corrected, double independent) {
  return std::abs(uncorrected - 1.0) <= 0.15 && std::abs(corrected - 2.0) <= 0.1 &&
                 std::abs(independent - 2.0) <= 0.1
             ? Verdict::reproduced
             : Verdict::refuted;
}

// What B-A1 had to choose, swept (claims/protocol.hpp): the stand-in's
// amplitude x0, on which grad_x R's share of the dissipation depends, and
// the window of step sizes the slopes are fitted over. The x-independent
// case is linear, so its relative errors do not depend on x0.
void judge_dissipative_choices(const DissipativeLadder& q_dep, const DissipativeLadder& q_indep,
                               int levels, ClaimResult& r) {
  const double independent = tail_slope(q_indep.h, q_indep.err.at("first-order"));
  std::vector<claims::SweepPoint> amplitude;
  nlohmann::ordered_json slopes = nlohmann::ordered_json::object();
  for (const char* x0 : {"0.5", "1", "2"}) {
    const DissipativeLadder l = std::string(x0) == "1"
                                    ? q_dep
                                    : dissipative_ladder("opt-tr-bdf2", "dissipative-1d",
                                                         {std::string("x0=") + x0}, levels);
    const double first = tail_slope(l.h, l.err.at("first-order"));
    const double second = tail_slope(l.h, l.err.at("second-order"));
    slopes[std::string("x0 = ") + x0] = {{"uncorrected", first}, {"corrected", second}};
    amplitude.push_back(
        {std::string("x0 = ") + x0 + " m", dissipative_verdict(first, second, independent)});
  }
  r.measured["opt-tr-bdf2_slopes_by_x0"] = slopes;
  std::vector<claims::SweepPoint> window;
  for (const std::size_t points : {3, 4, 5})
    window.push_back(
        {"last " + std::to_string(points - 1) + " halvings",
         dissipative_verdict(tail_slope(q_dep.h, q_dep.err.at("first-order"), points),
                             tail_slope(q_dep.h, q_dep.err.at("second-order"), points),
                             tail_slope(q_indep.h, q_indep.err.at("first-order"), points))});
  claims::judge_unstated(
      r, {{"the stand-in's amplitude x0", "0.5 .. 2 m",
           "Brown et al. give no scene for Secs. 5-5.1; over 0.5 .. 2 m the coefficient 1 + x^2 "
           "of R changes by 25 % to 5x along the motion, so grad_x R takes part in the "
           "dissipation (near x0 = 0 it vanishes: the declared perturbation)",
           amplitude},
          {"the slope's window", "the last 2 .. 4 of the 7 halvings",
           "the paper states orders, not the step sizes they show at; the finest steps are "
           "the asymptotic ones, and 2 .. 4 halvings keep the fit over them",
           window}});
}

ClaimResult dissipative_order(const ClaimContext& ctx) {
  // j = 0 … 7: at x0 = 0.5 the uncorrected error reaches its first-order
  // regime only below h = 0.00125 (its slope is 0.58 over j = 2 … 5).
  const int levels = 8;
  // The verdict rests on opt-tr-bdf2; the other second-order rules are
  // reported alongside in the full run.
  std::vector<std::string> rules{"opt-tr-bdf2"};
  if (!ctx.fast()) rules.insert(rules.end(), {"opt-trapezoidal", "opt-bdf2"});
  nlohmann::ordered_json per_rule = nlohmann::ordered_json::object();
  std::map<std::string, std::map<std::string, double>> slope;
  std::map<std::string, DissipativeLadder> tr_bdf2;  // x-dependent, x-independent
  for (const auto& id : rules) {
    // The context's overrides (a perturbation) apply to the x-dependent
    // scene, whose parameters the problem registry checks.
    const DissipativeLadder q_dep =
        dissipative_ladder(id, "dissipative-1d", ctx.scene_overrides, levels);
    // R = c v²/2 with the same m, k, c0, x0: the x-independent case.
    const DissipativeLadder q_indep = dissipative_ladder(
        id, "damped-oscillator", {"m=1", "k=10", "c=0.5", "x0=1", "v0=0"}, levels);
    nlohmann::ordered_json row;
    row["h"] = q_dep.h;
    for (const auto& [term, e] : q_dep.err) {
      slope[id]["x_dependent_" + term] = tail_slope(q_dep.h, e);
      row["err_final_x_dependent_R_" + term] = e;
      row["slope_x_dependent_R_" + term] = slope[id]["x_dependent_" + term];
    }
    for (const auto& [term, e] : q_indep.err) {
      slope[id]["x_independent_" + term] = tail_slope(q_indep.h, e);
      row["err_final_x_independent_R_" + term] = e;
      row["slope_x_independent_R_" + term] = slope[id]["x_independent_" + term];
    }
    // Whether the uncorrected scheme has the lower error where ∇₁R = 0.
    std::vector<double> ratio;
    for (std::size_t j = 0; j < q_indep.h.size(); ++j)
      ratio.push_back(q_indep.err.at("first-order")[j] / q_indep.err.at("second-order")[j]);
    row["x_independent_R_err_first_over_second"] = ratio;
    per_rule[id] = row;
    if (id == "opt-tr-bdf2") tr_bdf2 = {{"dependent", q_dep}, {"independent", q_indep}};
  }
  const auto& s = slope["opt-tr-bdf2"];
  ClaimResult r;
  r.expected =
      "TR-BDF2 with the correction is second order; the uncorrected method is only "
      "first-order accurate in the dissipative forces; with negligible grad_x R the "
      "uncorrected method is still second order";
  r.tolerance =
      "slopes over the last 3 halvings: uncorrected in [0.85, 1.15], corrected in "
      "[1.9, 2.1]; x-independent R: uncorrected in [1.9, 2.1]";
  r.interpretation =
      "tibench's stand-in (Brown et al. give no scene for it): registry 'opt-tr-bdf2' "
      "(dissipation=first-order: Phi = U + "
      "alpha h R(x, delta(x)); second-order: Phi = U + alpha h (R(x, delta(x)) - R(x, v^n)), v^n "
      "= the velocity at the start of the full step in both stages) on 'dissipative-1d' (m = 1, "
      "U = 5 x^2, R = 0.25 (1 + x^2) v^2, x0 = 1, v0 = 0), T = 2, h = 0.02 * 2^-j (j = 0..7), "
      "final-state error (M-weighted relative, q and v) against fine RK4 (h_ref = 1e-5, "
      "self-convergence and dopri5 checked); x-independent case R = 0.25 v^2 on "
      "'damped-oscillator' against its exact solution. opt-trapezoidal and opt-bdf2 are "
      "reported alongside (full run); the verdict rests on opt-tr-bdf2. The paper's 'lower error "
      "than the "
      "corrected one' cannot show for exactly x-independent R, where both terms give the same "
      "minimizer: the error ratio is reported";
  r.measured = per_rule;
  r.status = dissipative_verdict(s.at("x_dependent_first-order"), s.at("x_dependent_second-order"),
                                 s.at("x_independent_first-order"));
  r.summary = "opt-tr-bdf2 slopes: uncorrected " + format_real(s.at("x_dependent_first-order")) +
              ", corrected " + format_real(s.at("x_dependent_second-order")) +
              ", uncorrected with x-independent R " +
              format_real(s.at("x_independent_first-order"));
  // A perturbed context is judged at its own inputs.
  if (ctx.scene_overrides.empty())
    judge_dissipative_choices(tr_bdf2.at("dependent"), tr_bdf2.at("independent"), levels, r);
  return r;
}

}  // namespace

std::vector<ClaimCheck> brown2018_method_claims() {
  return {
      {"B-I1", kPaperBrown2018,
       "Table 1 and Eqs. 6-12: FE, BE, IM, TR and BDF2 have the one-stage form y^{n+1} = y^p + "
       "alpha h phi(y^q) and, without dissipation, are the minimization (12a) followed by v = "
       "delta(x)",
       one_stage_family,
       "the minimizer's optimality condition is the update (Eqs. 11-12): the engines are compared "
       "with their own equations to solver tolerance"},
      {"B-T1", kPaperBrown2018,
       "Sec. 4.3: TR-BDF2 as two optimization stages (Eqs. 32-37); with gamma = 2 - sqrt 2 both "
       "stages have the same alpha; the scheme is second order",
       tr_bdf2_algebra,
       "delta exactness and equal alphas are formula evaluations, and second order follows from "
       "the coefficients of a correct implementation"},
      {"B-T2", kPaperBrown2018,
       "Sec. 4.3: gamma = 2 - sqrt 2 is the only choice for which TR-BDF2 is L-stable (citing "
       "Hosea & Shampine 1996)",
       tr_bdf2_l_stability,
       "a stability function evaluated (pure mathematics, refuting the printed sentence whatever "
       "the scene)"},
      ClaimCheck{
          "B-A1", kPaperBrown2018,
          "Secs. 5-5.1, 7.1: with x-dependent dissipation the uncorrected optimization TR-BDF2 is "
          "only first-order accurate in the dissipative forces; the correction of Eqs. 26/30 makes "
          "it second order; with x-independent R the uncorrected method stays second order",
          dissipative_order}
          .flips_with({"x0=0.05"}, Verdict::refuted,
                      "started at x0 = 0.05 the body stays where 1 + x^2 differs from 1 by at "
                      "most 0.25 %: grad_x R nearly vanishes, so the uncorrected method's "
                      "first-order error term is too small to show and it converges at second "
                      "order over these steps"),
      {"B-R2", kPaperBrown2018,
       "Sec. 7: the optimization-based and the original (Newton) TR-BDF2 differ invisibly; for "
       "conservative forces they solve the same equations",
       optimization_vs_newton,
       "for conservative forces both formulations solve identical equations (Sec. 7): two "
       "implementations of the same equations are compared"},
  };
}

}  // namespace tibench
