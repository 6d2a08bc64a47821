// filter_can_select_suite (tests/support/selected_suite.hpp): a sweep is left empty
// only when no positive pattern of the gtest filter can name one of its tests.
#include <gtest/gtest.h>

#include <string>

#include "selected_suite.hpp"

namespace tibench {
namespace {

class WithFilter {
 public:
  explicit WithFilter(const std::string& filter) : saved_(GTEST_FLAG_GET(filter)) {
    GTEST_FLAG_SET(filter, filter);
  }
  ~WithFilter() { GTEST_FLAG_SET(filter, saved_); }

 private:
  std::string saved_;
};

bool selects(const std::string& filter, const char* suite) {
  const WithFilter scoped(filter);
  return test::filter_can_select_suite(suite);
}

TEST(SelectedSuite, AFullTestNameSelectsOnlyItsOwnSuite) {
  EXPECT_TRUE(selects("Registry/EveryProblem.ReportsItsRegistryId/beam", "Registry/EveryProblem"));
  EXPECT_FALSE(selects("Registry/EveryProblem.ReportsItsRegistryId/beam", "Registry/Feasibility"));
  // The suite is the text before the first '.', not a prefix of it.
  EXPECT_FALSE(selects("Registry/EveryProblemReference.X/beam", "Registry/EveryProblem"));
  EXPECT_FALSE(selects("ThreadPool.TickExceptionIsRethrown", "Registry/EveryProblem"));
}

TEST(SelectedSuite, WildcardsAndListsAreReadConservatively) {
  EXPECT_TRUE(selects("*", "Registry/EveryProblem"));
  EXPECT_TRUE(selects("Registry/Every*", "Registry/Feasibility"));
  EXPECT_TRUE(selects("Registry/EveryProblem.?eports*", "Registry/EveryProblem"));
  EXPECT_TRUE(selects("A.B:Registry/Feasibility.X/beam", "Registry/Feasibility"));
  EXPECT_FALSE(selects("A.B:C.D", "Registry/Feasibility"));
}

TEST(SelectedSuite, NegativePatternsNeverExclude) {
  EXPECT_TRUE(selects("-Registry/Feasibility.*", "Registry/Feasibility"));
  EXPECT_TRUE(
      selects("Registry/Feasibility.X/beam-Registry/Feasibility.Y/beam", "Registry/Feasibility"));
  EXPECT_FALSE(selects("A.B-Registry/Feasibility.X/beam", "Registry/Feasibility"));
}

}  // namespace
}  // namespace tibench
