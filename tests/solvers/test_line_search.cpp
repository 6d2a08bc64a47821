// The strong-Wolfe line search (solvers/nonlinear/line_search.hpp): on smooth
// line functions with known shapes, every point it reports as found meets
// both conditions, it extrapolates past α = 1 when the function keeps
// decreasing, and it stays out of a region where the function is not finite.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "solvers/nonlinear/line_search.hpp"

namespace tibench {
namespace {

struct Line {
  std::function<double(double)> f, df;
  LineFunction fn() const {
    return [this](LinePoint& p) {
      p.value = f(p.alpha);
      p.slope = df(p.alpha);
    };
  }
  LinePoint start() const { return {0.0, f(0.0), df(0.0)}; }
};

void expect_wolfe(const Line& line, const WolfeResult& w, const WolfeOptions& o = {}) {
  ASSERT_TRUE(w.found);
  const LinePoint s = line.start();
  EXPECT_LE(w.point.value, s.value + o.c1 * w.point.alpha * s.slope);
  EXPECT_LE(std::abs(w.point.slope), -o.c2 * s.slope);
  EXPECT_DOUBLE_EQ(w.point.value, line.f(w.point.alpha));
}

TEST(StrongWolfe, AcceptsTheFullStepAtAQuadraticsMinimizer) {
  const Line line{[](double a) { return (a - 1) * (a - 1); }, [](double a) { return 2 * (a - 1); }};
  const WolfeResult w = strong_wolfe_search(line.fn(), line.start());
  expect_wolfe(line, w);
  EXPECT_EQ(w.point.alpha, 1.0);
  EXPECT_EQ(w.evaluations, 1);
}

TEST(StrongWolfe, ExtrapolatesBeyondOneWhenTheFunctionKeepsDecreasing) {
  // Minimizer at α = 37: a unit step is far too short for the curvature test.
  const Line line{[](double a) { return (a - 37) * (a - 37); },
                  [](double a) { return 2 * (a - 37); }};
  const WolfeResult w = strong_wolfe_search(line.fn(), line.start());
  expect_wolfe(line, w);
  EXPECT_GT(w.point.alpha, 1.0);
}

TEST(StrongWolfe, StaysWhereTheFunctionIsFinite) {
  // A barrier at α = 0.3: log-barrier plus a linear pull beyond it.
  const double inf = std::numeric_limits<double>::infinity();
  const Line line{[inf](double a) { return a < 0.3 ? -a - 0.01 * std::log(0.3 - a) : inf; },
                  [inf](double a) { return a < 0.3 ? -1 + 0.01 / (0.3 - a) : inf; }};
  const WolfeResult w = strong_wolfe_search(line.fn(), line.start());
  expect_wolfe(line, w);
  EXPECT_LT(w.point.alpha, 0.3);
}

TEST(StrongWolfe, MeetsBothConditionsOnNonconvexLineFunctions) {
  // φ(α) = −α + b sin(cα) + α⁴/40: wiggles of several sizes on a bounded-below
  // function; descent at 0 holds when b c < 1.
  for (double b : {0.05, 0.2, 0.5})
    for (double c : {0.5, 1.0, 1.9}) {
      if (b * c >= 1) continue;
      const Line line{
          [b, c](double a) { return -a + b * std::sin(c * a) + std::pow(a, 4) / 40; },
          [b, c](double a) { return -1 + b * c * std::cos(c * a) + std::pow(a, 3) / 10; }};
      SCOPED_TRACE(testing::Message() << "b = " << b << ", c = " << c);
      expect_wolfe(line, strong_wolfe_search(line.fn(), line.start()));
    }
}

TEST(StrongWolfe, ReportsTheBestDecreaseWhenStillDescendingAtTheBound) {
  const Line line{[](double a) { return -a; }, [](double) { return -1.0; }};
  WolfeOptions o;
  o.alpha_max = 8.0;
  const WolfeResult w = strong_wolfe_search(line.fn(), line.start(), o);
  EXPECT_FALSE(w.found);
  EXPECT_EQ(w.point.alpha, 8.0);
}

}  // namespace
}  // namespace tibench
