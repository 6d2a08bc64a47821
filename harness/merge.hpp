// Merging run files (`tibench merge OUT IN...`): the shards of one matrix,
// or the outputs of separate runs, into one tibench/1 file.
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

// Throws InputError for unreadable inputs, mismatched builds or conflicts.
MergeResult merge_run_files(const std::string& output, const std::vector<std::string>& inputs,
                            const std::string& command_line);

}  // namespace tibench
