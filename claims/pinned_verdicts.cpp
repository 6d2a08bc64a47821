#include "claims/pinned_verdicts.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/parameters.hpp"

namespace tibench {
namespace {

Verdict verdict_named(const std::string& name, const std::string& where) {
  for (Verdict v : {Verdict::reproduced, Verdict::refuted, Verdict::inconclusive})
    if (name == to_string(v)) return v;
  throw InputError(where + ": unknown verdict '" + name +
                   "' (accepted: reproduced, refuted, inconclusive)");
}

PinnedVerdict pin_of(const std::string& id, const toml::table& entry, const std::string& source) {
  const std::string where = source + ": [\"" + id + "\"]";
  for (const auto& [key, value] : entry)
    if (key != "verdict" && key != "fast" && key != "reason" && key != "long")
      throw InputError(where + ": unknown key '" + std::string(key.str()) +
                       "' (accepted: verdict, fast, reason, long)");
  const auto verdict = entry["verdict"].value<std::string>();
  const auto reason = entry["reason"].value<std::string>();
  if (!verdict) throw InputError(where + ": no verdict (accepted: verdict = \"reproduced\" ...)");
  if (!reason || reason->empty())
    throw InputError(where + ": no reason (accepted: reason = \"one line on why\")");
  PinnedVerdict pin;
  pin.full = verdict_named(*verdict, where);
  const auto fast = entry["fast"].value<std::string>();
  pin.fast = fast ? verdict_named(*fast, where + " fast") : pin.full;
  pin.reason = *reason;
  if (const toml::node* long_test = entry.get("long")) {
    if (!long_test->is_boolean())
      throw InputError(where + ": long must be true or false (accepted: long = true)");
    pin.long_test = **long_test->as_boolean();
  }
  return pin;
}

}  // namespace

PinnedVerdicts parse_pinned_verdicts(const std::string& text, const std::string& source_name) {
  toml::table root;
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw InputError(source_name + ":" + std::to_string(e.source().begin.line) +
                     ": malformed TOML: " + std::string(e.description()) +
                     " (accepted: one [\"claim id\"] table per claim)");
  }
  PinnedVerdicts pins;
  for (const auto& [id, node] : root) {
    const toml::table* entry = node.as_table();
    if (!entry)
      throw InputError(source_name + ": '" + std::string(id.str()) +
                       "' is not a table (accepted: [\"claim id\"] with verdict and reason)");
    pins.emplace(std::string(id.str()), pin_of(std::string(id.str()), *entry, source_name));
  }
  return pins;
}

namespace {

PinnedVerdicts read_pins_file(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw InputError("cannot read the pinned verdicts '" + path +
                     "' (accepted: a file, or a directory such as claims/)");
  std::stringstream text;
  text << in.rdbuf();
  return parse_pinned_verdicts(text.str(), path);
}

}  // namespace

PinnedVerdicts read_pinned_verdicts(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return read_pins_file(path);
  std::vector<std::string> files;
  for (const auto& paper : fs::directory_iterator(path, ec))
    if (fs::is_regular_file(paper.path() / kPinsFileName))
      files.push_back((paper.path() / kPinsFileName).string());
  if (files.empty())
    throw InputError("no pinned verdicts in '" + path + "' (accepted: a directory whose folders " +
                     "hold " + kPinsFileName + ", such as claims/)");
  std::sort(files.begin(), files.end());
  PinnedVerdicts pins;
  for (const auto& file : files)
    for (auto& [id, pin] : read_pins_file(file))
      if (!pins.emplace(id, std::move(pin)).second)
        throw InputError("claim " + id + " is pinned twice in '" + path + "' (second: " + file +
                         "; accepted: one pin per claim)");
  return pins;
}

std::string pinned_mismatch(const PinnedVerdicts& pins, const std::string& id,
                            const ClaimResult& result, bool fast) {
  const auto it = pins.find(id);
  if (it == pins.end())
    throw InputError("claim " + id +
                     " has no pinned verdict (accepted: add its table to the pinned file)");
  if (result.measured.is_object() && result.measured.contains(kWallClockKey)) return "";
  const Verdict pinned = fast ? it->second.fast : it->second.full;
  if (result.status == pinned) return "";
  return "claim " + id + (fast ? " (fast mode)" : "") + ": computed " + to_string(result.status) +
         ", pinned " + to_string(pinned) + " (" + it->second.reason + ")";
}

}  // namespace tibench
