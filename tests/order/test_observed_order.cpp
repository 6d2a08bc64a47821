// Observed order of every registry integrator must be within ±0.1 of its
// nominal order on
//   - the 3-dof oscillator (distinct frequencies, exact solution), and
//   - the pendulum at θ0 = 1 rad, ω0 = 0.5 rad/s (nonlinear, no exact
//     solution), against the harness's fine-RK4 reference (h_ref = 1e-4,
//     self-convergence and dopri5 cross-check; an error the reference cannot
//     resolve by a factor 100 is reported as NaN and ends the ladder).
// Iterates the registry, so a new method is covered automatically.
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
#include "problems/registry.hpp"
#include "reference/reference.hpp"

namespace tibench {
namespace {

class ObservedOrder : public ::testing::TestWithParam<std::string> {};

constexpr double kReferenceStep = 1e-4;  // fine RK4 step of the pendulum reference

// Walks the step ladder on (problem, params) and checks the fitted slope.
void check_observed_order(const IntegratorInfo& info, const std::string& problem,
                          const std::vector<std::string>& params, const RunContext& ctx = {}) {
  std::vector<double> hs, errs;
  std::string trace;
  for (int j = 0; j < 80; ++j) {
    CellSpec c;
    c.problem = problem;
    c.problem_params = params;
    c.integrator = info.id;
    c.h = 0.2 * std::pow(2.0, -0.5 * j);
    c.t_end = 2.0;
    c.max_samples = 1;
    c.h_ref = kReferenceStep;
    const long steps = step_count(c.h, c.t_end);
    if (steps > 200000) break;
    const RunRecord r = run_cell(c, ctx);
    ASSERT_EQ(r.status, RunStatus::ok) << r.message;
    const double err = r.metrics["err_final"];
    char buf[64];
    std::snprintf(buf, sizeof buf, " h=%.4e:%.4e", r.h, err);
    trace += buf;
    const double floor = std::max(1e-12, 100 * 2.2e-16 * static_cast<double>(steps));
    if (!(err >= floor)) break;  // below the floor, or unresolved by the reference (NaN)
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
  ::testing::Test::RecordProperty("observed_order", std::to_string(fit.slope));
  ::testing::Test::RecordProperty("fit_r2", std::to_string(fit.r2));
  std::printf("%-20s %-10s observed %.3f nominal %d  r2 %.5f  h in [%.3e, %.3e]\n", info.id.c_str(),
              problem.c_str(), fit.slope, info.declared.order, fit.r2, hs.back(), hs.front());
  EXPECT_NEAR(fit.slope, info.declared.order, 0.1) << info.id << " on " << problem << trace;
}

TEST_P(ObservedOrder, MatchesNominalOnOscillator) {
  check_observed_order(find_integrator(GetParam()), "oscillator", {"n=3", "x0=1", "v0=0.5"});
}

TEST_P(ObservedOrder, MatchesNominalOnPendulum) {
  const std::vector<std::string> params{"theta0=1", "omega0=0.5"};
  // Every cell has t_end = 2 and one output time: one reference for all.
  static const Reference reference = [&] {
    CellSpec c;
    c.problem = "pendulum";
    c.problem_params = params;
    c.t_end = 2.0;
    c.h_ref = kReferenceStep;
    return compute_reference(*make_problem(c.problem, params), reference_request(c));
  }();
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
