#include <cstdio>

#include "cli/commands.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "harness/io/xdmf.hpp"
#include "harness/run/merge.hpp"

namespace tibench::cli {

int merge(const MergeOptions& o) {
  for (const auto& in : o.inputs) check_input_file(in, "merge input");
  check_output_file(o.output, "merge output", o.inputs);
  check_output_file(xdmf_path_for(o.output), "merge output (its XDMF companion)", o.inputs);
  const OutputLock lock(o.output, "merge output");
  const MergeResult r = merge_run_files(o.output, o.inputs, o.command_line, o.allow_partial);
  std::printf(
      "merged %zu files into %s: %zu runs, %zu references%s\n", o.inputs.size(), o.output.c_str(),
      r.runs, r.references,
      r.duplicates
          ? (", " + std::to_string(r.duplicates) + " duplicate runs (same cell) kept once").c_str()
          : "");
  if (const int shown = write_xdmf(o.output); shown > 0)
    std::printf("wrote %s (%d runs with frames, for ParaView)\n", xdmf_path_for(o.output).c_str(),
                shown);
  return 0;
}

}  // namespace tibench::cli
