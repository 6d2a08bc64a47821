// Every registered claim check (iterates the ledger), family by family: it
// computes a verdict with its evidence, deterministically, and does not
// fail for internal reasons. A refuted claim is a finding, not a test failure; an exception
// inside a check is, and so is a verdict other than the one pinned in
// claims/<paper>/expected_verdicts.toml (fast mode's; the full ledger's is
// compared by `tibench verify --expected`, in make run and the long test).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "claim_families.hpp"
#include "test_names.hpp"

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"
#include "claims/protocol.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::family;
using test::family_of;
using test::pins;

// The family's checks in a new context, `jobs` at a time.
std::vector<ClaimResult> run_family(const std::string& name, int jobs) {
  ClaimContext ctx;
  ctx.fast_mode = true;
  std::vector<ClaimResult> results;
  for (TimedClaimResult& t : run_claims(family(name), ctx, jobs))
    results.push_back(std::move(t.result));
  return results;
}

// The refutation protocol (claims/protocol.hpp): a criterion that the
// paper's own printed numbers fail cannot reproduce or refute, nor can a
// stand-in that lacks what the claim rests on; a verdict over swept
// unstated parameters is the verdict at every swept value.
void expect_protocol_kept(const ClaimResult& r) {
  if (r.measured.contains(claims::kPaperData)) {
    EXPECT_TRUE(r.measured[claims::kPaperData]["criterion"] == "holds" ||
                r.status == Verdict::inconclusive)
        << "the paper's own data fail the criterion of a " << to_string(r.status) << " verdict";
  }
  if (r.measured.contains(claims::kStandIn)) {
    EXPECT_EQ(r.status, Verdict::inconclusive) << "a stand-in lacking what the claim rests on";
  }
  if (!r.measured.contains(claims::kUnstated)) return;
  for (const auto& parameter : r.measured[claims::kUnstated]) {
    ASSERT_TRUE(parameter.contains("range") && parameter.contains("reason"));
    ASSERT_FALSE(parameter["sweep"].empty());
    if (r.status == Verdict::inconclusive) continue;
    for (const auto& [value, verdict] : parameter["sweep"].items())
      EXPECT_EQ(verdict, to_string(r.status)) << parameter["parameter"] << " = " << value;
  }
}

class ClaimFamily : public ::testing::TestWithParam<std::string> {};

void expect_pinned_with_evidence(const ClaimCheck& check, const ClaimResult& r) {
  SCOPED_TRACE(check.id);
  EXPECT_EQ(r.summary.find("could not be computed"), std::string::npos) << r.summary;
  EXPECT_FALSE(r.summary.empty());
  EXPECT_FALSE(r.expected.empty());
  EXPECT_FALSE(r.tolerance.empty());
  EXPECT_FALSE(r.interpretation.empty());
  ASSERT_TRUE(r.measured.is_object());
  EXPECT_FALSE(r.measured.empty());
  std::printf("%-16s %s: %s\n", check.id.c_str(), to_string(r.status), r.summary.c_str());
  EXPECT_EQ(pinned_mismatch(pins(), check.id, r, true), "");
  expect_protocol_kept(r);
}

// A second context computes everything again (nothing of the first is
// reused), two checks at a time, and must measure the same: a result may
// not depend on the number of jobs nor on which thread computed what the
// checks share (tibench verify --jobs).
void expect_repeated(const ClaimCheck& check, ClaimResult a, ClaimResult b) {
  SCOPED_TRACE(check.id);
  // Wall-clock timings (timing claims) are the one exception; everything
  // else they measure must still repeat.
  const bool timed = a.measured.is_object() && a.measured.contains(kWallClockKey);
  EXPECT_EQ(timed, check.timed) << "a check whose result keeps wall-clock values declares "
                                   "timed_by_wall_clock(), and only such a check";
  if (timed) {
    EXPECT_FALSE(a.measured[kWallClockKey].empty());
    a.measured.erase(kWallClockKey);
    b.measured.erase(kWallClockKey);
  } else {
    EXPECT_EQ(a.status, b.status);
  }
  EXPECT_EQ(a.measured.dump(), b.measured.dump());
}

// One test per family runs it twice, on one thread and on two: the pins
// and evidence are checked on the first run, determinism on both (a third
// run for the pins alone would add a sixth of the claims tests' time).
TEST_P(ClaimFamily, MatchesItsPinsWithItsEvidenceAndRepeats) {
  const auto checks = family(GetParam());
  const auto first = run_family(GetParam(), 1), second = run_family(GetParam(), 2);
  for (std::size_t i = 0; i < checks.size(); ++i) {
    expect_pinned_with_evidence(*checks[i], first[i]);
    expect_repeated(*checks[i], first[i], second[i]);
  }
}

// The families, in ledger order: those with a claim pinned `long = true`
// (fast mode over a few seconds) or without.
std::vector<std::string> families(bool long_ones) {
  std::vector<std::string> out;
  for (const auto& c : claim_registry()) {
    const std::string name = family_of(c.id);
    if (std::find(out.begin(), out.end(), name) != out.end()) continue;
    if (test::is_long_family(name) == long_ones) out.push_back(name);
  }
  return out;
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
    std::ifstream in(test::source_dir() + "/" + c.source_file);
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

// `--claim G-R1` as users type the paper's id: every id selects itself and
// its sub-claims, and the part before the first dot selects every check of
// that claim, in registry order; a bare prefix of an id's characters
// ("G-R") selects nothing.
TEST(ClaimsLedger, AnIdSelectsItselfAndItsSubClaims) {
  for (const auto& c : claim_registry()) {
    const std::string head = c.id.substr(0, c.id.find('.'));
    std::vector<const ClaimCheck*> expected;
    for (const auto& other : claim_registry())
      if (other.id == head || other.id.starts_with(head + ".")) expected.push_back(&other);
    EXPECT_EQ(select_claims(head), expected) << head;
    const auto own = select_claims(c.id);
    ASSERT_FALSE(own.empty());
    EXPECT_EQ(own.front(), &c) << c.id;
  }
  EXPECT_THROW(select_claims("G-R"), std::invalid_argument);
  EXPECT_THROW(select_claims(""), std::invalid_argument);
}

// A suite whose name starts with "Long" carries the ctest label long
// (tests/CMakeLists.txt): make test-long, not make test.
INSTANTIATE_TEST_SUITE_P(Ledger, ClaimFamily, ::testing::ValuesIn(families(false)), test::id_name);
INSTANTIATE_TEST_SUITE_P(LongLedger, ClaimFamily, ::testing::ValuesIn(families(true)),
                         test::id_name);

}  // namespace
}  // namespace tibench
