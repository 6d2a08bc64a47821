#include "harness/run/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <set>

#include "harness/io/reference_cache.hpp"
#include "harness/io/run_file.hpp"
#include "harness/run/cell_progress.hpp"
#include "harness/run/progress.hpp"
#include "harness/run/run_identity.hpp"
#include "harness/run/shard_plan.hpp"
#include "harness/run/thread_pool.hpp"
#include "problems/registry.hpp"
#include "reference/fine_rk4.hpp"
#include "reference/hash.hpp"

namespace tibench {

namespace {

using Clock = std::chrono::steady_clock;

std::string record_line(const RunRecord& r) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "%-14s %-18s h=%-11.4e %-13s steps=%-8ld err_final=%-10.3e "
                "energy_drift_max=%-10.3e wall=%.3fs%s%s\n",
                r.spec.problem_key().c_str(), r.spec.integrator_key().c_str(), r.h,
                to_string(r.status), r.steps, r.metrics["err_final"], r.metrics["energy_drift_max"],
                r.metrics["wall_s"], r.message.empty() ? "" : "  ", r.message.c_str());
  return buf;
}

std::string cell_label(const CellSpec& c) {
  return c.problem_key() + "/" + c.integrator_key() + "/" + hkey(c.h);
}

// This shard's cells: indices into the matrix's cells, and their keys.
struct ShardCells {
  std::vector<std::size_t> index;
  std::vector<std::string> key;
};

ShardCells shard_cells(const std::vector<CellSpec>& cells, const RunnerOptions& o) {
  const std::vector<long> owner = plan_shards(cell_costs(cells), o.shard.count);
  ShardCells own;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (owner[i] == o.shard.index) {
      own.index.push_back(i);
      own.key.push_back(cell_key(cells[i]));
    }
  return own;
}

// The cells (indices into the matrix's cells) this shard runs now: its own
// cells that the output file does not hold yet. Counts them in res.
std::vector<std::size_t> cells_to_run(const ShardCells& own, const std::optional<RunFile>& file,
                                      RunnerResult& res) {
  std::vector<std::size_t> todo;
  for (std::size_t k = 0; k < own.index.size(); ++k) {
    ++res.shard_cells;
    if (file && file->completed().count(own.key[k])) {
      ++res.skipped;
      continue;
    }
    todo.push_back(own.index[k]);
  }
  return todo;
}

// --- references: one per distinct key text ----------------------------------

struct ReferenceSlot {
  std::string key_text;
  std::string problem_label;
  CellSpec example;  // a cell that needs this reference
  std::optional<Reference> ref;
  bool cached = false;
};

struct ReferencePlan {
  std::vector<ReferenceSlot> slots;
  std::vector<std::size_t> slot_of_cell;  // per cell to run
};

// What a reference's key text depends on, known without building the
// problem: cells with the same identity share one key text, so the problem
// (possibly a costly mesh) is built once per identity.
std::string reference_identity(const CellSpec& c, const ReferenceRequest& req) {
  std::string identity = c.problem;
  std::vector<std::string> params = c.problem_params;
  std::sort(params.begin(), params.end());
  for (const auto& p : params) identity += ";" + p;
  return identity + "|" + req.method + "|" + format_real(req.t_end) + "|" +
         std::to_string(req.outputs) + "|" + format_real(req.h_ref);
}

ReferencePlan plan_references(const std::vector<CellSpec>& cells,
                              const std::vector<std::size_t>& todo) {
  ReferencePlan plan;
  plan.slot_of_cell.resize(todo.size());
  std::map<std::string, std::size_t> slot_of_key;
  std::map<std::string, std::string> key_of_identity;
  for (std::size_t k = 0; k < todo.size(); ++k) {
    const CellSpec& c = cells[todo[k]];
    const ReferenceRequest req = reference_request(c);
    const std::string identity = reference_identity(c, req);
    auto it = key_of_identity.find(identity);
    if (it == key_of_identity.end()) {
      const auto problem = make_problem(c.problem, c.problem_params);
      it = key_of_identity.emplace(identity, reference_key_text(*problem, req)).first;
    }
    auto s = slot_of_key.find(it->second);
    if (s == slot_of_key.end()) {
      s = slot_of_key.emplace(it->second, plan.slots.size()).first;
      plan.slots.push_back({it->second, c.problem_key(), c, std::nullopt, false});
    }
    plan.slot_of_cell[k] = s->second;
  }
  return plan;
}

// Notes the reference in res and, for a fine RK4 one, says how it checked.
void report_reference(const ReferenceSlot& slot, const RunnerOptions& o, RunnerResult& res) {
  const Reference& r = *slot.ref;
  res.references.push_back({slot.problem_label, r.summary(), r.ok, slot.cached,
                            r.max_self_convergence(), r.max_cross_check()});
  if (r.method == "rk4" && o.progress)
    std::fprintf(stderr, "%sreference %s: %s%s\n",
                 r.ok ? "" : "tibench: WARNING: ", slot.problem_label.c_str(), r.summary().c_str(),
                 slot.cached ? " (cached)" : "");
}

// A reference whose computation threw: failed, with the reason, so the
// cells that need it run and report their errors as unmeasured.
Reference failed_reference(const std::string& key_text, const std::string& message) {
  Reference failed;
  failed.ok = false;
  failed.message = message;
  failed.method = "rk4";
  failed.key_text = key_text;
  failed.key = hash_hex(failed.key_text);
  return failed;
}

// Fills the slots the cache holds; returns the others.
std::vector<std::size_t> load_cached_references(ReferencePlan& plan, const ReferenceCache& cache) {
  std::vector<std::size_t> to_compute;
  for (std::size_t s = 0; s < plan.slots.size(); ++s) {
    if (auto hit = cache.lookup(plan.slots[s].key_text)) {
      plan.slots[s].ref = std::move(*hit);
      plan.slots[s].cached = true;
    } else {
      to_compute.push_back(s);
    }
  }
  return to_compute;
}

// Computes the slots `to_compute` on o.jobs threads and caches them; a slot
// stays empty when the run is interrupted before its reference is done.
void compute_references(ReferencePlan& plan, const std::vector<std::size_t>& to_compute,
                        const ReferenceCache& cache, const RunnerOptions& o, RunnerResult& res) {
  Progress progress("references", to_compute.size(), o.progress);
  std::vector<std::optional<Reference>> computed(to_compute.size());
  run_pool(
      to_compute.size(), o.jobs, o.cancel,
      [&](std::size_t i) {
        const ReferenceSlot& slot = plan.slots[to_compute[i]];
        const CellSpec& c = slot.example;
        try {
          const auto problem = make_problem(c.problem, c.problem_params);
          computed[i] = compute_reference(*problem, reference_request(c), o.cancel);
        } catch (const Cancelled&) {
        } catch (const std::exception& e) {
          computed[i] = failed_reference(slot.key_text, e.what());
        }
      },
      [&](std::size_t i) {
        if (!computed[i]) return;
        ReferenceSlot& slot = plan.slots[to_compute[i]];
        slot.ref = std::move(computed[i]);
        cache.store(*slot.ref);
        report_reference(slot, o, res);
        progress.advance(slot.problem_label, slot.ref->ok ? "ok" : "failed");
      },
      [] {});
  progress.finish();
}

// Every slot's reference: from the cache, or computed (and cached).
void provide_references(ReferencePlan& plan, const RunnerOptions& o, RunnerResult& res) {
  const ReferenceCache cache(o.reference_cache);
  const std::vector<std::size_t> to_compute = load_cached_references(plan, cache);
  for (const auto& slot : plan.slots)
    if (slot.cached) report_reference(slot, o, res);
  compute_references(plan, to_compute, cache, o, res);
}

// --- cells --------------------------------------------------------------------

// Runs the cells on o.jobs threads. On the calling thread it tallies every
// finished cell into res, prints the cells' lines in matrix order and
// checkpoints the output file every o.checkpoint_seconds.
class CellBatch {
 public:
  CellBatch(const std::vector<CellSpec>& cells, const std::vector<std::size_t>& todo,
            const ReferencePlan& plan, const RunnerOptions& o, std::optional<RunFile>& file,
            RunnerResult& res)
      : cells_(cells),
        todo_(todo),
        plan_(plan),
        o_(o),
        file_(file),
        res_(res),
        results_(todo.size()),
        summaries_(todo.size()),
        lines_(todo.size()),
        labels_(todo.size()),
        last_checkpoint_(Clock::now()),
        progress_("cells", todo.size(), o.progress),
        in_cell_(todo.size(), o.progress) {
    for (const auto& slot : plan.slots)
      if (slot.ref) references_.emplace_back(slot.problem_label, &*slot.ref);
    for (std::size_t k = 0; k < todo.size(); ++k) labels_[k] = cell_label(cells[todo[k]]);
  }

  // Runs every cell (none when a reference is missing: the run was
  // interrupted while computing references), then writes the last checkpoint.
  void run() {
    const bool references_ready =
        std::all_of(plan_.slot_of_cell.begin(), plan_.slot_of_cell.end(),
                    [&](std::size_t s) { return plan_.slots[s].ref.has_value(); });
    if (references_ready)
      run_pool(
          todo_.size(), o_.jobs, o_.cancel, [&](std::size_t k) { run_one(k); },
          [&](std::size_t k) { collect(k); }, [&] { tick(); });
    progress_.finish();
    res_.interrupted = o_.cancel && o_.cancel->load();
    checkpoint(true);
    for (auto& s : summaries_)
      if (s) res_.runs.push_back(std::move(*s));
  }

 private:
  // On a worker thread.
  void run_one(std::size_t k) {
    const CellSpec& spec = cells_[todo_[k]];
    RunContext ctx;
    ctx.reference = &*plan_.slots[plan_.slot_of_cell[k]].ref;
    ctx.cancel = o_.cancel;
    ctx.steps_done = in_cell_.steps(k);
    in_cell_.start(k, step_count(spec.h, spec.t_end));
    struct Finish {
      CellProgress& p;
      std::size_t k;
      ~Finish() { p.finish(k); }
    } finish{in_cell_, k};
    ctx.time_limit_s = o_.cell_timeout_s > 0 ? o_.cell_timeout_s : spec.time_limit_s;
    try {
      results_[k] = run_cell(spec, ctx);
    } catch (const Cancelled&) {
    } catch (const std::exception& e) {  // e.g. a problem refusing its parameters
      results_[k] = error_record(spec, e.what());
    }
  }

  // On the calling thread, for each finished cell.
  void collect(std::size_t k) {
    if (!results_[k]) return;
    RunRecord& r = *results_[k];
    ++res_.by_status[r.status];
    ++res_.completed;
    if (r.reference_check.outcome == ReferenceOutcome::fail) {
      ++res_.unresolved;
      std::fprintf(stderr, "tibench: WARNING: %s: reference check %s\n", cell_label(r.spec).c_str(),
                   to_string(r.reference_check).c_str());
    }
    progress_.advance(cell_label(r.spec), to_string(r.status));
    lines_[k] = record_line(r);
    summaries_[k] = summary_of(r);
    pending_.push_back(std::move(r));
    results_[k].reset();
  }

  // On the calling thread, between batches of finished cells.
  void tick() {
    while (o_.print_cells && next_line_ < todo_.size() && summaries_[next_line_]) {
      std::fputs(lines_[next_line_].c_str(), stdout);
      ++next_line_;
    }
    std::fflush(stdout);
    in_cell_.report(labels_);
    const double since = std::chrono::duration<double>(Clock::now() - last_checkpoint_).count();
    if (!pending_.empty() && since >= o_.checkpoint_seconds) checkpoint(false);
  }

  void checkpoint(bool finalize) {
    if (file_) file_->checkpoint(pending_, references_, finalize);
    pending_.clear();
    last_checkpoint_ = Clock::now();
  }

  const std::vector<CellSpec>& cells_;
  const std::vector<std::size_t>& todo_;
  const ReferencePlan& plan_;
  const RunnerOptions& o_;
  std::optional<RunFile>& file_;
  RunnerResult& res_;
  std::vector<std::pair<std::string, const Reference*>> references_;
  std::vector<std::optional<RunRecord>> results_;
  std::vector<std::optional<StoredRun>> summaries_;
  std::vector<std::string> lines_;  // each cell's line on stdout
  std::vector<std::string> labels_;
  std::vector<RunRecord> pending_;  // completed since the last checkpoint
  std::size_t next_line_ = 0;       // the next line to print
  Clock::time_point last_checkpoint_;
  Progress progress_;
  CellProgress in_cell_;
};

}  // namespace

RunnerResult run_cells(const std::vector<CellSpec>& cells, const RunnerOptions& o) {
  for (const auto& c : cells) validate_cell(c);
  RunnerResult res;
  const auto start = Clock::now();
  res.matrix_cells = cells.size();
  res.output = shard_output_path(o.output, o.shard);
  const ShardCells own = shard_cells(cells, o);
  std::optional<RunFile> file;
  if (!res.output.empty()) {
    const std::set<std::string> keep(own.key.begin(), own.key.end());
    file.emplace(res.output, o.resume, o.command_line, run_identity(cells, o.shard),
                 o.reuse ? &keep : nullptr);
    if (!file->reuse_note().empty())
      std::fprintf(stderr, "tibench: not reusing the runs of '%s': %s; every cell runs\n",
                   res.output.c_str(), file->reuse_note().c_str());
  }
  const std::vector<std::size_t> todo = cells_to_run(own, file, res);
  ReferencePlan plan = plan_references(cells, todo);
  provide_references(plan, o, res);
  CellBatch(cells, todo, plan, o, file, res).run();
  res.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  return res;
}

std::string summary_text(const RunnerResult& r) {
  std::string s;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "cells: %zu in matrix, %zu in this shard, %zu already complete, "
                "%zu run now (",
                r.matrix_cells, r.shard_cells, r.skipped, r.completed);
  s += buf;
  std::string statuses;
  for (const RunStatus st : kRunStatuses) {
    const auto it = r.by_status.find(st);
    statuses += (statuses.empty() ? "" : ", ") + std::string(to_string(st)) + " " +
                std::to_string(it == r.by_status.end() ? 0 : it->second);
  }
  s += statuses + ")\n";
  if (r.unresolved)
    s += "WARNING: " + std::to_string(r.unresolved) +
         " cells have errors the reference cannot resolve (reported as n/a; see reference_check)\n";
  std::size_t failed_refs = 0;
  for (const auto& u : r.references) failed_refs += !u.ok;
  if (failed_refs)
    s += "WARNING: " + std::to_string(failed_refs) + " references failed their checks\n";
  if (r.interrupted) s += "INTERRUPTED: completed cells are saved; rerun with --resume to finish\n";
  std::snprintf(buf, sizeof buf, "wall time %s%s%s\n", format_duration(r.wall_s).c_str(),
                r.output.empty() ? "" : ", wrote ", r.output.c_str());
  s += buf;
  return s;
}

}  // namespace tibench
