// The claims tests' view of the ledger: the pins, and families — the
// claims whose ids share the part before the first dot (D-R2.cactus,
// D-R2.cactus.energy, ...), which the ledger computes in one context,
// sharing their runs. A family with a claim pinned `long = true` is tested
// under the long label (suite names starting with "Long").
#pragma once

#include <string>
#include <vector>

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"
#include "test_paths.hpp"

namespace tibench::test {

inline const PinnedVerdicts& pins() {
  static const PinnedVerdicts p = read_pinned_verdicts(source_dir() + "/claims");
  return p;
}

inline std::string family_of(const std::string& id) { return id.substr(0, id.find('.')); }

inline std::vector<const ClaimCheck*> family(const std::string& name) {
  std::vector<const ClaimCheck*> out;
  for (const auto& c : claim_registry())
    if (family_of(c.id) == name) out.push_back(&c);
  return out;
}

inline bool is_long_family(const std::string& name) {
  for (const ClaimCheck* member : family(name)) {
    const auto pin = pins().find(member->id);
    if (pin != pins().end() && pin->second.long_test) return true;
  }
  return false;
}

}  // namespace tibench::test
