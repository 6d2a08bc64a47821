#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "harness/cli/commands.hpp"
#include "harness/convergence.hpp"
#include "harness/h5io.hpp"
#include "harness/matrix.hpp"
#include "harness/run_io.hpp"

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

void print_record(const RunRecord& r) {
  std::printf("%-14s %-18s h=%-11.4e %-13s steps=%-8ld err_final=%-10.3e energy_drift_max=%-10.3e "
              "wall=%.3fs%s%s\n",
              r.spec.problem_key().c_str(), r.spec.integrator_key().c_str(), r.h,
              r.status.c_str(), r.steps, r.metrics["err_final"], r.metrics["energy_drift_max"],
              r.metrics["wall_s"], r.message.empty() ? "" : "  ", r.message.c_str());
}

std::vector<StoredRun> summaries(const std::vector<RunRecord>& records) {
  std::vector<StoredRun> out;
  for (const auto& r : records) {
    StoredRun s;
    s.problem = r.spec.problem_key();
    s.integrator = r.spec.integrator_key();
    s.integrator_id = r.spec.integrator;
    s.h = r.h;
    s.h_requested = r.spec.h;
    s.t_end = r.spec.t_end;
    s.steps = r.steps;
    s.status = r.status;
    s.message = r.message;
    s.metrics = r.metrics;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

int run(const RunOptions& o) {
  std::vector<CellSpec> cells;
  if (!o.matrix.empty()) {
    if (!o.problem.empty() || !o.integrator.empty() || !o.h_list.empty() || !o.t_end.empty())
      throw InputError("--matrix cannot be combined with --problem/--integrator/--h/--t-end");
    cells = load_matrix(o.matrix).cells;
  } else {
    if (o.problem.empty()) throw InputError("missing --problem (see tibench list problems)");
    if (o.integrator.empty())
      throw InputError("missing --integrator (see tibench list integrators)");
    if (o.h_list.empty()) throw InputError("missing --h (step sizes > 0, comma-separated)");
    if (o.t_end.empty()) throw InputError("missing --t-end (a number > 0)");
    const double t_end = parse_t_end(o.t_end);
    for (double h : parse_step_sizes(o.h_list)) {
      CellSpec c;
      c.problem = o.problem;
      c.problem_params = o.params;
      c.integrator = o.integrator;
      c.integrator_params = o.iparams;
      c.h = h;
      c.t_end = t_end;
      c.max_samples = o.samples;
      cells.push_back(std::move(c));
    }
  }
  for (const auto& c : cells) validate_cell(c);

  std::vector<RunRecord> records;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t k = 0; k < cells.size(); ++k) {
    records.push_back(run_cell(cells[k]));
    if (cells.size() > 1) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const double eta = elapsed / double(k + 1) * double(cells.size() - k - 1);
      std::fprintf(stderr, "[%zu/%zu] %s %s %s %s  elapsed %.1fs eta %.1fs\n", k + 1,
                   cells.size(), cells[k].problem_key().c_str(),
                   cells[k].integrator_key().c_str(), hkey(cells[k].h).c_str(),
                   records.back().status.c_str(), elapsed, eta);
    }
    print_record(records.back());
  }

  const auto tables = convergence_tables(summaries(records), "err_final");
  if (!o.output.empty()) {
    h5::AtomicFile out(o.output);
    h5::write_provenance(out.file(), o.command_line);
    for (const auto& r : records) write_run(out.file(), r);
    write_convergence(out.file(), tables);
    out.commit();
  }
  for (const auto& t : tables)
    for (const auto& row : t.rows)
      if (row.fit.points >= 2)
        std::printf("observed order %-14s %-18s %.3f (r2 %.4f, %d step sizes; nominal %d)\n",
                    t.problem.c_str(), row.integrator.c_str(), row.fit.slope, row.fit.r2,
                    row.fit.points, row.nominal_order);
  if (!o.output.empty()) std::printf("wrote %s (%zu runs)\n", o.output.c_str(), records.size());
  return 0;
}

}  // namespace tibench::cli
