#include <cstdio>
#include <filesystem>

#include "cli/commands.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "harness/analysis/regress.hpp"
#include "harness/run/matrix.hpp"
#include "harness/run/runner.hpp"

namespace tibench::cli {

int regress(const RegressOptions& o) {
  if (o.jobs < 1)
    throw InputError("invalid --jobs " + std::to_string(o.jobs) + " (expected an integer >= 1)");
  const bool have_baseline = std::filesystem::exists(o.baseline);
  if (!have_baseline && !o.update)
    throw InputError("no such baseline '" + o.baseline +
                     "' (create it with --update --matrix M.toml)");
  if (have_baseline) check_input_file(o.baseline, "--baseline");
  if (!o.matrix.empty()) check_input_file(o.matrix, "--matrix");
  std::vector<OutputLock> locks;
  locks.reserve(2);
  if (o.update) {
    check_output_file(o.baseline, "--baseline", {o.matrix});
    locks.emplace_back(o.baseline, "--baseline");
  }
  if (!o.output.empty()) {
    check_output_file(o.output, "-o", {o.matrix, o.baseline});
    locks.emplace_back(o.output, "-o");
  }
  if (!o.reference_cache.empty() && o.reference_cache != "none")
    check_cache_directory(o.reference_cache, "--reference-cache");
  Baseline before;
  if (have_baseline) before = load_baseline(o.baseline);
  const std::string matrix_path = o.matrix.empty() ? before.matrix : o.matrix;
  if (matrix_path.empty()) throw InputError("--update without a baseline needs --matrix M.toml");
  const Matrix m = load_matrix(matrix_path);

  RunnerOptions ropts;
  ropts.jobs = o.jobs;
  ropts.output = o.output;
  ropts.reference_cache = o.reference_cache == "none" ? "" : o.reference_cache;
  ropts.print_cells = false;
  ropts.command_line = o.command_line;
  const RunnerResult res = run_cells(m.cells, ropts);
  std::printf("%s", summary_text(res).c_str());

  if (o.update) {
    const Baseline fresh = make_baseline(matrix_path, res.runs);
    const std::string diff = have_baseline ? baseline_diff(before, fresh) : "";
    save_baseline(o.baseline, fresh);
    std::printf("%s baseline %s (%zu cells, %zu order fits)\n",
                have_baseline ? "updated" : "created", o.baseline.c_str(), fresh.cells.size(),
                fresh.orders.size());
    if (have_baseline) std::printf("%s", diff.empty() ? "no changes\n" : diff.c_str());
    return 0;
  }
  const GateReport report = check_against_baseline(before, res.runs);
  for (const auto& u : report.unguarded)
    std::printf("unguarded (not in the baseline; run --update to add): %s\n", u.c_str());
  for (const auto& f : report.failures) std::printf("REGRESSION %s\n", f.c_str());
  std::printf("regression gate: %zu baseline cells, %zu order fits, %zu failures, %zu unguarded\n",
              before.cells.size(), before.orders.size(), report.failures.size(),
              report.unguarded.size());
  return report.failures.empty() ? 0 : 1;
}

}  // namespace tibench::cli
