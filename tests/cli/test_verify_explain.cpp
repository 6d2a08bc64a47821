// `tibench verify --explain ID` prints one claim's whole record: the
// claim, criterion and interpretation, the paper's data through the
// criterion and the unstated parameters swept (claims/protocol.hpp), the
// verdict, the pin, everything measured; it takes no other selection.
#include <gtest/gtest.h>

#include <string>

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"
#include "cli_support.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::tibench;

TEST(VerifyExplain, PrintsTheRecordWithTheProtocolAndThePin) {
  const std::string pins = test::source_dir() + "/claims";
  const auto o = tibench("verify --fast --explain Y-V1.converged-damped --expected " + pins);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const std::string pinned = to_string(read_pinned_verdicts(pins).at("Y-V1.converged-damped").fast);
  for (const std::string& needle :
       {std::string("Y-V1.converged-damped — You, Zheng, Li 2025"), std::string("criterion "),
        std::string("the paper's printed data through the criterion: holds"),
        std::string("unstated beta, the stiffness part of the damping [s], range [0, 0.01] s"),
        std::string("verdict by value: 0: refuted"), std::string("pinned           " + pinned),
        std::string("\"by_beta\"")})
    EXPECT_NE(o.out.find(needle), std::string::npos) << needle << "\n" << o.out;
}

// --perturb runs a check under its declared perturbation's inputs (or a
// reader's own) and says so; the verdict is the one measured under them.
TEST(VerifyExplain, PerturbRunsTheCheckWithTheInputChanged) {
  const ClaimCheck& check = find_claim("Y-T0.rk-condition");
  ASSERT_TRUE(check.flip);
  std::string args = "verify --fast --explain " + check.id;
  for (const std::string& input : check.flip->overrides) args += " --perturb " + input;
  const auto o = tibench(args);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("verdict          " + std::string(to_string(check.flip->to))),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("perturbed        " + check.flip->overrides.front()), std::string::npos);
  EXPECT_NE(o.out.find("perturbation that flips it (a test): "), std::string::npos);
}

TEST(VerifyExplain, TakesOneKnownClaimAndNothingElse) {
  for (const std::string args :
       {"verify --explain X-NOPE", "verify --explain D-S1 --claim D-S1",
        "verify --explain D-S1 -o x.h5", "verify --explain D-S1 --perturb g=0",
        "verify --explain Y-T0.rk-condition --perturb g", "verify --claim D-S1 --perturb g=0"}) {
    const auto o = tibench(args);
    EXPECT_EQ(o.exit_code, 2) << args << "\n" << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
  }
  EXPECT_NE(tibench("verify --explain X-NOPE").err.find("unknown claim 'X-NOPE'"),
            std::string::npos);
}

}  // namespace
}  // namespace tibench
