// The claims ledger: one registered check per checkable claim of the seed
// papers (ids as in `tibench list claims`), one file per paper.
//
// A check computes its result and reports exactly one verdict —
// reproduced, refuted or inconclusive — with the values it measured, the
// paper's printed value or statement (the only number it may take from the
// paper), the tolerance it applied and the interpretation it tested. It
// never hard-codes a verdict or a number it did not compute.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <source_location>
#include <string>
#include <utility>
#include <vector>

namespace tibench {

enum class Verdict { reproduced, refuted, inconclusive };
inline constexpr const char* kWallClockKey = "wall_clock";
const char* to_string(Verdict v);

struct ClaimResult {
  Verdict status = Verdict::inconclusive;
  std::string summary;  // one line: what was found
  // Everything computed that the verdict rests on. Results are deterministic
  // except wall-clock timings, which a timing claim keeps under the key
  // "wall_clock" (kWallClockKey); such a verdict can change with the load.
  nlohmann::ordered_json measured;
  std::string expected;  // the paper's statement or printed value
  std::string tolerance;
  std::string interpretation;  // how the claim was made testable
  // Set by run_claim: computed in fast mode by a check that reads the mode,
  // so a short version of the full ledger's computation (whose verdict may
  // differ: the pins say where).
  bool short_version = false;
};

// Computations several checks share (e.g. the runs behind the sub-claims
// of one experiment), kept for the lifetime of one context: by name, of
// any type. It also records whether what a check computed read fast mode
// (ClaimContext::fast()), directly or through a shared computation.
// Checks may run on several threads at once (run_claims): each gets its
// own view() of the same computations, so that the record is its own; an
// entry is computed once, by the first check that asks for it, while any
// other waits for it.
class ClaimCache {
 public:
  template <class T, class Make>
  const T& get(const std::string& name, Make make) {
    Entry& e = store_->entry(name);
    std::call_once(e.once, [&] {
      const bool outer = fast_read_.exchange(false);
      try {
        e.value = std::make_shared<T>(make());
      } catch (...) {
        fast_read_.store(outer);
        throw;
      }
      e.read_fast = fast_read_.load();
      fast_read_.store(outer || e.read_fast);
    });
    if (e.read_fast) fast_read_.store(true);
    return *static_cast<const T*>(e.value.get());
  }
  // The same computations with a record of its own.
  std::shared_ptr<ClaimCache> view() const {
    auto v = std::make_shared<ClaimCache>();
    v->store_ = store_;
    return v;
  }
  // From any thread the check started (its runs on a pool's threads).
  void note_fast_read() { fast_read_.store(true); }
  // Whether fast mode was read since the last call.
  bool take_fast_read() { return fast_read_.exchange(false); }

 private:
  struct Entry {
    std::once_flag once;
    std::shared_ptr<void> value;
    bool read_fast = false;
  };
  struct Store {
    std::mutex mutex;
    std::map<std::string, Entry> entries;  // a std::map's nodes stay where they are
    Entry& entry(const std::string& name) {
      const std::lock_guard<std::mutex> lock(mutex);
      return entries[name];
    }
  };
  std::shared_ptr<Store> store_ = std::make_shared<Store>();
  std::atomic<bool> fast_read_{false};
};

struct ClaimContext {
  // Fast mode: smaller samples (the tests; make run for its short
  // versions); the verdict logic is the same. Read through fast(), which
  // records that the result depends on the mode (ClaimResult::short_version).
  bool fast() const {
    cache->note_fast_read();
    return fast_mode;
  }
  bool fast_mode = false;
  // Parameters ("name=value") a check applies over its own choices — its
  // scene's problem parameters, or a named input of the check such as a
  // method's coefficient — for tests that perturb an input to show that the
  // verdict can change (ClaimCheck::flips_with); empty in the ledger. The
  // checks that take them say which they accept.
  std::vector<std::string> scene_overrides;
  // Shared by copies of the context; a new context starts empty.
  std::shared_ptr<ClaimCache> cache = std::make_shared<ClaimCache>();
};

// A compiler's path of a source file relative to the repository root (the
// part from "claims/" on); the path as given when it has none.
std::string repository_path(const char* compiled_path);

struct ClaimCheck {
  // A constructor, not aggregate initialization, so that the many checks
  // written {id, paper, statement, run} need not name `definition`.
  // `where` defaults to the place of construction: the claims file that
  // declares the check (its source, linked from reports).
  ClaimCheck(std::string id_, std::string paper_, std::string statement_,
             std::function<ClaimResult(const ClaimContext&)> run_, std::string definition_ = "",
             std::source_location where = std::source_location::current())
      : id(std::move(id_)),
        paper(std::move(paper_)),
        statement(std::move(statement_)),
        run(std::move(run_)),
        definition(std::move(definition_)),
        source_file(repository_path(where.file_name())) {}

  std::string id;         // e.g. "D-B1"
  std::string paper;      // e.g. "Dinev, Liu, Kavan 2018"
  std::string statement;  // the claim, in one or two sentences
  std::function<ClaimResult(const ClaimContext&)> run;
  // A check that cannot fail by construction: it confirms that the harness
  // implements the paper's definition (an identity the engine computes
  // literally), not a finding. Its verdict is reported, pinned and kept out
  // of the tally; `definition` says why it cannot fail.
  std::string definition;
  // The file that declares the check, relative to the repository root
  // (e.g. "claims/you2025/you2025_symplectic.cpp").
  std::string source_file;

  // A check run on a stand-in scene that lacks what the claim rests on:
  // `rests_on` says what the paper's scene has, `lacks` why the stand-in
  // does not. A stand-in refutes (or reproduces) only what it shares, so
  // run_claim reports such a check's verdict as at most inconclusive
  // (stand-in), keeping what the stand-in measured (claims/protocol.hpp).
  struct StandIn {
    std::string rests_on, lacks;
  };
  std::optional<StandIn> stand_in;
  ClaimCheck on_stand_in(std::string rests_on, std::string lacks) && {
    stand_in = StandIn{std::move(rests_on), std::move(lacks)};
    return std::move(*this);
  }

  // The perturbation that shows the verdict follows the measurement: inputs
  // ("name=value", ClaimContext::scene_overrides) that change the physics
  // the claim is about, under which the check measures `to` in fast mode
  // instead of its own verdict. tests/claims/test_claim_perturbations.cpp
  // runs every declared one and requires one (or robust_to) of every check
  // that is neither a definition nor timed, whatever its verdict; `tibench
  // verify --explain` prints it.
  struct Flip {
    std::vector<std::string> overrides;
    Verdict to;
    std::string why;
  };
  std::optional<Flip> flip;
  ClaimCheck flips_with(std::vector<std::string> overrides, Verdict to, std::string why) && {
    flip = Flip{std::move(overrides), to, std::move(why)};
    return std::move(*this);
  }

  // A timing claim: its result keeps wall-clock values (kWallClockKey), so
  // its measured verdict follows the machine's load and no perturbation can
  // be held to a verdict. tests/claims/test_claims_ledger.cpp holds the
  // declaration to the result.
  bool timed = false;
  ClaimCheck timed_by_wall_clock() && {
    timed = true;
    return std::move(*this);
  }

  // A verdict no input has been found to flip: the inputs tried (each a
  // set of overrides, as for flips_with) under which the check measures
  // the same verdict — the test runs each and holds it to that — and why
  // no input can flip it. Declared only with the evidence; never a way to
  // skip a flip that exists.
  struct Robust {
    std::vector<std::vector<std::string>> tried;
    std::string why;
  };
  std::optional<Robust> robust;
  ClaimCheck robust_to(std::vector<std::vector<std::string>> tried, std::string why) && {
    robust = Robust{std::move(tried), std::move(why)};
    return std::move(*this);
  }
};

// All checks, in paper order. Ids are unique.
const std::vector<ClaimCheck>& claim_registry();
// Throws InputError for an unknown id (listing the accepted ones).
const ClaimCheck& find_claim(const std::string& id);
// The checks an id selects, in registry order: the check of that id and its
// sub-claims (`G-R1` selects G-R1.random, G-R1.point, ...; `Y-T0` selects
// Y-T0 and Y-T0.rk-condition, ...), as users type the paper's claim id.
// Throws InputError when it selects none.
std::vector<const ClaimCheck*> select_claims(const std::string& id);
// Runs a check; an exception inside it becomes an inconclusive result
// carrying the reason.
ClaimResult run_claim(const ClaimCheck& check, const ClaimContext& ctx);

// A check's result and the seconds it took.
struct TimedClaimResult {
  ClaimResult result;
  double seconds = 0;
};
// Runs the checks, `jobs` at a time, sharing ctx (and its cache); done(i,
// its result) is called on the calling thread as check i finishes. A result does not depend on
// `jobs` or on which thread computed what it shares (ClaimCache). The timing claims run last, one
// at a time, so that no other check loads the machine they time.
std::vector<TimedClaimResult> run_claims(
    const std::vector<const ClaimCheck*>& checks, const ClaimContext& ctx, int jobs,
    const std::function<void(std::size_t, const TimedClaimResult&)>& done = {});

}  // namespace tibench
