// Text form of a run's reference check (harness/run/reference_check.hpp).
#include "harness/run/reference_check.hpp"

namespace tibench {

std::string to_string(const ReferenceCheck& check) {
  switch (check.outcome) {
    case ReferenceOutcome::unchecked: return "";
    case ReferenceOutcome::exact: return "exact";
    case ReferenceOutcome::pass: return "pass: " + check.reason;
    case ReferenceOutcome::fail: return "fail: " + check.reason;
    case ReferenceOutcome::none: return "none: " + check.reason;
  }
  return "";
}

std::optional<ReferenceCheck> parse_reference_check(const std::string& text) {
  if (text.empty()) return ReferenceCheck{};
  if (text == "exact") return ReferenceCheck{ReferenceOutcome::exact, ""};
  for (const ReferenceOutcome outcome :
       {ReferenceOutcome::pass, ReferenceOutcome::fail, ReferenceOutcome::none}) {
    const std::string prefix = to_string(ReferenceCheck{outcome, ""});
    if (text.compare(0, prefix.size(), prefix) == 0)
      return ReferenceCheck{outcome, text.substr(prefix.size())};
  }
  return std::nullopt;
}

}  // namespace tibench
