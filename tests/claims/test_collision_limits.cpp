// The single-particle collision states behind claims Y-E1..Y-E3 (You et al.
// App. E): trapezoidal, A-1 and A-search on the one-sided quadratic barrier
// at hbar = 1e10 follow the hbar -> infinity limits derived by hand (for A-1
// and trapezoidal the paper's closed forms). A regression guard: the claim
// checks report verdicts, these tests fail when the engines change.
#include <gtest/gtest.h>

#include <cmath>

#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

constexpr double kHbar = 1e10;  // m = 1, h = 1, k = hbar
constexpr double kTol = 1e-5;   // limit error O(1/hbar) plus round-off ~ hbar eps

std::vector<State> run(const std::string& id, double beta, int steps,
                       std::vector<std::string> iparams = {}) {
  const auto p =
      make_problem("barrier-quadratic", {"m=1", "k=1e10", "h=1", "beta=" + format_real(beta)});
  auto st = find_integrator(id).stepper(*p, 1.0, iparams);
  std::vector<State> z = {p->initial_state()};
  for (int n = 0; n < steps; ++n) {
    State s = z.back();
    EXPECT_EQ(st->step(s).status, StepStatus::ok);
    z.push_back(s);
  }
  return z;
}

TEST(CollisionLimits, TrapezoidalFollowsTheClosedForms) {
  for (double b : {0.3, 0.6, 0.7, 0.9}) {
    const auto z = run("trapezoidal", b, 4);
    EXPECT_NEAR(z[1].q[0] * kHbar, 4 * b - 4, kTol * 4) << b;
    EXPECT_NEAR(z[1].v[0], 1 - 2 * b, kTol) << b;
    if (b < 2.0 / 3) {
      EXPECT_NEAR(z[2].q[0], 2 - 3 * b, kTol) << b;
      EXPECT_NEAR(z[2].v[0], 3 - 4 * b, kTol) << b;
    } else {
      EXPECT_NEAR(z[2].q[0] * kHbar, 8 - 12 * b, kTol * 8) << b;
      EXPECT_NEAR(z[3].v[0], 8 * b - 5, kTol) << b;
    }
  }
}

TEST(CollisionLimits, A1ResolvesInFourStepsWithUnitSpeed) {
  for (double b : {0.2, 0.5, 0.9}) {
    const auto z = run("a1", b, 5);
    EXPECT_NEAR(z[2].v[0], -b, kTol) << b;
    EXPECT_NEAR(z[3].v[0], 1 - b, kTol) << b;
    EXPECT_LT(z[3].q[0], 0.0) << b;
    EXPECT_GE(z[4].q[0], 0.0) << b;
    EXPECT_NEAR(z[4].v[0], 1.0, kTol) << b;
  }
}

TEST(CollisionLimits, ASearchStepThreeReachesTheClipNotOnePlusV2) {
  // Our limit: v2 = -min(b amax, 1) as printed, but the search at step 3
  // scales 1 + v2 by its alpha: v3 = min(1, amax (1 + v2)); v4 = 1.
  for (double amax : {1.1, 2.0})
    for (double b : {0.2, 0.45, 0.8}) {
      const auto z = run("a-search", b, 5, {"alpha_max=" + format_real(amax)});
      const double v2 = -std::min(b * amax, 1.0);
      EXPECT_NEAR(z[2].v[0], v2, kTol) << b << " " << amax;
      EXPECT_NEAR(z[3].v[0], std::min(1.0, amax * (1 + v2)), kTol) << b << " " << amax;
      EXPECT_NEAR(z[4].v[0], 1.0, kTol) << b << " " << amax;
    }
}

}  // namespace
}  // namespace tibench
