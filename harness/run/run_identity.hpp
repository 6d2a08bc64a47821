// The identity of a run file: which matrix it holds cells of and which shard
// of it. Every file `tibench run` or `tibench merge` writes carries it as
// root attributes; --resume and merge compare it.
//
//   matrix_hash   hash of the normalized matrix: "tibench-matrix/1" and the
//                 cell key (harness/run/run_cell.hpp) of every expanded cell in
//                 matrix order. Cell keys hold every parameter a result
//                 depends on, so whitespace, comments, number spelling
//                 (0.1 vs 1e-1) and writing "*" or its expansion do not
//                 change it; a changed parameter, step, label or cell order
//                 does (the order decides the shard plan).
//   matrix_cells  number of cells of the matrix
//   shard_index, shard_count, shard_source, shard_scheme
//                 K, N, where they came from (harness/run/shard.hpp) and how
//                 cells were assigned (harness/run/shard_plan.hpp)
//   shard_partial merged files only: "1,3 of 4" when shards were missing
//                 (merge --allow-partial); "" otherwise
//
// A merge of a complete set is shard 0/1 of the same matrix, like an
// unsharded run (so `--resume` of it continues, and merges compare equal).
#pragma once

#include <H5Cpp.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/run/run_cell.hpp"
#include "harness/run/shard.hpp"

namespace tibench {

struct RunIdentity {
  std::string matrix_hash;
  long long matrix_cells = 0;
  long shard_index = 0, shard_count = 1;
  std::string shard_source = "none";
  std::string shard_scheme;
  std::string shard_partial;

  std::string shard_text() const {
    return std::to_string(shard_index) + "/" + std::to_string(shard_count);
  }
};

std::string matrix_hash(const std::vector<CellSpec>& cells);
RunIdentity run_identity(const std::vector<CellSpec>& cells, const Shard& shard);

void write_identity(H5::H5File& f, const RunIdentity& id);
// nullopt when the file carries no identity.
std::optional<RunIdentity> read_identity(const H5::H5File& f);

// Throws InputError naming both hashes (or both shards) unless the existing
// file `path` holds cells of the same matrix and shard as `id`.
void check_resume_identity(const H5::H5File& f, const std::string& path, const RunIdentity& id);

// The identity of the merge of `inputs` (file name, its identity). Throws
// InputError, naming the files and what differs, for files without identity,
// of different matrices, shard counts or schemes, a shard given twice, or
// missing shards unless allow_partial.
RunIdentity merged_identity(
    const std::vector<std::pair<std::string, std::optional<RunIdentity>>>& inputs,
    bool allow_partial);

}  // namespace tibench
