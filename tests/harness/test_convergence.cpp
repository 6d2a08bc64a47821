// Observed-order fits use the actual step sizes; step counts round t_end/h.
#include <gtest/gtest.h>

#include <cmath>

#include "harness/analysis/convergence.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {
namespace {

TEST(OrderFit, RecoversTheSlopeOnIrregularStepSizes) {
  const std::vector<double> h{0.1, 0.037, 0.021, 0.0063, 0.0011};
  for (double p : {1.0, 2.0, 3.7}) {
    std::vector<double> err;
    for (double x : h) err.push_back(0.3 * std::pow(x, p));
    const OrderFit f = fit_order(h, err);
    EXPECT_NEAR(f.slope, p, 1e-12);
    EXPECT_NEAR(f.r2, 1.0, 1e-12);
    EXPECT_EQ(f.points, 5);
  }
}

TEST(OrderFit, ScatterLowersTheFitQuality) {
  const std::vector<double> h{0.1, 0.05, 0.025, 0.0125};
  const std::vector<double> err{1e-2, 8e-3, 1e-3, 9e-4};
  const OrderFit f = fit_order(h, err);
  EXPECT_LT(f.r2, 0.99);
  EXPECT_GT(f.r2, 0.0);
}

TEST(OrderFit, IgnoresMissingErrorsAndNeedsTwoPoints) {
  const double nan = std::nan("");
  OrderFit f = fit_order({0.1, 0.05, 0.025}, {nan, 1e-3, 2.5e-4});
  EXPECT_EQ(f.points, 2);
  EXPECT_NEAR(f.slope, 2.0, 1e-12);
  f = fit_order({0.1}, {1e-3});
  EXPECT_TRUE(std::isnan(f.slope));
}

TEST(StepCount, ActualStepDividesTheInterval) {
  EXPECT_EQ(step_count(0.3, 1.0), 3);
  EXPECT_EQ(step_count(0.01, 1.0), 100);
  EXPECT_EQ(step_count(5.0, 1.0), 1);
  EXPECT_EQ(hkey(0.01), "h=1.000000e-02");
}

// reference_check: as written to run files.
StoredRun stored_run(const std::string& problem, double h, RunStatus status,
                     const std::string& reference_check, double err) {
  StoredRun r;
  r.problem = r.problem_id = problem;
  r.integrator = r.integrator_id = "backward-euler";
  r.h = r.h_requested = h;
  r.status = status;
  r.reference_check = parse_reference_check(reference_check).value();
  r.metrics["err_final"] = err;
  r.metrics["energy_drift_max"] = 0.1 * h;
  return r;
}

TEST(ConvergenceTables, RunsWithoutAReferenceHaveNoErrorTableButKeepTheirDrift) {
  const double nan = std::nan("");
  std::vector<StoredRun> runs{
      stored_run("beam", 0.1, RunStatus::ok, "none: no reference requested", nan),
      stored_run("beam", 0.05, RunStatus::ok, "none: no reference requested", nan),
      // A failed reference or a diverged cell is a finding and stays visible.
      stored_run("spring", 0.1, RunStatus::ok, "fail: reference did not converge", nan),
      stored_run("spring", 0.05, RunStatus::diverged, "none: no reference requested", nan),
      stored_run("spring", 0.025, RunStatus::ok, "exact", 1e-3),
      stored_run("spring", 0.0125, RunStatus::ok, "none: no reference requested", nan)};
  // A second integrator on the spring with nothing but unmeasured cells.
  for (double h : {0.1, 0.05}) {
    runs.push_back(stored_run("spring", h, RunStatus::ok, "none: no reference requested", nan));
    runs.back().integrator = runs.back().integrator_id = "sdirk2";
  }
  const auto errors = convergence_tables(runs, "err_final");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].problem, "spring");
  ASSERT_EQ(errors[0].rows.size(), 1u);
  EXPECT_EQ(errors[0].rows[0].integrator, "backward-euler");
  // The unmeasured h = 0.0125 run opens no column of its own.
  EXPECT_EQ(errors[0].rows[0].cell,
            (std::vector<std::string>{"unresolved", "diverged", "1.000e-03"}));
  const auto drift = convergence_tables(runs, "energy_drift_max");
  ASSERT_EQ(drift.size(), 2u);
  EXPECT_EQ(drift[0].problem, "beam");
  EXPECT_EQ(drift[0].h_columns.size(), 2u);
  EXPECT_EQ(drift[1].rows.size(), 2u);
}

}  // namespace
}  // namespace tibench
