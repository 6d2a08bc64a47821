#include "harness/analysis/paper_table.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {

namespace {

double reduce_series(const std::vector<double>& s, const std::string& how) {
  if (s.empty()) return std::numeric_limits<double>::quiet_NaN();
  if (how == "final") return s.back();
  if (how == "first") return s.front();
  if (how == "mean" || how == "sum") {
    double total = 0;
    int count = 0;
    for (double x : s)
      if (!std::isnan(x)) total += x, ++count;
    if (count == 0) return std::numeric_limits<double>::quiet_NaN();
    return how == "sum" ? total : total / count;
  }
  double out = how == "min" ? s.front() : (how == "max" ? s.front() : 0.0);
  for (double x : s) {
    if (how == "max") out = std::max(out, x);
    if (how == "min") out = std::min(out, x);
    if (how == "max_abs_change") out = std::max(out, std::abs(x - s.front()));
  }
  return out;
}

// The group of the run (problem, integrator, requested h), if any.
std::string find_run(const H5::H5File& f, const std::string& problem, const std::string& integrator,
                     double h) {
  const std::string dir = "/runs/" + problem + "/" + integrator;
  if (!h5::exists(f, dir)) return "";
  H5::Group g = f.openGroup(dir);
  for (const auto& key : h5::children(g)) {
    H5::Group run = g.openGroup(key);
    const double hr = h5::read_double_attr(run, "h_requested");
    if (std::abs(hr - h) <= 1e-9 * std::abs(h)) return dir + "/" + key;
  }
  return "";
}

// ‖(q, v) − (q*, v*)‖_∞ / ‖(q*, v*)‖_∞ of the final states of two runs; NaN
// when their sizes differ.
double final_state_distance(const H5::Group& run, const H5::Group& baseline) {
  std::vector<double> a = h5::read_doubles(run, "final_q"),
                      b = h5::read_doubles(baseline, "final_q");
  const std::vector<double> av = h5::read_doubles(run, "final_v"),
                            bv = h5::read_doubles(baseline, "final_v");
  if (a.size() != b.size() || av.size() != bv.size())
    return std::numeric_limits<double>::quiet_NaN();
  a.insert(a.end(), av.begin(), av.end());
  b.insert(b.end(), bv.begin(), bv.end());
  double diff = 0.0, size = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff = std::max(diff, std::abs(a[i] - b[i]));
    size = std::max(size, std::abs(b[i]));
  }
  return size > 0 ? diff / size : diff;
}

TableCell no_value(const std::string& why, bool run_ok = false) {
  TableCell c;
  c.text = why;
  c.run_ok = run_ok;
  return c;
}

// The quantity of one run, before formatting; NaN when not measured.
double quantity_of(const H5::H5File& f, const PaperTable& t, const std::string& path,
                   const H5::Group& g) {
  if (t.quantity.rfind("metric:", 0) == 0) {
    const std::string key = t.quantity.substr(7);
    return h5::has_attr(g, key) ? h5::read_double_attr(g, key)
                                : std::numeric_limits<double>::quiet_NaN();
  }
  const std::string name = t.quantity.substr(7);
  if (!h5::exists(f, path + "/" + name)) return std::numeric_limits<double>::quiet_NaN();
  const auto slash = name.rfind('/');
  H5::Group parent =
      slash == std::string::npos ? g : f.openGroup(path + "/" + name.substr(0, slash));
  return reduce_series(
      h5::read_doubles(parent, name.substr(slash == std::string::npos ? 0 : slash + 1)), t.reduce);
}

TableCell cell_of(const H5::H5File& f, const PaperTable& t, const PaperColumn& c, double h) {
  const std::string path = find_run(f, c.problem, c.integrator, h);
  if (path.empty()) return no_value("missing");
  H5::Group g = f.openGroup(path);
  const RunStatus status = read_run_status(g, path);
  if (status != RunStatus::ok) return no_value(to_string(status));
  double v = std::numeric_limits<double>::quiet_NaN();
  if (t.quantity.rfind("distance:", 0) == 0) {
    const std::string base = find_run(f, c.problem, t.quantity.substr(9), h);
    if (base.empty()) return no_value("missing baseline", true);
    H5::Group b = f.openGroup(base);
    if (read_run_status(b, base) != RunStatus::ok)
      return no_value(std::string("baseline ") + to_string(read_run_status(b, base)), true);
    v = final_state_distance(g, b);
  } else {
    v = quantity_of(f, t, path, g);
  }
  if (std::isnan(v)) return no_value("n/a", true);
  char buf[64];
  std::snprintf(buf, sizeof buf, t.format.c_str(), v);
  TableCell cell;
  cell.has_value = cell.run_ok = true;
  cell.value = v;
  cell.text = buf;
  return cell;
}

std::string verdict_block(const PaperTable& t, const TableVerdict& v, TableFormat format,
                          const std::string& short_version) {
  std::string line = "Verdict: " + v.summary();
  if (!t.unjudged.empty()) line += " (" + t.unjudged + ")";
  if (!short_version.empty()) line += " [short version: " + short_version + "]";
  if (t.tolerance.given()) line += "; tolerance: " + t.tolerance.describe();
  const std::string bullet = format == TableFormat::markdown ? "- "
                             : format == TableFormat::latex  ? "%   "
                                                             : "#   ";
  std::string details;
  constexpr std::size_t kShown = 12;
  for (const auto* list : {&v.failures, &v.undecided_cells, &v.paper_failures}) {
    const std::string kind = list == &v.failures          ? "fails: "
                             : list == &v.undecided_cells ? "undecided: "
                                                          : "the paper's own values fail: ";
    for (std::size_t k = 0; k < list->size() && k < kShown; ++k)
      details += bullet + kind + (*list)[k] + "\n";
    if (list->size() > kShown)
      details += bullet + "and " + std::to_string(list->size() - kShown) + " more\n";
  }
  if (format == TableFormat::markdown)
    return "**" + line + "**\n\n" + details + (details.empty() ? "" : "\n");
  return (format == TableFormat::latex ? "% " : "# ") + line + "\n" + details + "\n";
}

}  // namespace

std::vector<std::string> series_reductions() {
  return {"final", "first", "max", "min", "max_abs_change", "mean", "sum"};
}

RenderedTable render_paper_table(const H5::H5File& f, const PaperTable& t, TableFormat format,
                                 const std::string& short_version) {
  std::vector<std::vector<TableCell>> cells(t.rows.size());  // [row][column]
  for (std::size_t r = 0; r < t.rows.size(); ++r)
    for (const auto& c : t.columns) cells[r].push_back(cell_of(f, t, c, t.rows[r]));
  std::vector<std::string> header{"h"};
  for (const auto& c : t.columns) header.push_back(c.label);
  std::vector<std::vector<std::string>> body;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    std::vector<std::string> line;
    if (r < t.row_labels.size()) {
      line.push_back(t.row_labels[r]);
    } else {
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.6g", t.rows[r]);
      line.push_back(buf);
    }
    for (std::size_t k = 0; k < t.columns.size(); ++k) {
      const PaperColumn& c = t.columns[k];
      std::string cell = cells[r][k].text;
      if (r < c.paper.size() && !c.paper[r].empty()) cell += " (" + c.paper[r] + ")";
      line.push_back(cell);
    }
    body.push_back(std::move(line));
  }
  const std::string note = "ours (paper); quantity " + t.quantity +
                           (t.quantity.rfind("distance:", 0) == 0
                                ? " (max-norm distance of the final (q, v) from that run's, "
                                  "relative)"
                                : "") +
                           (t.quantity.rfind("series:", 0) == 0 ? ", " + t.reduce : "") +
                           "; paper values: " + t.source;
  RenderedTable out;
  out.verdict = judge_paper_table(t, [&](int column, int row) {
    return cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
  });
  const std::string title =
      t.id + ": " + t.title + (short_version.empty() ? "" : " (short version)");
  out.text = format_table(title, note, header, body, format) +
             verdict_block(t, out.verdict, format, short_version);
  return out;
}

}  // namespace tibench
