// Observed order of every registry integrator on the 3-dof oscillator
// (distinct frequencies, exact solution) must be within ±0.1 of its nominal
// order. Iterates the registry, so a new method is covered automatically.
//
// Step range per method, chosen by one rule: walk the ladder
// h_j = 0.2 · 2^(−j/2) down until err_final falls below the floor
// max(1e-12, 100 · ε · steps) — far above round-off (≈ ε per step) and the
// Newton tolerance (1e-12, converged quadratically) — or the run would need
// more than 2·10⁵ steps. Of the runs with err_final ≤ 1e-3 above the floor,
// the 6 smallest step sizes are fitted: the smallest h are the most
// asymptotic. At least 4 runs spanning a factor ≥ 2.8 in h are required. The
// slope is fitted over the actual step sizes.
#include <gtest/gtest.h>

#include "test_names.hpp"

#include <cmath>

#include "harness/convergence.hpp"
#include "harness/run_cell.hpp"
#include "integrators/registry.hpp"

namespace tibench {
namespace {

class ObservedOrder : public ::testing::TestWithParam<std::string> {};

TEST_P(ObservedOrder, MatchesNominalOnOscillator) {
  const IntegratorInfo& info = find_integrator(GetParam());
  std::vector<double> hs, errs;
  std::string trace;
  for (int j = 0; j < 80; ++j) {
    CellSpec c;
    c.problem = "oscillator";
    c.problem_params = {"n=3", "x0=1", "v0=0.5"};
    c.integrator = info.id;
    c.h = 0.2 * std::pow(2.0, -0.5 * j);
    c.t_end = 2.0;
    c.max_samples = 1;
    const long steps = step_count(c.h, c.t_end);
    if (steps > 200000) break;
    const RunRecord r = run_cell(c);
    ASSERT_EQ(r.status, "ok") << r.message;
    const double err = r.metrics["err_final"];
    trace += " h=" + std::to_string(r.h) + ":" + std::to_string(err);
    const double floor = std::max(1e-12, 100 * 2.2e-16 * static_cast<double>(steps));
    if (err < floor) break;
    if (err <= 1e-3) {
      hs.push_back(r.h);
      errs.push_back(err);
    }
  }
  if (hs.size() > 6) {
    hs.erase(hs.begin(), hs.end() - 6);
    errs.erase(errs.begin(), errs.end() - 6);
  }
  ASSERT_GE(hs.size(), 4u) << info.id << " has too few runs in the asymptotic window:" << trace;
  ASSERT_GE(hs.front() / hs.back(), 2.8) << trace;
  const OrderFit fit = fit_order(hs, errs);
  RecordProperty("observed_order", std::to_string(fit.slope));
  RecordProperty("fit_r2", std::to_string(fit.r2));
  std::printf("%-20s observed %.3f nominal %d  r2 %.5f  h in [%.3e, %.3e]\n", info.id.c_str(),
              fit.slope, info.nominal_order, fit.r2, hs.back(), hs.front());
  EXPECT_NEAR(fit.slope, info.nominal_order, 0.1) << info.id << trace;
}

std::vector<std::string> ids() {
  std::vector<std::string> out;
  for (const auto& i : integrator_registry()) out.push_back(i.id);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Registry, ObservedOrder, ::testing::ValuesIn(ids()), test::id_name);

}  // namespace
}  // namespace tibench
