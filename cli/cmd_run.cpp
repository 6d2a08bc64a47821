#include <csignal>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>

#include "cli/commands.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "harness/analysis/convergence.hpp"
#include "harness/io/xdmf.hpp"
#include "harness/run/matrix.hpp"
#include "harness/run/runner.hpp"
#include "integrators/methods/method_file.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "problems/scenes/scene_file.hpp"

namespace tibench::cli {

std::vector<double> parse_step_sizes(const std::string& text) {
  std::vector<double> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    double h = 0;
    if (!parse_real(item, h) || !(h > 0))
      throw InputError("invalid step size '" + item +
                       "' in --h (expected numbers > 0, comma-separated, e.g. 0.1,0.05)");
    out.push_back(h);
  }
  if (out.empty() || (!text.empty() && text.back() == ','))
    throw InputError("invalid --h '" + text + "' (expected numbers > 0, comma-separated)");
  return out;
}

double parse_t_end(const std::string& text) {
  double t = 0;
  if (!parse_real(text, t) || !(t > 0))
    throw InputError("invalid --t-end '" + text + "' (expected a number > 0)");
  return t;
}

namespace {

std::atomic<bool> g_interrupted{false};

// First SIGINT/SIGTERM: finish cleanly (the runner stops, saves completed
// cells and returns); a second one: the default action, immediately.
extern "C" void on_interrupt(int sig) {
  g_interrupted.store(true);
  std::signal(sig, SIG_DFL);
}

std::vector<CellSpec> cells_from_options(const RunOptions& o) {
  if (!o.matrix.empty()) {
    if (!o.problem.empty() || !o.integrator.empty() || !o.h_list.empty() || !o.t_end.empty())
      throw InputError("--matrix cannot be combined with --problem/--integrator/--h/--t-end");
    Matrix m =
        load_matrix(o.matrix, o.short_version ? MatrixVersion::short_version : MatrixVersion::full);
    for (const auto& x : m.excluded)
      std::fprintf(stderr, "not applicable, left out of \"*\": %s on %s (%s)\n",
                   x.integrator.c_str(), x.problem.c_str(), x.reason.c_str());
    for (auto& c : m.cells) {
      c.max_steps = o.max_steps;
      validate_cell(c);
    }
    return m.cells;
  }
  if (o.short_version)
    throw InputError(
        "--short needs --matrix (accepted: a long matrix, whose short version it runs)");
  if (o.problem.empty()) throw InputError("missing --problem (see tibench list problems)");
  if (o.integrator.empty()) throw InputError("missing --integrator (see tibench list integrators)");
  if (o.h_list.empty()) throw InputError("missing --h (step sizes > 0, comma-separated)");
  if (o.t_end.empty()) throw InputError("missing --t-end (a number > 0)");
  const double t_end = parse_t_end(o.t_end);
  const auto ladder = parse_step_sizes(o.h_list);
  check_distinct_step_counts(ladder, t_end);
  // Method and scene files' runs are stored under their ids (a path is no
  // group name).
  const std::string label =
      method_file_of(o.integrator) ? resolve_integrator(o.integrator).id : std::string();
  const std::string problem_label =
      scene_file_of(o.problem) ? find_problem(o.problem).id : std::string();
  std::vector<CellSpec> cells;
  for (double h : ladder) {
    CellSpec c;
    c.problem = o.problem;
    c.problem_label = problem_label;
    c.problem_params = o.params;
    c.integrator = o.integrator;
    c.integrator_label = label;
    c.integrator_params = o.iparams;
    c.h = h;
    c.t_end = t_end;
    c.max_samples = o.samples;
    c.frames = o.frames;
    c.max_steps = o.max_steps;
    c.h_ref = *std::min_element(ladder.begin(), ladder.end()) / kDefaultReferenceRefinement;
    cells.push_back(std::move(c));
  }
  // An integrator that refuses the problem (e.g. contact it cannot enforce)
  // is bad input: found here, before any work, not as a failed cell.
  validate_cell(cells.front());
  const ProblemInfo& pinfo = find_problem(o.problem);
  const auto problem = pinfo.make(problem_params(pinfo, o.params));
  const IntegratorInfo& iinfo = resolve_integrator(o.integrator);
  (void)iinfo.make(*problem, cells.front().h, integrator_params(iinfo, o.iparams));
  for (auto& c : cells) c.dofs = static_cast<long>(problem->dofs());
  return cells;
}

}  // namespace

RunnerOptions runner_options(const RunOptions& o) {
  RunnerOptions r;
  if (o.jobs < 1)
    throw InputError("invalid --jobs " + std::to_string(o.jobs) + " (expected an integer >= 1)");
  r.jobs = o.jobs;
  if (!o.shard.empty() && !o.shard_of_array.empty())
    throw InputError("--shard cannot be combined with --shard-of-array (accepted: one of them)");
  r.shard = o.shard.empty() ? shard_from_environment({}, o.shard_of_array) : parse_shard(o.shard);
  if (!(o.cell_timeout_s >= 0))
    throw InputError("invalid --cell-timeout " + format_real(o.cell_timeout_s) +
                     " (expected seconds > 0; 0: the matrix's cell_timeout)");
  r.cell_timeout_s = o.cell_timeout_s;
  r.output = o.output;
  r.resume = o.resume;
  r.reuse = o.reuse;
  if (o.resume && o.output.empty())
    throw InputError("--resume needs -o FILE (the file to continue)");
  if (o.reuse && o.output.empty())
    throw InputError("--reuse needs -o FILE (the file whose runs to keep)");
  if (o.resume && o.reuse)
    throw InputError(
        "--resume and --reuse given together (accepted: one; --resume continues the same "
        "matrix, --reuse keeps the unchanged cells of a changed one)");
  r.reference_cache = o.reference_cache == "none" ? "" : o.reference_cache;
  if (!(o.checkpoint_seconds >= 0))
    throw InputError("invalid --checkpoint " + format_real(o.checkpoint_seconds) +
                     " (expected seconds >= 0)");
  r.checkpoint_seconds = o.checkpoint_seconds;
  r.progress = !o.quiet;
  r.command_line = o.command_line;
  return r;
}

namespace {

// The output (of this shard) and the reference cache, checked before any
// work; the returned lock is held until the run's files are written.
std::optional<OutputLock> claim_outputs(const RunOptions& o, const RunnerOptions& r) {
  if (!r.reference_cache.empty()) check_cache_directory(r.reference_cache, "--reference-cache");
  const std::string out = shard_output_path(r.output, r.shard);
  if (out.empty()) return std::nullopt;
  if (o.resume && std::filesystem::exists(out)) check_input_file(out, "-o (resumed)");
  if (o.reuse && std::filesystem::exists(out)) check_input_file(out, "-o (reused)");
  check_output_file(out, "-o", {o.matrix});
  check_output_file(xdmf_path_for(out), "-o (its XDMF companion)", {o.matrix});
  std::optional<OutputLock> lock;
  lock.emplace(out, "-o");
  return lock;
}

}  // namespace

int run(const RunOptions& o) {
  if (!o.matrix.empty()) check_input_file(o.matrix, "--matrix");
  RunnerOptions ropts = runner_options(o);
  const std::optional<OutputLock> lock = claim_outputs(o, ropts);
  const std::vector<CellSpec> cells = cells_from_options(o);
  if (ropts.shard.count > 1 && !o.quiet)
    std::fprintf(stderr, "shard %ld/%ld (from %s)\n", ropts.shard.index, ropts.shard.count,
                 ropts.shard.source.c_str());
  if (!ropts.shard.note.empty()) std::fprintf(stderr, "note: %s\n", ropts.shard.note.c_str());
  g_interrupted.store(false);
  ropts.cancel = &g_interrupted;
  auto old_int = std::signal(SIGINT, on_interrupt);
  auto old_term = std::signal(SIGTERM, on_interrupt);
  RunnerResult res;
  try {
    res = run_cells(cells, ropts);
  } catch (...) {
    std::signal(SIGINT, old_int);
    std::signal(SIGTERM, old_term);
    throw;
  }
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  if (!res.output.empty()) {
    if (const int shown = write_xdmf(res.output); shown > 0 && !o.quiet)
      std::fprintf(stderr, "wrote %s (%d runs with frames, for ParaView)\n",
                   xdmf_path_for(res.output).c_str(), shown);
  }

  for (const auto& t : convergence_tables(res.runs, "err_final"))
    for (const auto& row : t.rows)
      if (row.fit.points >= 2)
        std::printf("observed order %-14s %-18s %.3f (r2 %.4f, %d step sizes; nominal %d)\n",
                    t.problem.c_str(), row.integrator.c_str(), row.fit.slope, row.fit.r2,
                    row.fit.points, row.nominal_order);
  std::printf("%s", summary_text(res).c_str());
  std::fflush(stdout);
  return res.interrupted ? 130 : 0;
}

}  // namespace tibench::cli
