// claims/protocol.hpp: a sweep of an unstated parameter gives its common
// verdict, and inconclusive naming the values as soon as one disagrees.
#include <gtest/gtest.h>

#include "claims/protocol.hpp"

namespace tibench::claims {
namespace {

TEST(Protocol, ASweepGivesItsCommonVerdictOrInconclusiveNamingTheFlip) {
  std::string why;
  for (const Verdict v : {Verdict::reproduced, Verdict::refuted, Verdict::inconclusive}) {
    EXPECT_EQ(swept_verdict("beta", {{"0", v}, {"0.5", v}, {"1", v}}, why), v);
    EXPECT_EQ(why, "");
  }
  EXPECT_EQ(
      swept_verdict(
          "beta", {{"0", Verdict::refuted}, {"0.5", Verdict::refuted}, {"1", Verdict::reproduced}},
          why),
      Verdict::inconclusive);
  EXPECT_EQ(why,
            "inconclusive: the verdict flips with beta, which the paper leaves unstated "
            "(refuted at 0, 0.5; reproduced at 1)");
  const auto record = unstated_record("beta", "[0, 1]", "why", {{"0", Verdict::refuted}});
  EXPECT_EQ(record["sweep"]["0"], "refuted");
  EXPECT_EQ(record["range"], "[0, 1]");
  EXPECT_EQ(paper_data_record(false, {{"x", 1}}, "n")["criterion"], "fails");
}

}  // namespace
}  // namespace tibench::claims
