// Matrix and shard identity of run files (see run_identity.hpp).
#include "harness/run/run_identity.hpp"

#include <map>

#include "core/parameters.hpp"
#include "harness/io/h5io.hpp"
#include "harness/run/shard_plan.hpp"
#include "reference/hash.hpp"

namespace tibench {

std::string matrix_hash(const std::vector<CellSpec>& cells) {
  std::string text = "tibench-matrix/1\n";
  for (const auto& c : cells) text += cell_key(c) + "\n";
  return hash_hex(text);
}

RunIdentity run_identity(const std::vector<CellSpec>& cells, const Shard& shard) {
  RunIdentity id;
  id.matrix_hash = matrix_hash(cells);
  id.matrix_cells = static_cast<long long>(cells.size());
  id.shard_index = shard.index;
  id.shard_count = shard.count;
  id.shard_source = shard.source;
  id.shard_scheme = kShardScheme;
  return id;
}

void write_identity(H5::H5File& f, const RunIdentity& id) {
  H5::Group root = f.openGroup("/");
  h5::attr(root, "matrix_hash", id.matrix_hash);
  h5::attr(root, "matrix_cells", id.matrix_cells);
  h5::attr(root, "shard_index", static_cast<long long>(id.shard_index));
  h5::attr(root, "shard_count", static_cast<long long>(id.shard_count));
  h5::attr(root, "shard_source", id.shard_source);
  h5::attr(root, "shard_scheme", id.shard_scheme);
  h5::attr(root, "shard_partial", id.shard_partial);
}

std::optional<RunIdentity> read_identity(const H5::H5File& f) {
  const H5::Group root = f.openGroup("/");
  for (const char* name :
       {"matrix_hash", "matrix_cells", "shard_index", "shard_count", "shard_scheme"})
    if (!h5::has_attr(root, name)) return std::nullopt;
  RunIdentity id;
  id.matrix_hash = h5::read_string_attr(root, "matrix_hash");
  id.matrix_cells = h5::read_int_attr(root, "matrix_cells");
  id.shard_index = static_cast<long>(h5::read_int_attr(root, "shard_index"));
  id.shard_count = static_cast<long>(h5::read_int_attr(root, "shard_count"));
  id.shard_scheme = h5::read_string_attr(root, "shard_scheme");
  if (h5::has_attr(root, "shard_source"))
    id.shard_source = h5::read_string_attr(root, "shard_source");
  if (h5::has_attr(root, "shard_partial"))
    id.shard_partial = h5::read_string_attr(root, "shard_partial");
  return id;
}

void check_resume_identity(const H5::H5File& f, const std::string& path, const RunIdentity& id) {
  const auto have = read_identity(f);
  if (!have)
    throw InputError("cannot resume '" + path +
                     "': it records no matrix identity (accepted: a file written by this "
                     "version of tibench run; rerun without --resume)");
  if (have->matrix_hash != id.matrix_hash)
    throw InputError("cannot resume '" + path + "': it holds matrix " + have->matrix_hash + " (" +
                     std::to_string(have->matrix_cells) + " cells), this run is matrix " +
                     id.matrix_hash + " (" + std::to_string(id.matrix_cells) +
                     " cells) (accepted: the same matrix; rerun without --resume)");
  if (have->shard_index != id.shard_index || have->shard_count != id.shard_count ||
      have->shard_scheme != id.shard_scheme)
    throw InputError("cannot resume '" + path + "': it is shard " + have->shard_text() + " (" +
                     have->shard_scheme + "), this run is shard " + id.shard_text() + " (" +
                     id.shard_scheme + ") (accepted: the same shard of the same matrix)");
}

namespace {

// Throws unless `b` is a shard of the same matrix, count and scheme as `a`.
void check_same_set(const std::string& a_name, const RunIdentity& a, const std::string& b_name,
                    const RunIdentity& b) {
  auto differ = [&](const std::string& what, const std::string& va, const std::string& vb) {
    throw InputError("'" + b_name + "' is " + what + " " + vb + ", '" + a_name + "' " + what + " " +
                     va + " (accepted: shards of one matrix, one shard count and scheme)");
  };
  if (a.matrix_hash != b.matrix_hash)
    differ("of matrix", a.matrix_hash + " (" + std::to_string(a.matrix_cells) + " cells)",
           b.matrix_hash + " (" + std::to_string(b.matrix_cells) + " cells)");
  if (a.shard_count != b.shard_count) differ("shard", a.shard_text(), b.shard_text());
  if (a.shard_scheme != b.shard_scheme) differ("planned by", a.shard_scheme, b.shard_scheme);
}

}  // namespace

RunIdentity merged_identity(
    const std::vector<std::pair<std::string, std::optional<RunIdentity>>>& inputs,
    bool allow_partial) {
  std::map<long, std::string> seen;  // shard index -> file
  for (const auto& [name, id] : inputs) {
    if (!id)
      throw InputError("'" + name +
                       "' records no matrix identity (accepted: files written by "
                       "this version of tibench run or merge)");
    check_same_set(inputs.front().first, *inputs.front().second, name, *id);
    if (!id->shard_partial.empty())
      throw InputError("'" + name + "' is a partial merge (missing shards " + id->shard_partial +
                       ") (accepted: shard files; complete it with tibench run --resume)");
    const auto [at, fresh] = seen.emplace(id->shard_index, name);
    if (!fresh)
      throw InputError("shard " + id->shard_text() + " is given twice: '" + at->second + "' and '" +
                       name + "' (accepted: each shard once)");
  }
  const RunIdentity& first = *inputs.front().second;
  std::string missing;
  for (long k = 0; k < first.shard_count; ++k)
    if (!seen.count(k)) {
      if (!missing.empty()) missing += ',';
      missing += std::to_string(k);
    }
  if (!missing.empty() && !allow_partial)
    throw InputError("missing shards " + missing + " of " + std::to_string(first.shard_count) +
                     " of matrix " + first.matrix_hash +
                     " (accepted: every shard; pass --allow-partial to merge an incomplete set)");
  RunIdentity merged = first;
  merged.shard_index = 0;
  merged.shard_count = 1;
  merged.shard_source = "merge";
  merged.shard_partial =
      missing.empty() ? "" : missing + " of " + std::to_string(first.shard_count);
  return merged;
}

}  // namespace tibench
