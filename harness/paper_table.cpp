#include "harness/paper_table.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "harness/h5io.hpp"
#include "harness/run_io.hpp"

namespace tibench {

namespace {

struct Value {
  std::string text;  // formatted number, or why there is none
};

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

Value value_of(const H5::H5File& f, const PaperTable& t, const PaperColumn& c, double h) {
  const std::string path = find_run(f, c.problem, c.integrator, h);
  if (path.empty()) return {"missing"};
  H5::Group g = f.openGroup(path);
  const RunStatus status = read_run_status(g, path);
  if (status != RunStatus::ok) return {to_string(status)};
  double v = std::numeric_limits<double>::quiet_NaN();
  if (t.quantity.rfind("distance:", 0) == 0) {
    const std::string base = find_run(f, c.problem, t.quantity.substr(9), h);
    if (base.empty()) return {"missing baseline"};
    H5::Group b = f.openGroup(base);
    if (read_run_status(b, base) != RunStatus::ok)
      return {std::string("baseline ") + to_string(read_run_status(b, base))};
    v = final_state_distance(g, b);
  } else if (t.quantity.rfind("metric:", 0) == 0) {
    const std::string key = t.quantity.substr(7);
    if (h5::has_attr(g, key)) v = h5::read_double_attr(g, key);
  } else {
    const std::string name = t.quantity.substr(7);
    if (h5::exists(f, path + "/" + name)) {
      const auto slash = name.rfind('/');
      H5::Group parent =
          slash == std::string::npos ? g : f.openGroup(path + "/" + name.substr(0, slash));
      v = reduce_series(
          h5::read_doubles(parent, name.substr(slash == std::string::npos ? 0 : slash + 1)),
          t.reduce);
    }
  }
  if (std::isnan(v)) return {"n/a"};
  char buf[64];
  std::snprintf(buf, sizeof buf, t.format.c_str(), v);
  return {buf};
}

}  // namespace

std::vector<std::string> series_reductions() {
  return {"final", "first", "max", "min", "max_abs_change", "mean", "sum"};
}

std::string render_paper_table(const H5::H5File& f, const PaperTable& t, TableFormat format) {
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
    for (const auto& c : t.columns) {
      std::string cell = value_of(f, t, c, t.rows[r]).text;
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
  return format_table(t.id + ": " + t.title, note, header, body, format);
}

}  // namespace tibench
