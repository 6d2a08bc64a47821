// The stage solvers besides Newton (parameter `solver`):
//  - every integrator that offers the parameter, with every other solver,
//    ends the same steps on nonlinear problems (a 3-D spring; a tetrahedral
//    cube, fixed-corotated, and as-rigid-as-possible for local-global; the
//    cubes for ADMM) within
//    the Newton tolerance's effect of the Newton result (local-global run to
//    a tolerance);
//  - local/global to convergence reaches Newton's minimizer on every
//    registry problem that declares a projective form, for backward Euler
//    and implicit midpoint; each local/global iteration does not increase Φ;
//  - problems without the form, and options a solver cannot honour, are
//    refused with an InputError naming them.
#include <gtest/gtest.h>

#include <cctype>
#include <tuple>

#include <algorithm>
#include <cstdio>
#include <string>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problem_cases.hpp"
#include "problems/registry.hpp"
#include "selected_suite.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {
namespace {

bool has_param(const IntegratorInfo& info, const std::string& name) {
  return std::any_of(info.param_specs.begin(), info.param_specs.end(),
                     [&](const ParamSpec& s) { return s.name == name; });
}

// The overrides that make `solver` converge to the Newton tolerance.
std::vector<std::string> converged(const std::string& solver) {
  if (solver == "local-global")
    return {"solver=local-global", "tolerance=1e-12", "max_iterations=1000000"};
  if (solver == "admm") return {"solver=admm", "tolerance=1e-11", "max_iterations=1000000"};
  return {"solver=" + solver};
}

struct Outcome {
  State s;
  bool ok = true;
  std::string message;
};

Outcome run(const IntegratorInfo& info, const Problem& p, double h, int steps,
            const std::vector<std::string>& overrides) {
  auto stepper = info.stepper(p, h, overrides);
  Outcome out;
  out.s = p.initial_state();
  for (int n = 0; n < steps && out.ok; ++n) {
    const StepReport r = stepper->step(out.s);
    out.ok = r.status == StepStatus::ok;
    out.message = r.message;
  }
  return out;
}

void expect_same_state(const State& a, const State& b, double rel) {
  const double scale_q = 1.0 + a.q.cwiseAbs().maxCoeff();
  const double scale_v = 1.0 + a.v.cwiseAbs().maxCoeff();
  EXPECT_LE((a.q - b.q).cwiseAbs().maxCoeff(), rel * scale_q);
  EXPECT_LE((a.v - b.v).cwiseAbs().maxCoeff(), rel * scale_v);
}

struct Case {
  std::string problem;
  std::vector<std::string> params;
  double h_over_time_scale;
  int steps;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"simple-spring", {"form=hookean"}, 0.05, 20},
      {"cube-stretch-compress", {"mesh_size=0.5", "contact=none"}, 0.5, 2},
      {"cube-stretch-compress", {"mesh_size=0.5", "contact=none", "nu=0"}, 0.5, 4},
  };
  return all;
}

std::vector<std::string> other_solvers() {
  std::vector<std::string> out;
  for (const std::string& id : stage_solver_ids())
    if (id != "newton") out.push_back(id);
  return out;
}

// One test per case and solver: (case index, solver id).
class SolverAgreement : public ::testing::TestWithParam<std::tuple<std::size_t, std::string>> {};

TEST_P(SolverAgreement, EverySolverReachesTheNewtonSolutionForEveryIntegrator) {
  const Case& c = cases()[std::get<0>(GetParam())];
  const std::string& solver = std::get<1>(GetParam());
  const auto p = make_problem(c.problem, c.params);
  const double h = c.h_over_time_scale * p->time_scale();
  if (stage_need(stage_solver(solver)) == StageNeed::projective_form && !p->projective_form())
    GTEST_SKIP() << c.problem << " has no projective form (solver=" << solver << ")";
  if (stage_need(stage_solver(solver)) == StageNeed::element_split && !p->element_split())
    GTEST_SKIP() << c.problem << " has no element split (solver=" << solver << ")";
  int compared = 0;
  for (const IntegratorInfo& info : integrator_registry()) {
    if (!has_param(info, "solver")) continue;
    const Outcome newton = run(info, *p, h, c.steps, {});
    if (!newton.ok) continue;  // e.g. a method unstable at this step: not the subject here
    SCOPED_TRACE(info.id + " solver=" + solver + " on " + c.problem);
    const Outcome other = run(info, *p, h, c.steps, converged(solver));
    ASSERT_TRUE(other.ok) << other.message;
    expect_same_state(newton.s, other.s, 1e-8);
    ++compared;
  }
  // Every implicit family takes the option: far more than a handful of
  // entries converge with Newton on each case.
  EXPECT_GE(compared, 20) << c.problem << " solver=" << solver;
  std::printf("%s %s: %d integrators compared\n", c.problem.c_str(), solver.c_str(), compared);
}

std::string agreement_name(
    const ::testing::TestParamInfo<std::tuple<std::size_t, std::string>>& info) {
  std::string n = std::to_string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Case, SolverAgreement,
                         ::testing::Combine(::testing::Range<std::size_t>(0, cases().size()),
                                            ::testing::ValuesIn(other_solvers())),
                         agreement_name);

// One backward-Euler or implicit-midpoint stage of the problem's first step
// (τ = h or h/2 from the inertial guess), solved by `options`.
struct StageSetup {
  IncrementalPotential phi;
  Vec y0;
  StageSetup(const Problem& p, double h, bool midpoint) : phi(p) {
    const State s = p.initial_state();
    p.begin_step(s);
    const double tau = midpoint ? 0.5 * h : h;
    y0 = tau * s.v;
    phi.set_stage(s.q, y0, tau, tau, s.t + tau);
  }
};

std::vector<test::ProblemCase> projective_cases() {
  return test::problem_cases([](const Problem& p) { return p.projective_form() != nullptr; });
}

class ProjectiveProblems : public ::testing::TestWithParam<test::ProblemCase> {};

TEST_P(ProjectiveProblems, LocalGlobalConvergesToTheNewtonMinimizer) {
  const auto p = GetParam().make();
  for (double steps_per_time_scale : {0.2, 5.0})
    for (bool midpoint : {false, true}) {
      const double h = steps_per_time_scale * p->time_scale();
      SCOPED_TRACE(std::string(midpoint ? "implicit midpoint stage" : "backward Euler stage") +
                   ", h / time scale = " + std::to_string(steps_per_time_scale));
      StageSetup newton_stage(*p, h, midpoint), lg_stage(*p, h, midpoint);
      Vec y_newton = newton_stage.y0, y_lg = lg_stage.y0;
      ASSERT_TRUE(NewtonSolver().minimize(newton_stage.phi, y_newton).converged);
      LocalGlobalOptions lg;
      lg.budget = {1000000, 1e-12};
      const StageSolveResult r = LocalGlobalSolver(lg).minimize(lg_stage.phi, y_lg);
      ASSERT_TRUE(r.converged) << r.message;
      const double scale = y_newton.cwiseAbs().maxCoeff();
      EXPECT_LE((y_lg - y_newton).cwiseAbs().maxCoeff(), 1e-8 * scale)
          << r.iterations << " local/global iterations";
    }
}

// Steps well beyond the time scale, where L dominates W in the global matrix
// (at small steps W ≫ L and any SPD matrix near W would pass).
TEST_P(ProjectiveProblems, LocalGlobalIterationsNeverIncreaseTheObjective) {
  const auto p = GetParam().make();
  for (double steps_per_time_scale : {1.0, 10.0, 100.0})
    for (bool midpoint : {false, true}) {
      const double h = steps_per_time_scale * p->time_scale();
      SCOPED_TRACE(std::string(midpoint ? "implicit midpoint stage" : "backward Euler stage") +
                   ", h / time scale = " + std::to_string(steps_per_time_scale));
      StageSetup stage(*p, h, midpoint);
      double previous = stage.phi.value(stage.y0);
      for (int k = 1; k <= 25; ++k) {
        LocalGlobalOptions lg;
        lg.budget.max_iterations = k;
        Vec y = stage.y0;
        ASSERT_TRUE(LocalGlobalSolver(lg).minimize(stage.phi, y).converged);
        const double value = stage.phi.value(y);
        // Monotone up to the rounding of evaluating Φ.
        EXPECT_LE(value, previous + 1e-12 * (std::abs(previous) + 1)) << "iteration " << k;
        previous = value;
      }
    }
}

TIBENCH_INSTANTIATE_SELECTED(Registry, ProjectiveProblems, ::testing::ValuesIn(projective_cases()),
                             [](const ::testing::TestParamInfo<test::ProblemCase>& param_info) {
                               return param_info.param.label;
                             });

TEST(StageSolvers, LocalGlobalCoversSpringsAndArapBodies) {
  // The registry cases above must include both kinds of constraints.
  std::vector<std::string> ids;
  for (const auto& c : projective_cases()) ids.push_back(c.id);
  for (const char* id : {"simple-spring", "two-spring", "spring-chain", "cube-stretch-compress"})
    EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
}

TEST(StageSolvers, ProblemsWithoutAnElementSplitAreRefusedByAdmm) {
  const auto& info = find_integrator("opt-backward-euler");
  for (const auto& [id, params] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"simple-spring", {}},                           // no elements
           {"cube-stretch-compress", {}},                   // constraint contact
           {"cube-stretch-compress", {"contact=penalty"}},  // a contact energy
           {"cube-stretch-compress", {"contact=none", "self_collision=true"}}}) {
    const auto p = make_problem(id, params);
    try {
      info.stepper(*p, 0.01, {"solver=admm"});
      FAIL() << id << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("no element split"), std::string::npos) << e.what();
    }
  }
}

TEST(StageSolvers, ProblemsWithoutAProjectiveFormAreRefused) {
  const auto& info = find_integrator("backward-euler");
  for (const auto& [id, params] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"simple-spring", {}},                        // Eq. 7's squared spring
           {"cube-stretch-compress", {"contact=none"}},  // nu = 0.3: a volume term
           {"cube-stretch-compress", {"nu=0"}},          // constraint contact
           {"spring-chain", {"k4=1"}}}) {                // FPUT quartic springs
    const auto p = make_problem(id, params);
    try {
      info.stepper(*p, 0.01, {"solver=local-global"});
      FAIL() << id << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("Projective Dynamics form"), std::string::npos)
          << e.what();
    }
  }
}

TEST(StageSolvers, OptionsOfAnotherSolverAreRefused) {
  const auto& be = find_integrator("backward-euler");
  for (const auto& [solver, bad] :
       std::vector<std::pair<std::string, std::string>>{{"newton-cg", "jacobian_reuse=true"},
                                                        {"newton-cg", "line_search=false"},
                                                        {"local-global", "jacobian_reuse=true"},
                                                        {"newton", "max_iterations=20"},
                                                        {"newton-cg", "tolerance=1e-6"}}) {
    try {
      StageSolverOptions::from_params(integrator_params(be, {"solver=" + solver, bad}));
      FAIL() << bad << " accepted with solver=" << solver;
    } catch (const InputError& e) {
      const std::string name = bad.substr(0, bad.find('='));
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  }
  const auto& blend = find_integrator("blend-im");
  const auto p = make_problem("two-spring", {});
  EXPECT_THROW(blend.stepper(*p, 0.01, {"stabilization_iterations=3"}), InputError);
  EXPECT_NO_THROW(blend.stepper(*p, 0.01, {"solver=local-global", "stabilization_iterations=3"}));
}

}  // namespace
}  // namespace tibench
