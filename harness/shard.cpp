#include "harness/shard.hpp"

#include <cstdlib>

#include "problems/parameters.hpp"

namespace tibench {

namespace {

bool parse_count(const std::string& text, long& out) {
  return parse_integer(text, out);
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  long k = -1, n = 0;
  if (slash == std::string::npos || !parse_count(text.substr(0, slash), k) ||
      !parse_count(text.substr(slash + 1), n) || n < 1 || k < 0 || k >= n)
    throw InputError("invalid --shard '" + text +
                     "' (expected K/N with integers 0 <= K < N, e.g. 0/4)");
  return {k, n, "--shard"};
}

Shard shard_from_environment(const std::function<const char*(const char*)>& get_fn) {
  auto get = [&](const char* name) -> const char* {
    return get_fn ? get_fn(name) : std::getenv(name);
  };
  struct Source {
    const char *rank, *size, *min;
  };
  for (const Source& s : {Source{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", nullptr},
                          Source{"PMI_RANK", "PMI_SIZE", nullptr},
                          Source{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT",
                                 "SLURM_ARRAY_TASK_MIN"}}) {
    const char* rank = get(s.rank);
    const char* size = get(s.size);
    if (!rank || !size) continue;
    long k = 0, n = 0, min = 0;
    const char* min_text = s.min ? get(s.min) : nullptr;
    if (!parse_count(rank, k) || !parse_count(size, n) || n < 1 ||
        (min_text && !parse_count(min_text, min)) || k - min < 0 || k - min >= n)
      throw InputError(std::string("invalid shard environment ") + s.rank + "='" + rank + "' " +
                       s.size + "='" + size + "'" +
                       (min_text ? std::string(" ") + s.min + "='" + min_text + "'" : "") +
                       " (expected integers with 0 <= rank - min < size)");
    return {k - min, n, std::string(s.rank) + "/" + s.size};
  }
  return {};
}

std::string shard_output_path(const std::string& output, const Shard& shard) {
  if (shard.count <= 1 || output.empty()) return output;
  const std::string tag = std::to_string(shard.index) + "-of-" + std::to_string(shard.count);
  const auto brace = output.find("{shard}");
  if (brace != std::string::npos) return output.substr(0, brace) + tag + output.substr(brace + 7);
  const auto dot = output.rfind(".h5");
  const std::string stem = (dot != std::string::npos && dot + 3 == output.size())
                               ? output.substr(0, dot)
                               : output;
  return stem + ".shard-" + tag + ".h5";
}

}  // namespace tibench
