// Problems whose potential is finite only on part of the space (barriers,
// elements that must not invert) bound solver steps by continuous collision
// detection (Problem::max_feasible_step). For every registered problem and
// variant: along random directions from sample states, the bound keeps the
// potential finite, and it is tight — the limiting distance reaches zero at
// α / kCcdFraction, where the potential is infinite. Problems without
// barriers return ∞ and are checked to stay finite along the sampled
// directions. Then the solver path: an inertial target that lands exactly on
// the wall (bar1d, gap 0.1 m at 1 m/s and h = 1/30 s) is pulled back and the
// step converges, where it used to take the bar to 1e28 J.
#include <gtest/gtest.h>

#include "problem_cases.hpp"

#include <cmath>

#include "core/random.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/contact/ipc_barrier.hpp"
#include "selected_suite.hpp"

namespace tibench {
namespace {

using test::ProblemCase;

class Feasibility : public ::testing::TestWithParam<ProblemCase> {};

TEST_P(Feasibility, CcdBoundKeepsThePotentialFiniteAndIsTight) {
  const auto p = GetParam().make();
  SplitMix64 rng(7);
  int bounded = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const State s = p->sample_state(seed);
    ASSERT_TRUE(std::isfinite(p->potential(s.q))) << "sample state " << seed << " is infeasible";
    Vec dq(p->dofs());
    const double scale = 1.0 + s.q.cwiseAbs().maxCoeff();
    for (Index i = 0; i < dq.size(); ++i) dq[i] = scale * rng.uniform(-1, 1);
    const double alpha = p->max_feasible_step(s.q, dq);
    ASSERT_GT(alpha, 0.0);
    if (!std::isfinite(alpha)) continue;
    ++bounded;
    for (double f : {0.25, 0.5, 0.999, 1.0})
      EXPECT_TRUE(std::isfinite(p->potential(s.q + f * alpha * dq)))
          << "seed " << seed << ": infinite potential at " << f << " of the CCD bound";
    // Tight: each bound leaves a tenth of the limiting distance (exactly so
    // along a half-space's linear phi; along a sphere's, to first order), so
    // repeated bounds approach the first contact geometrically, and a point
    // just past their sum touches something.
    Vec q = s.q + alpha * dq;
    double travelled = alpha, next = alpha;
    for (int k = 0; k < 8 && next > 1e-9 * alpha; ++k) {
      next = p->max_feasible_step(q, dq);
      ASSERT_GT(next, 0.0);
      q += next * dq;
      travelled += next;
    }
    const Vec past = s.q + (travelled + 2 * next) * dq;
    EXPECT_FALSE(std::isfinite(p->potential(past)))
        << "seed " << seed << ": the bound is not tight (no distance reaches 0 past the sum of "
        << "repeated bounds, " << travelled << ")";
  }
  RecordProperty("directions_with_a_bound", bounded);
}

TIBENCH_INSTANTIATE_SELECTED(Registry, Feasibility, ::testing::ValuesIn(test::problem_cases()),
                             test::case_name);

// Every implicit family on the exact-contact coincidence, through the
// registry: the step must stay bounded in energy.
TEST(Feasibility, InertialTargetOnTheWallIsPulledBack) {
  const auto p = make_problem("bar1d");
  const double h = 1.0 / 30, H0 = p->total_energy(p->initial_state());
  for (const char* id : {"backward-euler", "a1", "bdf2", "sdirk2", "opt-tr-bdf2"}) {
    auto st = find_integrator(id).stepper(*p, h);
    State s = p->initial_state();
    for (int n = 0; n < 12; ++n) {  // contact starts at step 3 exactly
      const StepReport r = st->step(s);
      ASSERT_EQ(r.status, StepStatus::ok) << id << " step " << n << ": " << r.message;
      ASSERT_TRUE(std::isfinite(p->potential(s.q))) << id << " step " << n;
      EXPECT_LE(p->total_energy(s), 1.5 * H0) << id << " step " << n;
    }
  }
}

}  // namespace
}  // namespace tibench
