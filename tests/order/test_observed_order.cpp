// Observed order of every registry integrator on the 3-dof oscillator
// (distinct frequencies, exact solution) must be within ±0.1 of its nominal
// order. Iterates the registry, so a new method is covered automatically.
//
// Step range per method, chosen by one rule: walk the ladder
// h_j = 0.2 · 2^(−j/2) and keep the runs whose err_final lies in the
// asymptotic window [1e-9, 1e-3] — below 1e-3 the leading error term
// dominates, above 1e-9 the error is far from round-off (≈ N·ε ≤ 1e-11 at the
// step counts used) and from the Newton tolerance (1e-12, quadratically
// converged) — stopping after 6 such runs or at 2·10⁵ steps. At least 4 runs
// spanning a factor ≥ 2.8 in h are required. The slope is fitted over the
// actual step sizes.
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
  for (int j = 0; j < 60 && hs.size() < 6; ++j) {
    CellSpec c;
    c.problem = "oscillator";
    c.problem_params = {"n=3", "x0=1", "v0=0.5"};
    c.integrator = info.id;
    c.h = 0.2 * std::pow(2.0, -0.5 * j);
    c.t_end = 2.0;
    c.max_samples = 1;
    if (step_count(c.h, c.t_end) > 200000) break;
    const RunRecord r = run_cell(c);
    ASSERT_EQ(r.status, "ok") << r.message;
    const double err = r.metrics["err_final"];
    trace += " h=" + std::to_string(r.h) + ":" + std::to_string(err);
    if (err < 1e-9) break;
    if (err <= 1e-3) {
      hs.push_back(r.h);
      errs.push_back(err);
    }
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
