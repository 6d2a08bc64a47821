// The matrix runner: runs cells on `jobs` threads, restricted to a shard
// (cells assigned by harness/run/shard_plan.hpp),
// skipping cells already in the output file (resume), with references
// computed once per distinct key (and cached across runs), checkpoints of
// the output file, progress on stderr, and clean interruption.
//
// Determinism: every cell is computed by the same code from its own
// problem and stepper instances and a reference that depends only on its
// key, and results are written under names that depend only on the cell, so
// every number in the output except wall_s is the same whatever `jobs` is,
// however the run was sharded, resumed or merged. Per-cell lines on stdout
// come in matrix order.
//
// Interruption: when *cancel becomes true (the CLI sets it on SIGINT/SIGTERM)
// no new cell starts, running cells are abandoned (Cancelled), and a final
// checkpoint leaves a valid file with every completed cell.
#pragma once

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "harness/io/run_io.hpp"
#include "harness/run/shard.hpp"

namespace tibench {

struct RunnerOptions {
  int jobs = 1;
  Shard shard;
  std::string output;  // "" = no file
  bool resume = false;
  // Keep the output file's runs of unchanged cells when it was written by
  // the same build, even if the matrix changed (RunFile, reuse).
  bool reuse = false;
  std::string reference_cache;       // directory of cached references; "" = none
  double checkpoint_seconds = 10.0;  // 0: after every completed cell
  double cell_timeout_s = 0.0;  // > 0: overrides every cell's time limit (CellSpec::time_limit_s)
  bool progress = true;
  bool print_cells = true;  // one line per cell on stdout
  const std::atomic<bool>* cancel = nullptr;
  std::string command_line;
};

struct ReferenceUse {
  std::string problem;  // label of the first problem that used it
  std::string summary;  // Reference::summary()
  bool ok = true;
  bool cached = false;
  double self_convergence = 0.0;  // max over output times
  double cross_check = 0.0;       // max over output times (NaN: none)
};

struct RunnerResult {
  std::string output;  // the file written (shard-adjusted), "" if none
  std::size_t matrix_cells = 0, shard_cells = 0, skipped = 0, completed = 0;
  std::map<RunStatus, std::size_t> by_status;  // of the cells completed here
  std::size_t unresolved = 0;                  // cells whose reference_check failed
  std::vector<ReferenceUse> references;
  std::vector<StoredRun> runs;  // cells completed here, in matrix order
  bool interrupted = false;
  double wall_s = 0.0;
};

// Validates every cell first (InputError), then runs.
RunnerResult run_cells(const std::vector<CellSpec>& cells, const RunnerOptions& options);

// "ok 40, diverged 2, solver_failed 0, timeout 0, error 0" style line and the rest of
// the summary `tibench run` and `make run` print.
std::string summary_text(const RunnerResult& r);

}  // namespace tibench
