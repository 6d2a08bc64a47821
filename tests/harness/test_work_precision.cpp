// Work-precision (harness/analysis/work_precision.hpp) on synthetic points whose
// Pareto front and cheapest-at-level answers are known by construction.
#include <gtest/gtest.h>

#include "core/parameters.hpp"
#include "harness/analysis/work_precision.hpp"

namespace tibench {
namespace {

// A ladder (cost doubles, error falls 4x: second order) and a cheaper,
// less accurate first-order ladder; one point dominated by another.
std::vector<WorkPoint> synthetic() {
  return {
      {"second", 0.1, 1e-2, 10},       // 0
      {"second", 0.05, 2.5e-3, 20},    // 1
      {"second", 0.025, 6.25e-4, 40},  // 2
      {"first", 0.1, 1e-1, 2},         // 3
      {"first", 0.05, 5e-2, 4},        // 4
      {"first", 0.025, 2.5e-2, 8},     // 5
      {"slow", 0.1, 2e-2, 50},         // 6: dominated by 0 (costlier and worse)
      {"tie", 0.1, 1e-2, 10},          // 7: equal to 0, so not repeated on the front
  };
}

TEST(WorkPrecision, ParetoFrontKeepsExactlyTheNonDominatedPointsByCost) {
  const auto pts = synthetic();
  EXPECT_EQ(pareto_front(pts), (std::vector<std::size_t>{3, 4, 5, 0, 1, 2}));
  EXPECT_TRUE(pareto_front({}).empty());
  // A single point is its own front; two incomparable points are both on it.
  EXPECT_EQ(pareto_front({{"a", 1, 1, 1}}), (std::vector<std::size_t>{0}));
  EXPECT_EQ(pareto_front({{"a", 1, 1, 2}, {"b", 1, 2, 1}}), (std::vector<std::size_t>{1, 0}));
}

TEST(WorkPrecision, CheapestAtEachDecadeIsTheLeastCostlyRunReachingIt) {
  const auto pts = synthetic();
  const auto c = cheapest_by_level(pts);
  // Decades from 1e-1 (the largest error) down to 1e-3 (ceil of the smallest).
  ASSERT_EQ(c.size(), 3u);
  EXPECT_DOUBLE_EQ(c[0].level, 1e-1);
  EXPECT_EQ(c[0].point, std::optional<std::size_t>(3));  // first order at cost 2
  EXPECT_DOUBLE_EQ(c[1].level, 1e-2);
  EXPECT_EQ(c[1].point, std::optional<std::size_t>(0));  // second order at cost 10
  EXPECT_DOUBLE_EQ(c[2].level, 1e-3);
  EXPECT_EQ(c[2].point, std::optional<std::size_t>(2));  // only the finest reaches 1e-3
}

TEST(WorkPrecision, UnknownMeasuresAreRefusedNamingWhatIsAccepted) {
  try {
    (void)work_precision({}, "err_final", "seconds");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown cost measure 'seconds' (accepted: wall_s"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW((void)work_precision({}, "err_max", "wall_s"), InputError);
}

}  // namespace
}  // namespace tibench
