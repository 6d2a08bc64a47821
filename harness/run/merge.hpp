// Merging run files (`tibench merge OUT IN...`): the shards of one matrix
// into one tibench/1 file.
//
// The inputs must be the shards of one matrix, one shard count and one
// planning scheme, each shard once, and all of them unless allow_partial
// (harness/run/run_identity.hpp); anything else is refused before any output is
// written, naming the files and what differs or which shards are missing.
// The merged file is shard 0/1 of that matrix.
//
// Runs and references are copied unchanged (HDF5 object copy). A run path
// present in several inputs is accepted once when the cell keys agree (the
// same cell computed twice: the first input's copy is kept) and refused when
// they differ (two different cells under one name). Inputs written by
// different builds (git commit) are refused: one file, one build. The
// convergence group is recomputed from the merged runs; the root records
// the merge command and each input's name.
#pragma once

#include <string>
#include <vector>

namespace tibench {

struct MergeResult {
  std::size_t runs = 0, duplicates = 0, references = 0;
};

// Throws InputError for unreadable inputs, mismatched builds or shard sets,
// or conflicts.
MergeResult merge_run_files(const std::string& output, const std::vector<std::string>& inputs,
                            const std::string& command_line, bool allow_partial = false);

}  // namespace tibench
