// The Runge–Kutta engine's fast layer (integrators/engines/rk_fast_stages.hpp)
// against its plain reference loop (RkLayer::reference in
// integrators/engines/runge_kutta.cpp), bit for bit: for every registry entry whose
// stepper is the RK engine (explicit and DIRK tableaux), on problems that
// take each of the fast layer's paths — one dof with a potential force only
// (the inline single-entry sums, the force resolved at compile time), one dof
// with dissipation (the general force), a few dofs (the inline entry loop)
// and a nonlinear chain (the vectorized passes, Newton iterations).
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <stdexcept>

#include "integrators/engines/runge_kutta.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "same_bits.hpp"

namespace tibench {
namespace {

struct FastLayerCase {
  std::string id;
  std::vector<std::string> overrides;
  const char* path;  // the fast-layer path it exercises
};

const std::vector<FastLayerCase>& fast_layer_cases() {
  static const std::vector<FastLayerCase> cases{
      {"oscillator", {}, "one dof, potential force"},
      {"oscillator", {"m=0.7", "k=3.1"}, "one dof, potential force, k and m not 1"},
      {"damped-oscillator", {}, "one dof, dissipation"},
      {"oscillator", {"n=3"}, "few dofs"},
      {"spring-chain", {"N=40", "k4=0.5"}, "many dofs, nonlinear"},
  };
  return cases;
}

// Steps the registry's stepper (the fast layer, as the tool runs it), a
// second one that keeps its stage positions, and a reference-layer stepper
// of the same tableau side by side from the initial state; true if every
// step matched bit for bit in everything it writes (up to a Newton failure,
// which all must report at the same step).
bool steps_match(const IntegratorInfo& info, RungeKuttaStepper& kept, Stepper& fast,
                 const Problem& p, double h, int steps) {
  const StageSolverOptions newton = info.is_explicit
                                        ? StageSolverOptions{}
                                        : StageSolverOptions::from_params(integrator_params(info));
  RungeKuttaStepper reference(p, kept.tableau(), h, newton, RkLayer::reference);
  kept.keep_stage_positions();
  reference.keep_stage_positions();
  State s_fast = p.initial_state(), s_kept = s_fast, s_ref = s_fast;
  for (int n = 0; n < steps; ++n) {
    const StepReport r_fast = fast.step(s_fast);
    kept.step(s_kept);
    const StepReport r_ref = reference.step(s_ref);
    const bool same = test::same_bits(s_fast.q, s_ref.q) && test::same_bits(s_fast.v, s_ref.v) &&
                      test::same_bits(s_fast.t, s_ref.t) && test::same_bits(s_kept.q, s_ref.q) &&
                      test::same_bits(kept.stage_positions(), reference.stage_positions()) &&
                      test::same_bits(kept.stage_velocities(), reference.stage_velocities()) &&
                      test::same_bits(r_fast.error_estimate, r_ref.error_estimate) &&
                      r_fast.status == r_ref.status && r_fast.rhs_evals == r_ref.rhs_evals &&
                      r_fast.newton_iters == r_ref.newton_iters &&
                      r_fast.linear_solves == r_ref.linear_solves;
    if (!same) {
      ADD_FAILURE() << "step " << n + 1 << " differs";
      return false;
    }
    if (r_fast.status != StepStatus::ok) break;  // s is left at the failed step's start
  }
  return true;
}

TEST(RkFastLayer, BitIdenticalToTheReferenceLoopOnEveryRegisteredTableau) {
  constexpr int kSteps = 8;
  int explicit_entries = 0, dirk_entries = 0, tableau_entries = 0;
  for (const auto& info : integrator_registry()) {
    tableau_entries += info.family == "explicit-rk" || info.family == "dirk";
    for (const auto& pc : fast_layer_cases()) {
      const auto p = make_problem(pc.id, pc.overrides);
      const double h = 0.1 * p->time_scale();
      const auto stepper = info.stepper(*p, h);
      const auto kept = info.stepper(*p, h);
      auto* engine = dynamic_cast<RungeKuttaStepper*>(kept.get());
      if (!engine) break;  // not the RK engine (for any problem)
      SCOPED_TRACE(info.id + " on " + pc.id + " (" + pc.path + ")");
      ASSERT_TRUE(info.tableau.has_value());
      EXPECT_TRUE(steps_match(info, *engine, *stepper, *p, h, kSteps));
      if (&pc == &fast_layer_cases().front())
        ++(info.is_explicit ? explicit_entries : dirk_entries);
    }
  }
  // Every Butcher-tableau entry was compared, and there are both kinds (an
  // empty loop would pass vacuously).
  EXPECT_EQ(explicit_entries + dirk_entries, tableau_entries);
  EXPECT_GT(explicit_entries, 0);
  EXPECT_GT(dirk_entries, 0);
}

// Q_i of implicit stages are formed only on request: reading them without
// it must fail loudly, not return stale positions.
TEST(RkFastLayer, StagePositionsNeedToBeKept) {
  const auto p = make_problem("oscillator", {});
  RungeKuttaStepper engine(*p, find_integrator("backward-euler").tableau.value(), 0.1,
                           StageSolverOptions{});
  State s = p->initial_state();
  engine.step(s);
  EXPECT_THROW((void)engine.stage_positions(), std::logic_error);
  engine.keep_stage_positions();
  engine.step(s);
  // Backward Euler's solution is its stage: Q_1 = q_{n+1} up to the rounding
  // of q̃ + h (y/h) against q̃ + y.
  EXPECT_LE((engine.stage_positions()[0] - s.q).cwiseAbs().maxCoeff(),
            4 * std::numeric_limits<double>::epsilon() * s.q.cwiseAbs().maxCoeff());
}

}  // namespace
}  // namespace tibench
