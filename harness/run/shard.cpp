// Launch detection (see shard.hpp for the variables and their precedence).
#include "harness/run/shard.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <vector>

#include "core/parameters.hpp"

namespace tibench {

namespace {

struct Env {
  const EnvGetter& get;
  const char* operator()(const char* name) const {
    const char* v = get ? get(name) : std::getenv(name);
    return v && *v ? v : nullptr;
  }
  // nullopt when unset; throws when set but not an integer in [0, 2^31):
  // launchers' ranks, sizes and task ids are, and the bound keeps the array
  // arithmetic (MAX − MIN, ...) from overflowing.
  std::optional<long> integer(const char* name) const {
    const char* v = (*this)(name);
    if (!v) return std::nullopt;
    long x = 0;
    if (!parse_integer(v, x) || x < 0 || x > 2147483647L)
      throw InputError(std::string("invalid ") + name + "='" + v +
                       "' in the environment (expected an integer 0 ... 2147483647; or pass "
                       "--shard K/N)");
    return x;
  }
};

struct RankSource {
  const char* rank;
  std::vector<const char*> sizes;  // first one set wins
  bool size_required;              // the rank alone proves a multi-process launch
};

const std::vector<RankSource>& rank_sources() {
  static const std::vector<RankSource> sources = {
      {"OMPI_COMM_WORLD_RANK", {"OMPI_COMM_WORLD_SIZE"}, false},
      {"PMI_RANK", {"PMI_SIZE"}, false},
      {"PMIX_RANK",
       {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS", "SLURM_NTASKS"},
       true},
      {"SLURM_PROCID", {"SLURM_STEP_NUM_TASKS"}, false},
  };
  return sources;
}

std::optional<Shard> from_rank(const Env& env, const RankSource& s) {
  const auto rank = env.integer(s.rank);
  if (!rank) return std::nullopt;
  const char* size_name = nullptr;
  std::optional<long> size;
  for (const char* name : s.sizes)
    if ((size = env.integer(name))) {
      size_name = name;
      break;
    }
  if (!size) {
    if (!s.size_required) return std::nullopt;
    std::string names;
    for (const char* name : s.sizes) names += (names.empty() ? "" : ", ") + std::string(name);
    throw InputError(std::string(s.rank) + "=" + std::to_string(*rank) +
                     " is set but no launch size is (looked for " + names + "); pass --shard K/N");
  }
  if (*size < 1 || *rank < 0 || *rank >= *size)
    throw InputError(std::string("invalid shard environment ") + s.rank + "='" +
                     std::to_string(*rank) + "' " + size_name + "='" + std::to_string(*size) +
                     "' (expected integers with 0 <= rank < size)");
  if (*size == 1) return std::nullopt;
  return Shard{*rank, *size, std::string(s.rank) + "/" + size_name, ""};
}

std::string array_description(const Env& env) {
  std::string s;
  for (const char* name : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
                           "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT"})
    if (const char* v = env(name)) s += (s.empty() ? "" : " ") + std::string(name) + "=" + v;
  return s;
}

// K = position of the task id in the --shard-of-array list.
Shard from_array_list(const Env& env, long id, const std::string& text) {
  std::vector<long> ids;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    long x = -1;
    if (!parse_integer(item, x) || x < 0 || std::count(ids.begin(), ids.end(), x))
      throw InputError("invalid --shard-of-array '" + text +
                       "' (expected distinct task ids >= 0, comma-separated, e.g. 1,4,9)");
    ids.push_back(x);
  }
  if (ids.empty() || text.back() == ',')
    throw InputError("invalid --shard-of-array '" + text + "' (expected task ids, e.g. 1,4,9)");
  const auto count = env.integer("SLURM_ARRAY_TASK_COUNT");
  if (count && *count != static_cast<long>(ids.size()))
    throw InputError("--shard-of-array '" + text + "' lists " + std::to_string(ids.size()) +
                     " tasks but SLURM_ARRAY_TASK_COUNT=" + std::to_string(*count) +
                     " (accepted: every task id of the array, once)");
  const auto at = std::find(ids.begin(), ids.end(), id);
  if (at == ids.end())
    throw InputError("SLURM_ARRAY_TASK_ID=" + std::to_string(id) + " is not in --shard-of-array '" +
                     text + "' (accepted: the array's task ids)");
  return {at - ids.begin(), static_cast<long>(ids.size()), "SLURM_ARRAY_TASK_ID/--shard-of-array",
          ""};
}

// A regular stepped range MIN, MIN+STEP, ..., MAX with COUNT tasks.
std::optional<Shard> from_array(const Env& env, const std::string& array_ids) {
  const auto id = env.integer("SLURM_ARRAY_TASK_ID");
  if (!id) {
    if (!array_ids.empty())
      throw InputError("--shard-of-array '" + array_ids +
                       "' given but SLURM_ARRAY_TASK_ID is not set (accepted: inside a Slurm "
                       "array task)");
    return std::nullopt;
  }
  if (!array_ids.empty()) return from_array_list(env, *id, array_ids);
  const auto min = env.integer("SLURM_ARRAY_TASK_MIN"), max = env.integer("SLURM_ARRAY_TASK_MAX");
  const long step = env.integer("SLURM_ARRAY_TASK_STEP").value_or(1);
  const auto count = env.integer("SLURM_ARRAY_TASK_COUNT");
  const bool regular = min && max && step >= 1 && *min <= *id && *id <= *max &&
                       (*max - *min) % step == 0 && (*id - *min) % step == 0 &&
                       (!count || *count == (*max - *min) / step + 1);
  if (!regular)
    throw InputError("the Slurm array (" + array_description(env) +
                     ") is not a regular stepped range, so the shard cannot be derived from it; "
                     "pass --shard-of-array with the array's task ids in order (e.g. "
                     "--shard-of-array 1,4,9)");
  return Shard{(*id - *min) / step, (*max - *min) / step + 1, "SLURM_ARRAY_TASK_ID/MIN/MAX/STEP",
               ""};
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  long k = -1, n = 0;
  if (slash == std::string::npos || !parse_integer(text.substr(0, slash), k) ||
      !parse_integer(text.substr(slash + 1), n) || n < 1 || k < 0 || k >= n)
    throw InputError("invalid --shard '" + text +
                     "' (expected K/N with integers 0 <= K < N, e.g. 0/4)");
  return {k, n, "--shard", ""};
}

Shard shard_from_environment(const EnvGetter& get, const std::string& array_ids) {
  const Env env{get};
  for (const RankSource& s : rank_sources()) {
    std::optional<Shard> ranked = from_rank(env, s);
    if (!ranked) continue;
    if (!array_ids.empty())
      throw InputError("--shard-of-array cannot be combined with a multi-rank launch (" +
                       ranked->source + "); the ranks already give the shard");
    if (const char* task = env("SLURM_ARRAY_TASK_ID"))
      ranked->note = std::string("SLURM_ARRAY_TASK_ID=") + task +
                     " ignored: the shard comes from " + ranked->source +
                     " (each array task shards its own run over its ranks)";
    return *ranked;
  }
  Shard s = from_array(env, array_ids).value_or(Shard{});
  const auto ntasks = env.integer("SLURM_NTASKS");
  if (s.count == 1 && env("SLURM_PROCID") && !env("SLURM_STEP_NUM_TASKS") && ntasks && *ntasks > 1)
    s.note = "SLURM_NTASKS=" + std::to_string(*ntasks) +
             " but this is not an srun step (no SLURM_STEP_NUM_TASKS): one process runs every "
             "cell; start tibench with srun to shard";
  return s;
}

std::string shard_output_path(const std::string& output, const Shard& shard) {
  if (shard.count <= 1 || output.empty()) return output;
  const std::string tag = std::to_string(shard.index) + "-of-" + std::to_string(shard.count);
  const auto brace = output.find("{shard}");
  if (brace != std::string::npos) return output.substr(0, brace) + tag + output.substr(brace + 7);
  const auto dot = output.rfind(".h5");
  const std::string stem =
      (dot != std::string::npos && dot + 3 == output.size()) ? output.substr(0, dot) : output;
  return stem + ".shard-" + tag + ".h5";
}

}  // namespace tibench
