// The generic Runge–Kutta engine against independent oracles:
//  - Boost.Odeint's runge_kutta4 (an independent implementation) on the
//    first-order view of the same problems, over many steps;
//  - the closed-form one-step map R(hJ) on the linear oscillator, for every
//    tableau in the registry (so an engine cannot drift from its record);
//  - the Newton solver's pattern reuse and PSD fallback, and the step
//    report's count of its factorizations.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <complex>

#include "integrators/engines/driver.hpp"
#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/first_order.hpp"
#include "problems/registry.hpp"
#include "solvers/nonlinear/newton_solver.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {
namespace {

std::unique_ptr<Stepper> make(const std::string& id, const Problem& p, double h,
                              const std::vector<std::string>& iparams = {}) {
  const auto& info = find_integrator(id);
  return info.make(p, h, integrator_params(info, iparams));
}

// Runs the registry's rk4 and odeint's runge_kutta4 for `steps` steps and
// returns the largest relative difference of the states.
double rk4_vs_odeint(const Problem& p, double h, long steps) {
  using StateVec = std::vector<double>;
  FirstOrderSystem sys(p);
  const State s0 = p.initial_state();
  const Vec y0 = sys.pack(s0);
  StateVec y(y0.data(), y0.data() + y0.size());
  auto rhs = [&](const StateVec& x, StateVec& dxdt, double t) {
    Vec xv = Eigen::Map<const Vec>(x.data(), static_cast<Index>(x.size())), d;
    sys(xv, d, t);
    dxdt.assign(d.data(), d.data() + d.size());
  };
  boost::numeric::odeint::runge_kutta4<StateVec> odeint_rk4;
  auto ours = make("rk4", p, h);
  State s = s0;
  double worst = 0;
  for (long n = 0; n < steps; ++n) {
    odeint_rk4.do_step(rhs, y, static_cast<double>(n) * h, h);
    ours->step(s);
    s.t = static_cast<double>(n + 1) * h;
    const Vec mine = sys.pack(s);
    const Eigen::Map<const Vec> theirs(y.data(), static_cast<Index>(y.size()));
    worst =
        std::max(worst, (mine - theirs).cwiseAbs().maxCoeff() / (1 + theirs.cwiseAbs().maxCoeff()));
  }
  return worst;
}

TEST(EngineOracle, Rk4AgreesWithBoostOdeintToRoundoff) {
  // 10⁴ steps; per-step rounding differences (the two evaluate the weighted
  // sum in different orders) accumulate to ≲ N·ε·(error growth) ≈ 1e-12.
  const auto osc = make_problem("oscillator", {"n=3", "v0=0.5"});
  EXPECT_LT(rk4_vs_odeint(*osc, 0.01, 10000), 1e-11);
  const auto pend = make_problem("pendulum", {"theta0=2.5"});
  EXPECT_LT(rk4_vs_odeint(*pend, 0.01, 10000), 1e-11);
}

// On m x'' = −k x the first-order system is y' = J y with eigenvalues ±iω,
// eigenvectors (1, ±iω). A Runge–Kutta or Rosenbrock step is y₁ = R(hJ) y₀
// (every registry entry with a stability function is checked), so with
// y₀ = c (1, iω) + conj(c) (1, −iω): y₁ = 2 Re[c R(iωh) (1, iω)].
TEST(EngineOracle, OneStepOnLinearOscillatorEqualsStabilityFunction) {
  const double m = 2.0, k = 8.0, w = std::sqrt(k / m);
  const auto p = make_problem("oscillator", {"m=2", "k=8", "x0=0.7", "v0=-1.3"});
  const State s0 = p->initial_state();
  const std::complex<double> c(0.5 * s0.q[0], -0.5 * s0.v[0] / w);
  for (const auto& info : integrator_registry()) {
    if (!info.stability_function) continue;
    for (double h : {1e-3, 0.05, 0.4, 3.0, 100.0}) {
      auto st = info.make(*p, h, integrator_params(info));
      State s = s0;
      ASSERT_EQ(st->step(s).status, StepStatus::ok) << info.id;
      const std::complex<double> R = (*info.stability_function)({0.0, w * h});
      const std::complex<double> q1 = 2.0 * c * R, v1 = 2.0 * c * R * std::complex<double>(0, w);
      const double scale = 1 + std::abs(q1) + std::abs(v1) / w;
      EXPECT_NEAR(s.q[0], q1.real(), 1e-11 * scale) << info.id << " h=" << h;
      EXPECT_NEAR(s.v[0] / w, v1.real() / w, 1e-11 * scale) << info.id << " h=" << h;
    }
  }
}

TEST(NewtonSolver, SymbolicAnalysisIsReusedAcrossStagesAndSteps) {
  const auto p = make_problem("random-convex", {"n=6", "seed=3"});
  IncrementalPotential phi(*p);
  NewtonSolver newton;
  State s = p->initial_state();
  for (int step = 0; step < 20; ++step) {
    const double tau = 0.1;  // backward Euler steps: increment y = x_{n+1} − x_n
    Vec y = tau * s.v;
    phi.set_stage(s.q, y, tau, tau, 0.0);
    const StageSolveResult r = newton.minimize(phi, y);
    ASSERT_TRUE(r.converged) << r.message;
    s.v = y / tau;
    s.q += y;
  }
  EXPECT_EQ(newton.pattern_analyses(), 1);
}

// Full Newton factorizes a fresh Hessian for every update, so a step's
// report counts at least as many factorizations as Newton iterations; every
// registry entry whose stages Newton solves by default, on a nonlinear chain.
TEST(NewtonSolver, StepReportCountsTheFactorizations) {
  const auto p = make_problem("spring-chain", {"N=40", "k4=0.5"});
  int checked = 0;
  for (const auto& info : integrator_registry()) {
    const auto solves_stages = [](const ParamSpec& spec) { return spec.name == "solver"; };
    if (info.is_explicit ||
        std::none_of(info.param_specs.begin(), info.param_specs.end(), solves_stages))
      continue;
    const StageSolverOptions options = StageSolverOptions::from_params(integrator_params(info));
    if (options.solver != StageSolverKind::newton || options.newton.jacobian_reuse) continue;
    const auto stepper = make(info.id, *p, 0.05);
    State s = p->initial_state();
    int newton = 0, factorizations = 0;
    for (int n = 0; n < 4; ++n) {
      const StepReport r = stepper->step(s);
      ASSERT_EQ(r.status, StepStatus::ok) << info.id << ": " << r.message;
      newton += r.newton_iters;
      factorizations += r.factorizations;
    }
    if (newton == 0) continue;  // no Newton stage solve (e.g. Rosenbrock)
    EXPECT_GE(factorizations, newton) << info.id;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(NewtonSolver, IndefiniteHessianFallsBackAndStillMinimizes) {
  // Pendulum near the top with a large step: M/τ² + m g L cos θ < 0, so the
  // exact Hessian is indefinite and the PSD fallback must engage.
  const auto p = make_problem("pendulum");
  IncrementalPotential phi(*p);
  NewtonSolver newton;
  const double tau = 3.0;
  const Vec q = Vec::Constant(1, 3.0);
  phi.set_stage(q, Vec::Zero(1), tau, tau, 0.0);
  Vec y = Vec::Zero(1);
  const StageSolveResult r = newton.minimize(phi, y);
  ASSERT_TRUE(r.converged) << r.message;
  EXPECT_GT(r.psd_fallbacks, 0);
  Vec g;
  phi.gradient(y, g);
  EXPECT_LT(phi.residual(g), 1e-10);
  // A minimizer: the second derivative of Φ is positive there.
  EXPECT_GT(1.0 / (tau * tau) + std::cos(q[0] + y[0]), 0.0);
}

TEST(NewtonSolver, WithoutFallbackAnIndefiniteStepIsReportedNotHidden) {
  const auto p = make_problem("pendulum");
  IncrementalPotential phi(*p);
  NewtonOptions o;
  o.psd_fallback = false;
  NewtonSolver newton(o);
  const Vec q = Vec::Constant(1, 3.0);
  phi.set_stage(q, Vec::Zero(1), 3.0, 3.0, 0.0);
  Vec y = Vec::Zero(1);
  const StageSolveResult r = newton.minimize(phi, y);
  EXPECT_FALSE(r.converged);
  EXPECT_NE(r.message.find("descent"), std::string::npos) << r.message;
}

TEST(NewtonSolver, ToleranceIsHonoured) {
  const auto p = make_problem("pendulum", {"theta0=2"});
  for (double tol : {1e-4, 1e-8, 1e-13}) {
    auto st = make("backward-euler", *p, 0.3, {"newton_tol=" + format_real(tol)});
    State s = p->initial_state();
    const StepReport r = st->step(s);
    ASSERT_EQ(r.status, StepStatus::ok);
    // The tolerance is relative to the stage increment (|y| ≲ h² |θ''| < 0.1).
    EXPECT_LE(r.residual, tol * 0.1) << tol;
  }
}

TEST(Driver, DivergenceEndsTheRunWithAStatus) {
  // Forward Euler on a stiff oscillator (ωh = 10) grows by √101 per step.
  const auto p = make_problem("oscillator", {"k=100"});
  auto st = make("forward-euler", *p, 1.0);
  DriveOptions o;
  o.steps = 1000;
  const DriveResult r = drive(*p, *st, p->initial_state(), o, nullptr);
  EXPECT_EQ(r.status, RunStatus::diverged);
  EXPECT_LT(r.steps_taken, 1000);
  EXPECT_FALSE(r.message.empty());
}

TEST(Driver, SolverFailureEndsTheRunWithAStatus) {
  const auto p = make_problem("pendulum", {"theta0=3"});
  auto st = make("backward-euler", *p, 3.0, {"newton_max_iters=1", "newton_tol=1e-15"});
  DriveOptions o;
  o.steps = 10;
  const DriveResult r = drive(*p, *st, p->initial_state(), o, nullptr);
  EXPECT_EQ(r.status, RunStatus::solver_failed);
  EXPECT_NE(r.message.find("did not converge"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace tibench
