// Solver options that keep the tolerance but not the rounding — the chord
// Newton option (jacobian_reuse), every sparse backend this build offers
// besides the default (linear_solver, e.g. cholmod) and every stage solver
// besides Newton (solver, e.g. newton-cg) — on every problem the
// incremental-potential engines accept: the same tolerance must give the same
// solution as the default solver, to well within the tolerance's effect; the
// chord option must not factorize more often.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problem_cases.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "selected_suite.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {
namespace {

struct SolverOption {
  std::string label;
  StageSolverOptions options;
};

std::vector<SolverOption> solver_options() {
  std::vector<SolverOption> out;
  StageSolverOptions chord;
  chord.newton.jacobian_reuse = true;
  out.push_back({"jacobian_reuse", chord});
  for (const auto& id : available_linear_solvers()) {
    if (id == "ldlt") continue;  // the default
    StageSolverOptions o;
    o.newton.linear_solver = tibench::linear_solver(id);
    out.push_back({"linear_solver_" + id, o});
  }
  for (const auto& id : stage_solver_ids()) {
    if (id == "newton") continue;  // the default
    StageSolverOptions o;
    o.solver = stage_solver(id);
    // To convergence, not a fixed budget: local-global's residual test;
    // ADMM's relative primal/dual tests, whose rounding level is higher.
    o.local_global.budget = {1000000, 1e-12};
    o.admm.budget = {1000000, 1e-11};
    std::string label = "solver_" + id;
    for (char& c : label)
      if (c == '-') c = '_';
    out.push_back({label, o});
  }
  return out;
}

class SolverOptions : public ::testing::TestWithParam<std::tuple<test::ProblemCase, SolverOption>> {
};

struct SolveRun {
  State s;
  int iterations = 0, factorizations = 0, linear_solves = 0, cg_iterations = 0;
  bool converged = true;
  std::string message;
};

// Ten backward-Euler steps of τ = 0.1 × the problem's time scale, each one
// incremental-potential solve. A step this small makes the inertia term
// dominate, so every stage objective has one minimizer (with large steps a
// nonconvex energy, e.g. St. Venant–Kirchhoff, can have several, and two
// correct solvers may find different ones).
// (τ is computed once by the caller: time_scale() reads lagged quantities
// that begin_step changes.)
SolveRun backward_euler(const Problem& p, double tau, const StageSolverOptions& options) {
  IncrementalPotential phi(p);
  const auto solver = make_stage_solver(options);
  SolveRun run;
  run.s = p.initial_state();
  for (int step = 0; step < 10; ++step) {
    p.begin_step(run.s);
    Vec y = tau * run.s.v;
    phi.set_stage(run.s.q, y, tau, tau, run.s.t + tau);
    const StageSolveResult r = solver->minimize(phi, y);
    run.iterations += r.iterations;
    run.factorizations += r.factorizations;
    run.linear_solves += r.linear_solves;
    run.cg_iterations += r.cg_iterations;
    if (!r.converged) {
      run.converged = false;
      run.message = r.message;
      return run;
    }
    run.s.v = y / tau;
    run.s.q += y;
    run.s.t += tau;
  }
  return run;
}

TEST_P(SolverOptions, SameSolutionWithinTheTolerance) {
  const auto p = std::get<0>(GetParam()).make();
  const StageSolverOptions option = std::get<1>(GetParam()).options;
  const double tau = 0.1 * p->time_scale();
  const SolveRun a = backward_euler(*p, tau, StageSolverOptions{});
  if (!a.converged) {
    // Full Newton may fail only where R's Hessian is unbounded (a p < 1
    // power law at rest): there is no default solution to compare with.
    EXPECT_FALSE(p->is_smooth()) << "full Newton failed on a smooth problem: " << a.message;
    return;
  }
  const SolveRun b = backward_euler(*p, tau, option);
  if (stage_need(option.solver) == StageNeed::projective_form && !p->projective_form()) {
    // Refused at the first solve (integrators refuse it before any step).
    EXPECT_FALSE(b.converged);
    EXPECT_NE(b.message.find("projective form"), std::string::npos) << b.message;
    return;
  }
  if (stage_need(option.solver) == StageNeed::element_split && !p->element_split()) {
    EXPECT_FALSE(b.converged);
    EXPECT_NE(b.message.find("element split"), std::string::npos) << b.message;
    return;
  }
  ASSERT_TRUE(b.converged) << b.message;
  // ADMM applies Coulomb friction inside the solve (Brown et al. 2018
  // §5.3), the Newton engines after it: a different discrete problem
  // (tests/integrators/test_admm.cpp compares them without friction).
  if (option.solver == StageSolverKind::admm && p->contact() && p->contact()->params().mu > 0)
    return;
  // Both stop within newton_tol = 1e-12 of the increment; ten steps of such
  // errors stay far below 1e-8 of the state's magnitude.
  const double scale_q = 1.0 + a.s.q.cwiseAbs().maxCoeff();
  const double scale_v = 1.0 + a.s.v.cwiseAbs().maxCoeff();
  EXPECT_LE((a.s.q - b.s.q).cwiseAbs().maxCoeff(), 1e-8 * scale_q);
  EXPECT_LE((a.s.v - b.s.v).cwiseAbs().maxCoeff(), 1e-8 * scale_v);
  // Full Newton factorizes at every update, plus at most once per solve for
  // a Hessian that only showed the residual to be at its rounding level (the
  // solver's check after assembly); the chord option at most as often.
  constexpr int solves = 10;
  EXPECT_GE(a.factorizations, a.iterations);
  EXPECT_LE(a.factorizations, a.iterations + solves);
  if (option.newton.jacobian_reuse) {
    EXPECT_LE(b.factorizations, a.factorizations);
  } else if (option.solver == StageSolverKind::local_global ||
             option.solver == StageSolverKind::admm) {
    // One prefactored global matrix per inertia (local-global, ADMM: it
    // counts that one), no Hessian factorized.
    EXPECT_LE(b.factorizations, option.solver == StageSolverKind::admm ? 1 : 0);
    EXPECT_EQ(b.linear_solves, b.iterations);
  } else if (option.solver == StageSolverKind::newton_cg) {
    // One CG solve per update (plus one whose direction hit the rounding
    // level of x), none factorized.
    EXPECT_EQ(b.factorizations, 0);
    EXPECT_GE(b.linear_solves, b.iterations);
    EXPECT_LE(b.linear_solves, b.iterations + solves);
    EXPECT_GE(b.cg_iterations, b.linear_solves);
  } else {
    EXPECT_GE(b.factorizations, b.iterations);
    EXPECT_LE(b.factorizations, b.iterations + solves);
  }
}

// Every problem the incremental potential accepts. (Whether full Newton
// converges is decided in the test, not here: a solve at start-up would run
// in every test process.)
TIBENCH_INSTANTIATE_SELECTED(
    Registry, SolverOptions,
    ::testing::Combine(::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                         return !p.dissipation_depends_on_q();
                       })),
                       ::testing::ValuesIn(solver_options())),
    [](const ::testing::TestParamInfo<SolverOptions::ParamType>& param_info) {
      return std::get<0>(param_info.param).label + "_" + std::get<1>(param_info.param).label;
    });

TEST(SolverOptions, ChordRateIsAFractionBetweenZeroAndOne) {
  const auto& info = find_integrator("sdirk2");
  for (const char* bad : {"jacobian_reuse_rate=1", "jacobian_reuse_rate=0"}) {
    try {
      integrator_params(info, {bad});
      FAIL() << bad << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("0 < jacobian_reuse_rate < 1"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_DOUBLE_EQ(
      NewtonOptions::from_params(integrator_params(info, {"jacobian_reuse_rate=0.3"})).reuse_rate,
      0.3);
}

// Every backend is an accepted value (the documentation does not depend on
// the build); one this build lacks is refused when the options are read,
// naming it and what this build accepts.
TEST(SolverOptions, LinearSolversThisBuildLacksAreRefusedByName) {
  const auto& info = find_integrator("sdirk2");
  const auto available = available_linear_solvers();
  for (const auto& id : linear_solver_ids()) {
    const ParamSet params = integrator_params(info, {"linear_solver=" + id});
    if (std::find(available.begin(), available.end(), id) != available.end()) {
      EXPECT_EQ(NewtonOptions::from_params(params).linear_solver, linear_solver(id));
      continue;
    }
    try {
      NewtonOptions::from_params(params);
      FAIL() << id << " accepted by a build without it";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("'" + id + "' is not available in this build"), std::string::npos)
          << what;
      EXPECT_NE(what.find("accepted: ldlt"), std::string::npos) << what;
    }
  }
  EXPECT_THROW(linear_solver("lu"), InputError);
}

TEST(SolverOptions, ChordNewtonOnALinearProblemFactorizesOnce) {
  const auto p = make_problem("spring-chain", {"N=50"});
  StageSolverOptions chord;
  chord.newton.jacobian_reuse = true;
  const SolveRun b = backward_euler(*p, 0.1 * p->time_scale(), chord);
  ASSERT_TRUE(b.converged);
  EXPECT_EQ(b.factorizations, 1);
}

}  // namespace
}  // namespace tibench
