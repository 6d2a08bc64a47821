// Embedded error estimates: for every registry method with an embedded
// solution, the per-step estimate shrinks like h^{p̂+1} (p̂ = the order of the
// lower of the two solutions) on a smooth nonlinear problem. Iterates the
// registry.
#include <gtest/gtest.h>

#include <cmath>

#include "harness/analysis/convergence.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "selected_suite.hpp"
#include "test_names.hpp"

namespace tibench {
namespace {

class EmbeddedEstimate : public ::testing::TestWithParam<std::string> {};

TEST_P(EmbeddedEstimate, ShrinksLikeTheLowerOrderPlusOne) {
  const IntegratorInfo& info = find_integrator(GetParam());
  const auto p = make_problem("pendulum", {"theta0=1.0"});
  std::vector<double> hs, est;
  for (double h : {0.08, 0.04, 0.02, 0.01}) {
    auto st = info.stepper(*p, h);
    State s = p->initial_state();
    const StepReport r = st->step(s);
    ASSERT_EQ(r.status, StepStatus::ok);
    ASSERT_FALSE(std::isnan(r.error_estimate));
    hs.push_back(h);
    est.push_back(r.error_estimate);
  }
  const int lower = std::min(info.declared.order, info.tableau_properties
                                                      ? info.tableau_properties->embedded_order
                                                      : info.declared.order - 1);
  const OrderFit fit = fit_order(hs, est);
  std::printf("%-12s estimate slope %.3f (lower order %d)\n", info.id.c_str(), fit.slope, lower);
  EXPECT_GE(fit.slope, lower + 1 - 0.2) << info.id;
}

std::vector<std::string> ids_with_estimates() {
  std::vector<std::string> out;
  const auto p = make_problem("pendulum");
  for (const auto& i : integrator_registry()) {
    auto st = i.stepper(*p, 0.01);
    State s = p->initial_state();
    if (!std::isnan(st->step(s).error_estimate)) out.push_back(i.id);
  }
  return out;
}

TIBENCH_INSTANTIATE_SELECTED(Registry, EmbeddedEstimate, ::testing::ValuesIn(ids_with_estimates()),
                             test::id_name);

}  // namespace
}  // namespace tibench
