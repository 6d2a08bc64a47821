#include "harness/claims/ledger.hpp"

#include <set>
#include <stdexcept>

#include "harness/claims/claim_files.hpp"
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

namespace {

// The checks of all files in order; throws if an id appears twice.
std::vector<ClaimCheck> concatenated(std::vector<std::vector<ClaimCheck>> files) {
  std::vector<ClaimCheck> out;
  for (auto& file : files)
    for (auto& c : file) out.push_back(std::move(c));
  std::set<std::string> seen;
  for (const auto& c : out)
    if (!seen.insert(c.id).second) throw std::logic_error("claim id registered twice: " + c.id);
  return out;
}

}  // namespace

// One line per claims file, in output order.
const std::vector<ClaimCheck>& claim_registry() {
  static const std::vector<ClaimCheck> all = concatenated({
      dinev2018_claims(),
      dinev2018_simple_spring_claims(),
      dinev2018_nonconvex_claims(),
      dinev2018_blending_claims(),
      dinev2018_projective_claims(),
      dinev2018_spinning_cube_claims(),
      dinev2018_bar_claims(),
      dinev2018_cactus_claims(),
      dinev2018_collision_claims(),
      gast2014_claims(),
      gast2014_contact_claims(),
      you2025_claims(),
      you2025_symplectic_claims(),
      you2025_linear_claims(),
      you2025_decoupled_sdirk2_claims(),
      you2025_appendix_d_claims(),
      you2025_bdf2_pair_claims(),
      you2025_search_claims(),
      you2025_collision_sweep_claims(),
      you2025_collision_claims(),
      you2025_bar_claims(),
      you2025_cube_claims(),
      brown2018_claims(),
      brown2018_method_claims(),
      brown2018_friction_claims(),
      brown2018_power_law_claims(),
      brown2018_comparison_claims(),
      loschner2020_claims(),
      loschner2020_corrector_claims(),
      loschner2020_beam_claims(),
      loschner2020_ball_claims(),
  });
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

std::string repository_path(const char* compiled_path) {
  const std::string path(compiled_path);
  const std::size_t at = path.rfind("harness/");
  return at == std::string::npos ? path : path.substr(at);
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
