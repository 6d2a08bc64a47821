#include "harness/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "harness/cell_progress.hpp"
#include "harness/progress.hpp"
#include "harness/reference_cache.hpp"
#include "harness/run_file.hpp"
#include "harness/run_identity.hpp"
#include "harness/shard_plan.hpp"
#include "harness/thread_pool.hpp"
#include "problems/registry.hpp"
#include "reference/fine_rk4.hpp"
#include "reference/hash.hpp"

namespace tibench {

namespace {

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

struct ReferenceSlot {
  std::string key_text;
  std::string problem_label;
  CellSpec example;
  std::optional<Reference> ref;
  bool cached = false;
};

}  // namespace

RunnerResult run_cells(const std::vector<CellSpec>& cells, const RunnerOptions& o) {
  for (const auto& c : cells) validate_cell(c);
  RunnerResult res;
  const auto start = std::chrono::steady_clock::now();
  res.matrix_cells = cells.size();
  res.output = shard_output_path(o.output, o.shard);
  std::optional<RunFile> file;
  if (!res.output.empty())
    file.emplace(res.output, o.resume, o.command_line, run_identity(cells, o.shard));

  const std::vector<long> owner = plan_shards(cell_costs(cells), o.shard.count);
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (owner[i] != o.shard.index) continue;
    ++res.shard_cells;
    if (file && file->completed().count(cell_key(cells[i]))) {
      ++res.skipped;
      continue;
    }
    todo.push_back(i);
  }

  // --- references: one per distinct key text -------------------------------
  std::vector<ReferenceSlot> slots;
  std::map<std::string, std::size_t> slot_of_key;
  std::map<std::string, std::string> key_of_identity;  // avoids rebuilding problems
  std::vector<std::size_t> slot_of_cell(todo.size());
  for (std::size_t k = 0; k < todo.size(); ++k) {
    const CellSpec& c = cells[todo[k]];
    const ReferenceRequest req = reference_request(c);
    std::string identity = c.problem;
    std::vector<std::string> params = c.problem_params;
    std::sort(params.begin(), params.end());
    for (const auto& p : params) identity += ";" + p;
    identity += "|" + req.method + "|" + format_real(req.t_end) + "|" +
                std::to_string(req.outputs) + "|" + format_real(req.h_ref);
    auto it = key_of_identity.find(identity);
    if (it == key_of_identity.end()) {
      const auto problem = make_problem(c.problem, c.problem_params);
      it = key_of_identity.emplace(identity, reference_key_text(*problem, req)).first;
    }
    auto s = slot_of_key.find(it->second);
    if (s == slot_of_key.end()) {
      s = slot_of_key.emplace(it->second, slots.size()).first;
      slots.push_back({it->second, c.problem_key(), c, std::nullopt, false});
    }
    slot_of_cell[k] = s->second;
  }
  const ReferenceCache cache(o.reference_cache);
  std::vector<std::size_t> to_compute;
  for (std::size_t s = 0; s < slots.size(); ++s) {
    if (auto hit = cache.lookup(slots[s].key_text)) {
      slots[s].ref = std::move(*hit);
      slots[s].cached = true;
    } else {
      to_compute.push_back(s);
    }
  }
  auto report_reference = [&](const ReferenceSlot& slot) {
    const Reference& r = *slot.ref;
    res.references.push_back({slot.problem_label, r.summary(), r.ok, slot.cached,
                              r.max_self_convergence(), r.max_cross_check()});
    if (r.method == "rk4" && o.progress)
      std::fprintf(stderr, "%sreference %s: %s%s\n",
                   r.ok ? "" : "tibench: WARNING: ", slot.problem_label.c_str(),
                   r.summary().c_str(), slot.cached ? " (cached)" : "");
  };
  for (const auto& slot : slots)
    if (slot.cached) report_reference(slot);
  {
    Progress progress("references", to_compute.size(), o.progress);
    std::vector<std::optional<Reference>> computed(to_compute.size());
    run_pool(
        to_compute.size(), o.jobs, o.cancel,
        [&](std::size_t i) {
          const CellSpec& c = slots[to_compute[i]].example;
          try {
            const auto problem = make_problem(c.problem, c.problem_params);
            computed[i] = compute_reference(*problem, reference_request(c), o.cancel);
          } catch (const Cancelled&) {
          } catch (const std::exception& e) {
            Reference failed;
            failed.ok = false;
            failed.message = e.what();
            failed.method = "rk4";
            failed.key_text = slots[to_compute[i]].key_text;
            failed.key = hash_hex(failed.key_text);
            computed[i] = std::move(failed);
          }
        },
        [&](std::size_t i) {
          if (!computed[i]) return;
          ReferenceSlot& slot = slots[to_compute[i]];
          slot.ref = std::move(computed[i]);
          cache.store(*slot.ref);
          report_reference(slot);
          progress.advance(slot.problem_label, slot.ref->ok ? "ok" : "failed");
        },
        [] {});
    progress.finish();
  }

  // --- cells ------------------------------------------------------------------
  std::vector<std::pair<std::string, const Reference*>> references;
  for (const auto& slot : slots)
    if (slot.ref) references.emplace_back(slot.problem_label, &*slot.ref);
  std::vector<std::optional<RunRecord>> results(todo.size());
  std::vector<std::optional<StoredRun>> summaries(todo.size());
  std::vector<std::string> lines(todo.size());
  std::vector<RunRecord> pending;
  std::size_t next_line = 0;
  auto last_checkpoint = std::chrono::steady_clock::now();
  Progress progress("cells", todo.size(), o.progress);
  CellProgress in_cell(todo.size(), o.progress);
  std::vector<std::string> labels(todo.size());
  for (std::size_t k = 0; k < todo.size(); ++k) labels[k] = cell_label(cells[todo[k]]);
  auto checkpoint = [&](bool finalize) {
    if (file) file->checkpoint(pending, references, finalize);
    pending.clear();
    last_checkpoint = std::chrono::steady_clock::now();
  };
  // Missing only when interrupted while computing references.
  const bool references_ready =
      std::all_of(slot_of_cell.begin(), slot_of_cell.end(),
                  [&](std::size_t s) { return slots[s].ref.has_value(); });
  if (references_ready) {
    run_pool(
        todo.size(), o.jobs, o.cancel,
        [&](std::size_t k) {
          RunContext ctx;
          ctx.reference = &*slots[slot_of_cell[k]].ref;
          ctx.cancel = o.cancel;
          ctx.steps_done = in_cell.steps(k);
          in_cell.start(k, step_count(cells[todo[k]].h, cells[todo[k]].t_end));
          struct Finish {
            CellProgress& p;
            std::size_t k;
            ~Finish() { p.finish(k); }
          } finish{in_cell, k};
          ctx.time_limit_s = o.cell_timeout_s > 0 ? o.cell_timeout_s : cells[todo[k]].time_limit_s;
          try {
            results[k] = run_cell(cells[todo[k]], ctx);
          } catch (const Cancelled&) {
          } catch (const std::exception& e) {  // e.g. a problem refusing its parameters
            RunRecord failed;
            failed.spec = cells[todo[k]];
            failed.cell_key = cell_key(failed.spec);
            failed.steps = step_count(failed.spec.h, failed.spec.t_end);
            failed.h = failed.spec.t_end / static_cast<double>(failed.steps);
            failed.status = RunStatus::error;
            failed.message = e.what();
            results[k] = std::move(failed);
          }
        },
        [&](std::size_t k) {
          if (!results[k]) return;
          RunRecord& r = *results[k];
          ++res.by_status[r.status];
          ++res.completed;
          if (r.reference_check.outcome == ReferenceOutcome::fail) {
            ++res.unresolved;
            std::fprintf(stderr, "tibench: WARNING: %s: reference check %s\n",
                         cell_label(r.spec).c_str(), to_string(r.reference_check).c_str());
          }
          progress.advance(cell_label(r.spec), to_string(r.status));
          lines[k] = record_line(r);
          summaries[k] = summary_of(r);
          pending.push_back(std::move(r));
          results[k].reset();
        },
        [&] {
          while (o.print_cells && next_line < todo.size() && summaries[next_line]) {
            std::fputs(lines[next_line].c_str(), stdout);
            ++next_line;
          }
          std::fflush(stdout);
          in_cell.report(labels);
          const double since =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint)
                  .count();
          if (!pending.empty() && since >= o.checkpoint_seconds) checkpoint(false);
        });
  }
  progress.finish();
  res.interrupted = o.cancel && o.cancel->load();
  checkpoint(true);
  for (auto& s : summaries)
    if (s) res.runs.push_back(std::move(*s));
  res.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
