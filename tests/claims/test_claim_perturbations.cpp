// Checks that can fail: every check that declares a perturbation
// (ClaimCheck::flips_with) measures, in fast mode, its declared verdict
// under it and a different one without it (its pin), so the verdict
// follows the measurement rather than the code. Each perturbation changes the physics
// (or the method) the claim is about. Every non-definition check must
// declare one, whatever its verdict: a verdict on a published paper has to
// be shown able to come out the other way (or, for a refutation nothing
// flipped, the inputs tried in vain).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "claim_families.hpp"
#include "test_names.hpp"

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::pins;

ClaimResult fast_result(const ClaimCheck& check, std::vector<std::string> overrides) {
  ClaimContext ctx;
  ctx.fast_mode = true;
  ctx.scene_overrides = std::move(overrides);
  return run_claim(check, ctx);
}

// The verdict the check measured: on a stand-in that lacks what the claim
// rests on, the one before run_claim reports it as at most inconclusive.
std::string measured_verdict(const ClaimResult& r) {
  if (r.measured.is_object() && r.measured.contains("stand_in"))
    return r.measured["stand_in"]["verdict_on_stand_in"];
  return to_string(r.status);
}

// A check's perturbation is long when its family is, as in the ledger's
// tests (claim_families.hpp).
std::vector<std::string> perturbed_checks(bool long_ones) {
  std::vector<std::string> ids;
  for (const auto& c : claim_registry())
    if ((c.flip || c.robust) && test::is_long_family(test::family_of(c.id)) == long_ones)
      ids.push_back(c.id);
  return ids;
}

class ClaimPerturbation : public ::testing::TestWithParam<std::string> {};

// A check declared robust (ClaimCheck::robust_to) measures its own verdict
// under every input tried.
void expect_robust(const ClaimCheck& check) {
  const std::string base = measured_verdict(fast_result(check, {}));
  EXPECT_FALSE(check.robust->tried.empty());
  EXPECT_FALSE(check.robust->why.empty());
  for (const auto& inputs : check.robust->tried) {
    const ClaimResult moved = fast_result(check, inputs);
    EXPECT_EQ(measured_verdict(moved), base) << inputs.front() << ": " << moved.summary;
  }
}

// The verdict the check measures without inputs in fast mode. Its pin is
// that verdict (the ledger's tests hold every check to its fast pin), so
// only a stand-in, whose pin is the capped verdict, is run for it.
std::string unperturbed_verdict(const ClaimCheck& check, std::string& summary) {
  if (!check.stand_in) {
    summary = "pinned (fast)";
    return to_string(pins().at(check.id).fast);
  }
  const ClaimResult base = fast_result(check, {});
  summary = base.summary;
  return measured_verdict(base);
}

TEST_P(ClaimPerturbation, MovesTheVerdictAsDeclared) {
  const ClaimCheck& check = find_claim(GetParam());
  if (!check.flip) return expect_robust(check);
  std::string base_summary;
  const std::string base = unperturbed_verdict(check, base_summary);
  const ClaimResult moved = fast_result(check, check.flip->overrides);
  EXPECT_NE(base, measured_verdict(moved)) << check.flip->why << "\n  unperturbed: " << base << ", "
                                           << base_summary << "\n  perturbed:   " << moved.summary;
  EXPECT_EQ(measured_verdict(moved), to_string(check.flip->to))
      << check.flip->why << "\n  perturbed: " << moved.summary;
  EXPECT_FALSE(check.flip->overrides.empty());
  EXPECT_FALSE(check.flip->why.empty());
}

// A timing claim is the one exception: its verdict follows the load.
TEST(ClaimPerturbations, EveryFindingDeclaresAPerturbationThatFlipsIt) {
  for (const auto& c : claim_registry()) {
    if (!c.definition.empty() || c.timed) continue;
    EXPECT_TRUE(c.flip || c.robust)
        << c.id
        << " is a finding (not a definition) but declares no perturbation that flips it "
           "(ClaimCheck::flips_with), nor the inputs tried in vain (robust_to)";
  }
}

INSTANTIATE_TEST_SUITE_P(ClaimPerturbations, ClaimPerturbation,
                         ::testing::ValuesIn(perturbed_checks(false)), test::id_name);
// A suite whose name starts with "Long" carries the ctest label long.
INSTANTIATE_TEST_SUITE_P(LongClaimPerturbations, ClaimPerturbation,
                         ::testing::ValuesIn(perturbed_checks(true)), test::id_name);

}  // namespace
}  // namespace tibench
