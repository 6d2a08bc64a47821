// `tibench verify --explain ID`: one claim's whole record — what the paper
// says, how the check made it testable, the paper's own data through the
// criterion, the unstated parameters and the verdict at each value swept,
// the pin, and everything measured — so that a reader can retrace the
// verdict without reading the check's source.
#include <chrono>
#include <cstdio>
#include <string>

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"
#include "claims/protocol.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"

namespace tibench::cli {
namespace {

void field(const char* name, const std::string& value) {
  std::printf("%-16s %s\n", name, value.c_str());
}

void check_alone(const VerifyOptions& o) {
  const char* other = !o.claims.empty()        ? "--claim"
                      : !o.integrators.empty() ? "--integrator"
                      : !o.output.empty()      ? "-o"
                      : !o.report.empty()      ? "--report"
                      : o.strict               ? "--strict"
                                               : nullptr;
  if (other)
    throw InputError(std::string("--explain runs one claim and prints its record; ") + other +
                     " is not accepted with it (accepted: --explain ID [--fast] [--expected DIR] "
                     "[--perturb name=value ...])");
}

// Only a check that declares a perturbation is known to read the inputs;
// any other would run unperturbed while the output says otherwise.
void check_perturbable(const VerifyOptions& o, const ClaimCheck& check) {
  for (const std::string& p : o.perturb)
    if (p.find('=') == std::string::npos || p.front() == '=')
      throw InputError("invalid --perturb '" + p + "' (accepted: name=value)");
  if (o.perturb.empty() || check.flip || check.robust) return;
  std::string accepted;
  for (const auto& c : claim_registry())
    if (c.flip || c.robust) accepted += (accepted.empty() ? "" : ", ") + c.id;
  throw InputError(
      "--perturb: claim " + check.id +
      " declares no perturbation, so it may not read the inputs (accepted: " + accepted + ")");
}

void print_pin(const PinnedVerdicts& pins, const VerifyOptions& o, const ClaimCheck& check) {
  if (o.expected.empty()) {
    field("pinned", "(not compared: --expected claims reads the pins)");
    return;
  }
  const auto pin = pins.find(check.id);
  if (pin == pins.end()) {
    field("pinned", "(no pin in " + o.expected + ")");
    return;
  }
  field("pinned", std::string(to_string(o.fast ? pin->second.fast : pin->second.full)) +
                      (o.fast ? " (fast mode's pin)" : "") + ": " + pin->second.reason);
}

}  // namespace

int verify_explain(const VerifyOptions& o) {
  check_alone(o);
  const ClaimCheck& check = find_claim(o.explain);
  check_perturbable(o, check);
  // Read before the claim runs, so that a bad --expected is refused first.
  const PinnedVerdicts pins =
      o.expected.empty() ? PinnedVerdicts{} : read_pinned_verdicts(o.expected);
  ClaimContext ctx;
  ctx.fast_mode = o.fast;
  ctx.scene_overrides = o.perturb;
  const auto start = std::chrono::steady_clock::now();
  const ClaimResult r = run_claim(check, ctx);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s — %s\n\n", check.id.c_str(), check.paper.c_str());
  field("claim", check.statement);
  field("check", check.source_file);
  field("expected", r.expected);
  field("criterion", r.tolerance);
  field("interpretation", r.interpretation);
  for (const std::string& line : claims::protocol_lines(check, r.measured)) field("protocol", line);
  if (!check.definition.empty()) field("definition", check.definition + " (not tallied)");
  char took[64];
  std::snprintf(took, sizeof took, " (%.2f s%s)", seconds,
                r.short_version ? ", short version" : "");
  field("verdict", std::string(to_string(r.status)) + took);
  field("summary", r.summary);
  if (o.perturb.empty()) {
    print_pin(pins, o, check);
  } else {
    std::string inputs;
    for (const std::string& p : o.perturb) inputs += (inputs.empty() ? "" : ", ") + p;
    field("perturbed", inputs + " (the pin is for the unperturbed check: not compared)");
  }
  std::printf("measured\n%s\n", r.measured.dump(2).c_str());
  return 0;
}

}  // namespace tibench::cli
