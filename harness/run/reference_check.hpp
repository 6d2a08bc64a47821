// How a run's errors stand against its reference (a run's reference_check):
// the outcome, and in words why. Run files hold it as one text attribute,
//   "exact"                      measured against an exact solution;
//   "pass: <reason>"             every error is resolved by the reference;
//   "fail: <reason>"             an error is not resolved, or the reference
//                                itself failed (the errors read as missing);
//   "none: <reason>"             no reference was requested;
//   ""                           the run ended before it reached its reference.
#pragma once

#include <optional>
#include <string>

namespace tibench {

enum class ReferenceOutcome { unchecked, exact, pass, fail, none };

struct ReferenceCheck {
  ReferenceOutcome outcome = ReferenceOutcome::unchecked;
  std::string reason;  // empty for exact and unchecked

  bool operator==(const ReferenceCheck&) const = default;
};

// The text run files and logs show ("fail: error 1.2e-09 at t=1 is ...").
std::string to_string(const ReferenceCheck& check);
// The check whose text (as to_string writes it) is `text`; nullopt for any
// other text.
std::optional<ReferenceCheck> parse_reference_check(const std::string& text);

}  // namespace tibench
