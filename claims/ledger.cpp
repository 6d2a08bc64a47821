#include "claims/ledger.hpp"

#include <chrono>
#include <set>
#include <stdexcept>

#include "core/parameters.hpp"
#include "harness/run/thread_pool.hpp"
#include "problems/fem/element_loop.hpp"

namespace tibench {

#define TIBENCH_CLAIMS(name) std::vector<ClaimCheck> name##_claims();
#include "claims/claim_list.hpp"
#undef TIBENCH_CLAIMS

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

// One line per claims file (claims/claim_list.hpp), in output order.
const std::vector<ClaimCheck>& claim_registry() {
  static const std::vector<ClaimCheck> all = concatenated({
#define TIBENCH_CLAIMS(name) name##_claims(),
#include "claims/claim_list.hpp"
#undef TIBENCH_CLAIMS
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

std::vector<const ClaimCheck*> select_claims(const std::string& id) {
  std::vector<const ClaimCheck*> selected;
  for (const auto& c : claim_registry())
    if (c.id == id ||
        (c.id.size() > id.size() && c.id.compare(0, id.size(), id) == 0 && c.id[id.size()] == '.'))
      selected.push_back(&c);
  if (selected.empty()) find_claim(id);  // throws, listing the accepted ids
  return selected;
}

std::string repository_path(const char* compiled_path) {
  const std::string path(compiled_path);
  const std::size_t at = path.rfind("claims/");
  return at == std::string::npos ? path : path.substr(at);
}

namespace {

// On a stand-in that lacks what the claim rests on, a verdict is at most
// inconclusive: what the stand-in measured is kept in the summary and the
// record (claims/protocol.hpp, measured["stand_in"]).
void apply_stand_in(const ClaimCheck::StandIn& s, ClaimResult& r) {
  const Verdict on_stand_in = r.status;
  if (r.measured.is_null()) r.measured = nlohmann::ordered_json::object();
  if (r.measured.is_object())
    r.measured["stand_in"] = {{"rests_on", s.rests_on},
                              {"lacks", s.lacks},
                              {"verdict_on_stand_in", to_string(on_stand_in)}};
  if (on_stand_in == Verdict::inconclusive) return;
  r.status = Verdict::inconclusive;
  r.summary += " => " + std::string(to_string(on_stand_in)) +
               " on the stand-in, inconclusive (stand-in: the claim rests on " + s.rests_on + "; " +
               s.lacks + ")";
}

}  // namespace

ClaimResult run_claim(const ClaimCheck& check, const ClaimContext& ctx) {
  ctx.cache->take_fast_read();
  ClaimResult r;
  try {
    r = check.run(ctx);
  } catch (const std::exception& e) {
    r = ClaimResult{};
    r.status = Verdict::inconclusive;
    r.summary = std::string("the check could not be computed: ") + e.what();
  }
  r.short_version = ctx.cache->take_fast_read() && ctx.fast_mode;
  if (check.stand_in) apply_stand_in(*check.stand_in, r);
  return r;
}

std::vector<TimedClaimResult> run_claims(
    const std::vector<const ClaimCheck*>& checks, const ClaimContext& ctx, int jobs,
    const std::function<void(std::size_t, const TimedClaimResult&)>& done) {
  std::vector<std::size_t> parallel, timed;
  for (std::size_t i = 0; i < checks.size(); ++i)
    (checks[i]->timed ? timed : parallel).push_back(i);
  std::vector<TimedClaimResult> out(checks.size());
  auto run = [&](std::size_t i) {
    // A check's element loops may use every core, as with one job: the
    // loops' helpers serve one loop at a time, the others run alone.
    const ElementThreadsScope element_threads(0);
    ClaimContext own = ctx;
    own.cache = ctx.cache->view();
    const auto start = std::chrono::steady_clock::now();
    out[i].result = run_claim(*checks[i], own);
    out[i].seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  auto finished = [&](std::size_t i) {
    if (done) done(i, out[i]);
  };
  run_pool(
      parallel.size(), jobs, nullptr, [&](std::size_t k) { run(parallel[k]); },
      [&](std::size_t k) { finished(parallel[k]); }, [] {});
  for (std::size_t i : timed) {
    run(i);
    finished(i);
  }
  return out;
}

}  // namespace tibench
