// The output file of a matrix run, written incrementally and atomically.
//
// Completed cells are added by checkpoints: each checkpoint copies the
// current file to a temporary name, adds the new runs and references, and
// renames it over the old one, so at every instant the file on disk is a
// valid tibench/1 file holding every cell completed up to the last
// checkpoint. A run killed at any point (Ctrl-C, SIGKILL, a lost node) thus
// leaves a valid file that `--resume` continues; the final checkpoint also
// (re)writes /convergence from every run in the file.
//
// With resume, runs already in the file are kept and their cell keys
// reported by completed(), so the caller skips them; a file written by
// another build (git commit), or of another matrix or shard
// (harness/run/run_identity.hpp), is refused rather than mixed.
//
// With reuse (the matrix may have changed since the file was written), the
// runs whose cell keys — the hash of a cell's full specification — are in
// `keep` are kept and reported by completed(), and every other run, the
// references no kept run uses and /convergence are dropped at the first
// checkpoint. Only a file of the same build is reused: the same git commit,
// compiler, build type and flags, and neither that build nor this one from
// a tree with uncommitted changes (whose commit does not name the code).
// Otherwise reuse_note() says why and every cell runs.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include <H5Cpp.h>

#include "harness/run/run_cell.hpp"
#include "harness/run/run_identity.hpp"

namespace tibench {

class RunFile {
 public:
  RunFile(std::string path, bool resume, std::string command_line, RunIdentity identity,
          const std::set<std::string>* keep = nullptr);
  const std::set<std::string>& completed() const { return completed_; }
  // Why the file's runs were not reused ("" when they were, or not asked).
  const std::string& reuse_note() const { return reuse_note_; }
  const std::string& path() const { return path_; }
  // Adds runs and (problem label, reference) pairs; with finalize, rewrites
  // /convergence from all runs in the file.
  void checkpoint(const std::vector<RunRecord>& runs,
                  const std::vector<std::pair<std::string, const Reference*>>& references,
                  bool finalize);

 private:
  std::string path_, command_line_;
  RunIdentity identity_;
  void resume_from(const H5::H5File& f);
  void reuse_from(const H5::H5File& f, const std::set<std::string>& keep);
  // Removes the runs and references reuse_from dropped (at the first checkpoint).
  void prune(H5::H5File& f);

  bool have_base_ = false;  // the file at path_ is ours (resumed or checkpointed)
  std::set<std::string> completed_;
  std::string reuse_note_;
  std::vector<std::string> dropped_;  // paths of runs and references to remove
  bool prune_ = false;
};

}  // namespace tibench
