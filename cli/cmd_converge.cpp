#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>

#include "cli/commands.hpp"
#include "fileio/atomic_write.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "harness/analysis/convergence.hpp"
#include "harness/analysis/paper_table.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"
#include "harness/run/matrix.hpp"

namespace tibench::cli {

namespace {

// Runs body(); an HDF5 error inside it becomes bad input naming the file
// (a truncated or foreign file), not a message without a path.
template <class Body>
int reading(const std::string& path, Body body) {
  try {
    return body();
  } catch (const H5::Exception& e) {
    throw InputError("cannot read '" + path + "': " + e.getDetailMsg() +
                     " (accepted: an HDF5 file written by tibench)");
  }
}

// `path` has passed check_input_file (before any output was claimed).
H5::H5File open_input(const std::string& path) { return h5::open_for_reading(path); }

// Every reference in the file: how it was made and how well it checked.
std::string references_section(const H5::H5File& f) {
  if (!h5::exists(f, "/reference")) return "";
  std::string md =
      "## References\n\nError metrics are measured against these. rk4: fine-step "
      "RK4 whose self-convergence difference d (M-weighted relative distance of the runs at h_ref "
      "and h_ref/2) must be at least "
      "100x below every error it measures (cells where it is not show "
      "`unresolved`), cross-checked against Boost.Odeint runge_kutta_dopri5.\n\n"
      "| problem | key | reference |\n|---|---|---|\n";
  H5::Group refs = f.openGroup("/reference");
  for (const auto& problem : h5::children(refs)) {
    H5::Group pg = refs.openGroup(problem);
    for (const auto& key : h5::children(pg)) {
      H5::Group g = pg.openGroup(key);
      md += "| " + problem + " | " + key + " | " + h5::read_string_attr(g, "summary") + " |\n";
    }
  }
  return md + "\n";
}

// The file's runs of a long matrix's short version: those of the cells
// whose short t_end differs from the full one, found in the file ending at
// the short t_end, each with its full t_end. None for the full version and
// for a matrix that is not long.
std::vector<std::pair<CellSpec, double>> shortened_runs(const H5::H5File& f, const Matrix& full,
                                                        const std::string& path) {
  std::vector<std::pair<CellSpec, double>> out;
  if (!full.long_run) return out;
  const Matrix shortened = load_matrix(path, MatrixVersion::short_version);
  for (std::size_t k = 0; k < full.cells.size(); ++k) {
    const CellSpec& s = shortened.cells[k];
    if (s.t_end == full.cells[k].t_end) continue;
    const std::string run = run_path(s);
    if (h5::exists(f, run) && h5::read_double_attr(f.openGroup(run), "t_end") == s.t_end)
      out.emplace_back(s, full.cells[k].t_end);
  }
  return out;
}

// "t_end 1 s instead of 10 s, ..." over the shortened runs a table shows
// (every one when `table` is null); "" when it shows none, its verdict then
// being the full version's.
std::string short_version_note(const std::vector<std::pair<CellSpec, double>>& runs,
                               const PaperTable* table) {
  std::set<std::pair<double, double>> changes;  // (short, full)
  for (const auto& [cell, full_t_end] : runs) {
    bool shown = table == nullptr;
    if (table)
      for (const auto& c : table->columns)
        shown = shown || (c.problem == cell.problem_key() && c.integrator == cell.integrator_key());
    if (shown) changes.insert({cell.t_end, full_t_end});
  }
  std::string note;
  for (const auto& [shortened_t, full_t] : changes)
    note += (note.empty() ? "t_end " : ", ") + number_text(shortened_t) + " s instead of " +
            number_text(full_t) + " s";
  return note;
}

int converge_file(const ConvergeOptions& o) {
  const TableFormat format = parse_table_format(o.format);
  check_input_file(o.input, "input");
  if (!o.matrix.empty()) check_input_file(o.matrix, "--matrix");
  std::optional<OutputLock> lock;
  if (!o.output.empty()) {
    check_output_file(o.output, "-o", {o.input, o.matrix});
    lock.emplace(o.output, "-o");
  }
  H5::H5File f = open_input(o.input);
  const auto runs = read_runs(f);
  if (runs.empty()) throw InputError("'" + o.input + "' holds no runs");
  std::string text;
  if (format == TableFormat::markdown)
    text += "## Convergence (" + o.input +
            ")\n\nerr_final: M-weighted relative error of (q, v) "
            "at t_end; observed order = least-squares slope of log err vs log h over the actual "
            "step sizes, with r2 of the fit.\n\n";
  const auto error_tables = convergence_tables(runs, "err_final");
  if (error_tables.empty() && format == TableFormat::markdown)
    text +=
        "No run in this file has a reference (reference = none): error metrics were not "
        "measured.\n\n";
  text += format_tables(error_tables, format, true);
  if (format == TableFormat::markdown)
    text += "## Energy drift\n\nenergy_drift_max = max_n |H_n - H_0| / |H_0| over all steps.\n\n";
  text += format_tables(convergence_tables(runs, "energy_drift_max"), format, false);
  if (format == TableFormat::markdown) text += references_section(f);
  const std::optional<Matrix> matrix =
      o.matrix.empty() ? std::nullopt : std::optional<Matrix>(load_matrix(o.matrix));
  const std::vector<PaperTable> tables = matrix ? matrix->tables : std::vector<PaperTable>{};
  const auto shortened =
      matrix ? shortened_runs(f, *matrix, o.matrix) : std::vector<std::pair<CellSpec, double>>{};
  if (!tables.empty() && format == TableFormat::markdown) {
    text += "## Paper tables\n\n";
    if (!shortened.empty())
      text += "These runs are the matrix's **short version** (" +
              short_version_note(shortened, nullptr) +
              "; make run without FULL=1): a verdict marked short version judges it, not the "
              "paper's setting. make run FULL=1 runs the full version.\n\n";
  }
  std::vector<TableVerdict> verdicts;
  std::vector<std::string> short_versions;
  for (const auto& t : tables) {
    short_versions.push_back(short_version_note(shortened, &t));
    RenderedTable rendered = render_paper_table(f, t, format, short_versions.back());
    text += rendered.text;
    verdicts.push_back(std::move(rendered.verdict));
  }
  if (o.output.empty()) {
    std::cout << text;
    return 0;
  }
  write_file_atomically(o.output, text);
  for (std::size_t k = 0; k < tables.size(); ++k)  // one line per table: make run's summary
    std::cout << "table " << tables[k].id << ": " << verdicts[k].summary()
              << (tables[k].unjudged.empty() ? "" : " (" + tables[k].unjudged + ")")
              << (short_versions[k].empty() ? "" : " [short version]") << "\n";
  return 0;
}

int info_file(const std::string& input) {
  H5::H5File f = open_input(input);
  H5::Group root = f.openGroup("/");
  for (const char* key : {"schema", "tibench_version", "git_commit", "compiler", "build_type",
                          "created_utc", "command_line", "hostname"})
    if (h5::has_attr(root, key))
      std::printf("%-16s %s\n", key, h5::read_string_attr(root, key).c_str());
  const auto runs = read_runs(f);
  std::size_t ok = 0;
  for (const auto& r : runs) ok += r.status == RunStatus::ok;
  std::printf("runs             %zu (%zu ok, %zu not ok)\n", runs.size(), ok, runs.size() - ok);
  for (const auto& r : runs)
    std::printf("  %-14s %-18s h=%.4e %-13s err_final=%.3e\n", r.problem.c_str(),
                r.integrator.c_str(), r.h, to_string(r.status), r.metrics["err_final"]);
  if (h5::exists(f, "/reference")) {
    H5::Group refs = f.openGroup("/reference");
    for (const auto& problem : h5::children(refs)) {
      H5::Group pg = refs.openGroup(problem);
      for (const auto& key : h5::children(pg))
        std::printf("  reference %-14s %s %s\n", problem.c_str(), key.c_str(),
                    h5::read_string_attr(pg.openGroup(key), "summary").c_str());
    }
  }
  if (h5::exists(f, "/claims")) {
    H5::Group claims = f.openGroup("/claims");
    for (const auto& id : h5::children(claims)) {
      H5::Group g = claims.openGroup(id);
      std::printf("  claim %-16s %s\n", id.c_str(), h5::read_string_attr(g, "status").c_str());
    }
  }
  return 0;
}

}  // namespace

int converge(const ConvergeOptions& o) {
  return reading(o.input, [&] { return converge_file(o); });
}

int info(const std::string& input) {
  check_input_file(input, "input");
  return reading(input, [&] { return info_file(input); });
}

}  // namespace tibench::cli
