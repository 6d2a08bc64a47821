// Every registered claim check (iterates the ledger): it computes a verdict
// with its evidence, deterministically, and does not fail for internal
// reasons. A refuted claim is a finding, not a test failure; an exception
// inside a check is, and so is a verdict other than the one pinned in
// claims/<paper>/expected_verdicts.toml (fast mode's; the full ledger's is
// compared by `tibench verify --expected`, in make run and the long test).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "test_names.hpp"

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"

namespace tibench {
namespace {

const PinnedVerdicts& pins() {
  static const PinnedVerdicts p = read_pinned_verdicts(TIBENCH_SOURCE_DIR "/claims");
  return p;
}

class EveryClaim : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryClaim, ComputesAVerdictWithItsEvidence) {
  const ClaimCheck& check = find_claim(GetParam());
  ClaimContext ctx;
  ctx.fast = true;
  const ClaimResult r = run_claim(check, ctx);
  EXPECT_EQ(r.summary.find("could not be computed"), std::string::npos) << r.summary;
  EXPECT_FALSE(r.summary.empty());
  EXPECT_FALSE(r.expected.empty());
  EXPECT_FALSE(r.tolerance.empty());
  EXPECT_FALSE(r.interpretation.empty());
  ASSERT_TRUE(r.measured.is_object());
  EXPECT_FALSE(r.measured.empty());
  std::printf("%-16s %s: %s\n", check.id.c_str(), to_string(r.status), r.summary.c_str());
  EXPECT_EQ(pinned_mismatch(pins(), check.id, r, true), "");
}

TEST_P(EveryClaim, IsDeterministic) {
  // Two contexts: nothing computed for the first is reused by the second.
  const ClaimCheck& check = find_claim(GetParam());
  ClaimContext first, second;
  first.fast = second.fast = true;
  ClaimResult a = run_claim(check, first), b = run_claim(check, second);
  // Wall-clock timings (timing claims) are the one exception; everything
  // else they measure must still repeat.
  const bool timed = a.measured.is_object() && a.measured.contains(kWallClockKey);
  if (timed) {
    EXPECT_FALSE(a.measured[kWallClockKey].empty());
    a.measured.erase(kWallClockKey);
    b.measured.erase(kWallClockKey);
  } else {
    EXPECT_EQ(a.status, b.status);
  }
  EXPECT_EQ(a.measured.dump(), b.measured.dump());
}

TEST(ClaimsLedger, EveryClaimIsPinnedAndEveryPinIsAClaim) {
  for (const auto& c : claim_registry())
    EXPECT_TRUE(pins().count(c.id)) << c.id << " has no pinned verdict";
  for (const auto& [id, pin] : pins())
    EXPECT_NO_THROW(find_claim(id)) << "the pin " << id << " names no registered claim";
}

// The source file a report links for each check: a claims file of the
// repository whose text names the check's id (of generated sub-claim ids
// such as "L-T1." + method, the part before the first dot).
TEST(ClaimsLedger, EveryCheckNamesTheClaimsFileThatDeclaresIt) {
  for (const auto& c : claim_registry()) {
    EXPECT_TRUE(c.source_file.starts_with("claims/")) << c.id << ": " << c.source_file;
    std::ifstream in(std::string(TIBENCH_SOURCE_DIR) + "/" + c.source_file);
    ASSERT_TRUE(in) << c.id << ": " << c.source_file << " cannot be read";
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string named = c.id.substr(0, c.id.find('.'));
    EXPECT_NE(text.find("\"" + named), std::string::npos)
        << c.id << " is not named in " << c.source_file;
  }
}

TEST(ClaimsLedger, IdsAreUniqueAndUnknownIdsAreRejected) {
  EXPECT_FALSE(claim_registry().empty());
  EXPECT_THROW(find_claim("X-NOPE"), std::invalid_argument);
}

std::vector<std::string> ids() {
  std::vector<std::string> out;
  for (const auto& c : claim_registry()) out.push_back(c.id);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Ledger, EveryClaim, ::testing::ValuesIn(ids()), test::id_name);

}  // namespace
}  // namespace tibench
