// Observed order of every registry integrator must be within ±0.1 of its
// nominal order on
//   - the 3-dof oscillator (distinct frequencies, exact solution), and
//   - the pendulum at θ0 = 1 rad, ω0 = 0.5 rad/s (nonlinear, no exact
//     solution), against the harness's fine-RK4 reference (h_ref = 1e-4,
//     self-convergence and dopri5 cross-check; an error the reference cannot
//     resolve by a factor 100 is reported as NaN and ends the ladder).
// Iterates the registry, so a new method is covered automatically.
//
// The step range per method follows one rule (harness/analysis/observed_order.hpp).
#include <gtest/gtest.h>

#include "test_names.hpp"

#include <cmath>

#include "harness/analysis/observed_order.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "reference/reference.hpp"

namespace tibench {
namespace {

class ObservedOrder : public ::testing::TestWithParam<std::string> {};

// Walks the step ladder on (problem, params) and checks the fitted slope.
void check_observed_order(const IntegratorInfo& info, const std::string& problem,
                          const std::vector<std::string>& params, const RunContext& ctx = {}) {
  const OrderObservation o = observe_order(info.id, problem, params, ctx);
  ASSERT_TRUE(o.fitted) << info.id << " on " << problem << ": " << o.failure;
  ::testing::Test::RecordProperty("observed_order", std::to_string(o.fit.slope));
  ::testing::Test::RecordProperty("fit_r2", std::to_string(o.fit.r2));
  std::printf("%-20s %-10s observed %.3f nominal %d  r2 %.5f  h in [%.3e, %.3e]\n", info.id.c_str(),
              problem.c_str(), o.fit.slope, info.declared.order, o.fit.r2, o.h.back(), o.h.front());
  EXPECT_NEAR(o.fit.slope, info.declared.order, kOrderTolerance)
      << info.id << " on " << problem << o.trace;
}

TEST_P(ObservedOrder, MatchesNominalOnOscillator) {
  const OrderProblem& p = order_problem("oscillator");
  check_observed_order(find_integrator(GetParam()), p.id, p.params);
}

TEST_P(ObservedOrder, MatchesNominalOnPendulum) {
  const std::vector<std::string>& params = order_problem("pendulum").params;
  // Every cell has t_end = 2 and one output time: one reference for all.
  static const Reference reference = order_reference("pendulum", params);
  ASSERT_TRUE(reference.ok) << reference.message;
  ASSERT_EQ(reference.method, "rk4");
  RunContext ctx;
  ctx.reference = &reference;
  check_observed_order(find_integrator(GetParam()), "pendulum", params, ctx);
}

std::vector<std::string> ids() {
  std::vector<std::string> out;
  for (const auto& i : integrator_registry()) out.push_back(i.id);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Registry, ObservedOrder, ::testing::ValuesIn(ids()), test::id_name);

}  // namespace
}  // namespace tibench
