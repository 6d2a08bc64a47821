// Pinned verdicts: the verdict each claim check is expected to reach, kept
// beside the paper's checks in claims/<paper>/expected_verdicts.toml so that
// a verdict changes only by a reviewed edit of that file. One table per
// claim id:
//
//   ["D-R2.spheres"]
//   verdict = "reproduced"          # the full ledger's (make run)
//   fast = "refuted"                # fast mode's (the tests), when it differs
//   reason = "blend rebounds 0.93 of the drop, backward Euler 0.10"
//   long = true                     # fast mode takes over 3 s (2 cores)
//
// `long` is for the claims tests: the claims of one family (the id up to
// its first dot) run together, and a family with a long claim is tested in
// make test-long (ctest label long), not in make test.
//
// A timing claim (its result keeps wall-clock values, kWallClockKey) is
// pinned like the others but not compared: its verdict follows the load.
#pragma once

#include <map>
#include <string>

#include "claims/ledger.hpp"

namespace tibench {

struct PinnedVerdict {
  Verdict full = Verdict::inconclusive;
  Verdict fast = Verdict::inconclusive;
  std::string reason;
  bool long_test = false;
};

using PinnedVerdicts = std::map<std::string, PinnedVerdict>;

// Parses the file's text; throws InputError naming the line, id or key at
// fault (unknown keys, verdict names, a missing verdict or reason).
PinnedVerdicts parse_pinned_verdicts(const std::string& text, const std::string& source_name);
// The pins file of each paper's folder.
inline constexpr const char* kPinsFileName = "expected_verdicts.toml";
// Reads and parses a file, or every claims/<paper>/expected_verdicts.toml of
// a directory such as claims/ (InputError when one cannot be read, or a
// claim is pinned twice).
PinnedVerdicts read_pinned_verdicts(const std::string& path);

// Why `result` of claim `id` disagrees with its pin in this mode, naming both
// verdicts; empty when it agrees or is a timing result. Throws InputError
// when the claim has no pin.
std::string pinned_mismatch(const PinnedVerdicts& pins, const std::string& id,
                            const ClaimResult& result, bool fast);

}  // namespace tibench
