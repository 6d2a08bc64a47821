// The regression gate catches a wrong coefficient. For every Butcher-tableau
// integrator of the registry (those run by the generic Runge–Kutta engine on
// info.tableau; checked below by reproducing the registry's runs), the cells of the gate matrix
// (the baseline's matrix, harness/matrices/ci.toml) are run twice through the same code path as
// `tibench regress`, checked against results/baselines/ci.json:
//   - with the registry's coefficients: the gate passes (the control);
//   - with one weight perturbed inside this test (b_1 → b_1 + 0.01, which
//     breaks the consistency condition Σ b_i = 1 and so every order
//     condition): the gate fails, and every failure names the integrator.
// The registry is not touched: the perturbed tableau is a copy of the
// record's runtime form, stepped by the same generic engine.
#include <gtest/gtest.h>

#include "test_names.hpp"

#include "harness/analysis/regress.hpp"
#include "harness/io/run_io.hpp"
#include "harness/run/matrix.hpp"
#include "integrators/engines/runge_kutta.hpp"
#include "integrators/methods/registry.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

const std::string kSource = test::source_dir();

const Baseline& baseline() {
  static const Baseline b = load_baseline(kSource + "/results/baselines/ci.json");
  return b;
}

const Matrix& gate_matrix() {
  static const Matrix m = load_matrix(kSource + "/" + baseline().matrix);
  return m;
}

// The baseline restricted to one integrator's cells and orders.
Baseline only(const std::string& integrator) {
  Baseline b = baseline();
  std::erase_if(b.cells, [&](const BaselineCell& c) { return c.integrator != integrator; });
  std::erase_if(b.orders, [&](const BaselineOrder& o) { return o.integrator != integrator; });
  return b;
}

std::vector<StoredRun> run_cells_of(const std::string& integrator, const StepperFactory* stepper) {
  std::vector<StoredRun> runs;
  for (const CellSpec& c : gate_matrix().cells) {
    if (c.integrator_key() != integrator) continue;
    RunContext ctx;
    ctx.stepper = stepper;
    runs.push_back(summary_of(run_cell(c, ctx)));
  }
  return runs;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += "\n  " + l;
  return s;
}

class PerturbedCoefficient : public ::testing::TestWithParam<std::string> {};

TEST_P(PerturbedCoefficient, FailsTheGateWhileTheRegistryMethodPasses) {
  const IntegratorInfo& info = find_integrator(GetParam());
  const Baseline mine = only(info.id);
  ASSERT_FALSE(mine.cells.empty())
      << info.id
      << " has no cells in the CI baseline; run tibench regress --baseline "
         "results/baselines/ci.json --update and review the diff";

  const GateReport control = check_against_baseline(mine, run_cells_of(info.id, nullptr));

  EXPECT_TRUE(control.failures.empty())
      << "registry method fails its own baseline:" << joined(control.failures);

  const bool is_explicit = info.is_explicit;
  auto engine_on = [is_explicit](const ButcherTableau& tableau) -> StepperFactory {
    return [tableau, is_explicit](const Problem& p, double h, const ParamSet& params) {
      return std::make_unique<RungeKuttaStepper>(
          p, tableau, h,
          is_explicit ? StageSolverOptions{} : StageSolverOptions::from_params(params));
    };
  };
  // The engine on an unperturbed copy reproduces the registry method exactly,
  // so the perturbation below changes the very method the gate guards.
  const StepperFactory copy = engine_on(*info.tableau);
  const auto registry_runs = run_cells_of(info.id, nullptr);
  const auto copy_runs = run_cells_of(info.id, &copy);
  ASSERT_EQ(copy_runs.size(), registry_runs.size());
  for (std::size_t k = 0; k < copy_runs.size(); ++k)
    ASSERT_EQ(copy_runs[k].metrics["err_final"], registry_runs[k].metrics["err_final"])
        << info.id << " is not the Runge-Kutta engine on its tableau";

  ButcherTableau perturbed = *info.tableau;
  perturbed.id += "-perturbed";
  perturbed.b[0] += 0.01;
  const StepperFactory factory = engine_on(perturbed);
  const GateReport report = check_against_baseline(mine, run_cells_of(info.id, &factory));
  EXPECT_FALSE(report.failures.empty()) << info.id << ": the perturbed method passed the gate";
  for (const auto& f : report.failures) EXPECT_NE(f.find("/" + info.id), std::string::npos) << f;
  std::printf("%-20s perturbed b_1 by 0.01: %zu gate failures, e.g. %s\n", info.id.c_str(),
              report.failures.size(),
              report.failures.empty() ? "-" : report.failures.front().c_str());
}

std::vector<std::string> tableau_integrators() {
  std::vector<std::string> out;
  for (const auto& i : integrator_registry())
    if (i.tableau) out.push_back(i.id);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Registry, PerturbedCoefficient, ::testing::ValuesIn(tableau_integrators()),
                         test::id_name);

TEST(RegressionGate, DetectsEveryKindOfViolation) {
  // A baseline made from runs, checked against edited copies of the runs.
  StoredRun r;
  r.problem = "p";
  r.integrator = "m";
  r.integrator_id = "rk4";
  r.status = RunStatus::ok;
  std::vector<StoredRun> runs;
  for (double h : {0.1, 0.05, 0.025}) {
    r.h = r.h_requested = h;
    r.metrics["err_final"] = 2.0 * h * h;
    r.metrics["energy_drift_max"] = 1e-3 * h;
    runs.push_back(r);
  }
  const Baseline b = make_baseline("m.toml", runs);
  ASSERT_EQ(b.orders.size(), 1u);
  EXPECT_NEAR(b.orders[0].observed, 2.0, 1e-12);
  EXPECT_TRUE(check_against_baseline(b, runs).failures.empty());

  auto worse = runs;
  worse[1].metrics["err_final"] *= 1.6;  // beyond the 1.5 safety factor
  auto report = check_against_baseline(b, worse);
  ASSERT_FALSE(report.failures.empty());
  EXPECT_NE(report.failures[0].find("p/m/h=5.000000e-02: err_final"), std::string::npos);

  worse = runs;
  worse[2].metrics["energy_drift_max"] *= 2;
  EXPECT_NE(joined(check_against_baseline(b, worse).failures).find("energy_drift_max"),
            std::string::npos);

  worse = runs;
  worse[0].status = RunStatus::diverged;
  EXPECT_NE(joined(check_against_baseline(b, worse).failures).find("status diverged"),
            std::string::npos);

  worse = runs;
  worse.pop_back();
  EXPECT_NE(joined(check_against_baseline(b, worse).failures).find("not run"), std::string::npos);

  worse = runs;  // errors within bounds but order lost: 2·h² → flatter
  worse[0].metrics["err_final"] *= 0.7;
  worse[2].metrics["err_final"] *= 1.45;
  EXPECT_NE(joined(check_against_baseline(b, worse).failures).find("observed order"),
            std::string::npos);

  auto extra = runs;
  extra.push_back(runs[0]);
  extra.back().integrator = "new";
  report = check_against_baseline(b, extra);
  EXPECT_TRUE(report.failures.empty());
  EXPECT_EQ(report.unguarded.size(), 1u);
}

}  // namespace
}  // namespace tibench
