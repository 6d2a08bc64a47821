#include "harness/claims/ledger.hpp"

#include <set>

#include "problems/parameters.hpp"

namespace tibench {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::reproduced: return "reproduced";
    case Verdict::refuted: return "refuted";
    case Verdict::inconclusive: return "inconclusive";
  }
  return "inconclusive";
}

// One line per paper: X(function returning its checks).
#define TIBENCH_CLAIM_FILES(X)       \
  X(dinev2018_claims)                \
  X(dinev2018_simple_spring_claims)  \
  X(dinev2018_nonconvex_claims)      \
  X(dinev2018_blending_claims)       \
  X(gast2014_claims)                 \
  X(gast2014_contact_claims)         \
  X(you2025_claims)                  \
  X(you2025_linear_claims)           \
  X(you2025_decoupled_sdirk2_claims) \
  X(you2025_search_claims)           \
  X(you2025_collision_claims)        \
  X(brown2018_claims)                \
  X(brown2018_method_claims)         \
  X(loschner2020_claims)             \
  X(loschner2020_ball_claims)

#define TIBENCH_DECLARE(fn) std::vector<ClaimCheck> fn();
TIBENCH_CLAIM_FILES(TIBENCH_DECLARE)
#undef TIBENCH_DECLARE

const std::vector<ClaimCheck>& claim_registry() {
  static const std::vector<ClaimCheck> all = [] {
    std::vector<ClaimCheck> out;
#define TIBENCH_APPEND(fn) \
  for (auto& c : fn()) out.push_back(std::move(c));
    TIBENCH_CLAIM_FILES(TIBENCH_APPEND)
#undef TIBENCH_APPEND
    std::set<std::string> seen;
    for (const auto& c : out)
      if (!seen.insert(c.id).second) throw std::logic_error("claim id registered twice: " + c.id);
    return out;
  }();
  return all;
}

const ClaimCheck& find_claim(const std::string& id) {
  std::string accepted;
  for (const auto& c : claim_registry()) {
    if (c.id == id) return c;
    accepted += (accepted.empty() ? "" : ", ") + c.id;
  }
  throw InputError("unknown claim '" + id + "' (accepted: " + accepted + ")");
}

ClaimResult run_claim(const ClaimCheck& check, const ClaimContext& ctx) {
  try {
    return check.run(ctx);
  } catch (const std::exception& e) {
    ClaimResult r;
    r.status = Verdict::inconclusive;
    r.summary = std::string("the check could not be computed: ") + e.what();
    return r;
  }
}

}  // namespace tibench
