#include "harness/analysis/convergence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "harness/io/h5io.hpp"
#include "integrators/methods/method_file.hpp"
#include "integrators/methods/registry.hpp"

namespace tibench {

OrderFit fit_order(const std::vector<double>& h, const std::vector<double>& err) {
  std::vector<double> x, y;
  for (std::size_t k = 0; k < h.size() && k < err.size(); ++k) {
    if (h[k] > 0 && err[k] > 0 && std::isfinite(err[k])) {
      x.push_back(std::log(h[k]));
      y.push_back(std::log(err[k]));
    }
  }
  OrderFit fit;
  fit.points = static_cast<int>(x.size());
  if (x.size() < 2) return fit;
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k) mx += x[k] / n, my += y[k] / n;
  double sxx = 0, sxy = 0, syy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    sxx += (x[k] - mx) * (x[k] - mx);
    sxy += (x[k] - mx) * (y[k] - my);
    syy += (y[k] - my) * (y[k] - my);
  }
  if (sxx <= 0) return fit;
  fit.slope = sxy / sxx;
  fit.intercept = my - fit.slope * mx;
  fit.r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1.0;
  return fit;
}

namespace {

std::string scientific_or_na(double v) {
  if (std::isnan(v)) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3e", v);
  return buf;
}

std::string fixed(double v, int digits) {
  if (std::isnan(v)) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// 0 when unknown: an id the registry does not know, or a method file that
// can no longer be read where the run read it.
int nominal_order_of(const std::string& integrator_id) {
  try {
    return resolve_integrator(integrator_id).declared.order;
  } catch (const InputError&) {
    return 0;
  }
}

}  // namespace

std::vector<ConvergenceTable> convergence_tables(const std::vector<StoredRun>& runs,
                                                 const std::string& metric) {
  // A run without a reference (reference = none) has no error metrics: a
  // table or row made only of such runs is left out rather than filled with
  // n/a (the references section of the report says why); beside measured or
  // failed cells they read "no ref".
  auto unmeasured = [&](const StoredRun& r) {
    return r.status == RunStatus::ok && r.reference_check.outcome == ReferenceOutcome::none &&
           std::isnan(r.metrics[metric]);
  };
  std::map<std::string, ConvergenceTable> by_problem;
  for (const auto& r : runs) {
    if (unmeasured(r)) continue;
    auto& t = by_problem[r.problem];
    t.problem = r.problem;
    t.metric = metric;
    if (std::find(t.h_columns.begin(), t.h_columns.end(), r.h_requested) == t.h_columns.end())
      t.h_columns.push_back(r.h_requested);
  }
  std::vector<ConvergenceTable> out;
  for (auto& [problem, t] : by_problem) {
    std::sort(t.h_columns.begin(), t.h_columns.end(), std::greater<>());
    std::map<std::string, ConvergenceRow> rows;
    std::set<std::string> shown;  // rows with a measured or failed cell
    for (const auto& r : runs) {
      if (r.problem != problem) continue;
      const auto col =
          std::find(t.h_columns.begin(), t.h_columns.end(), r.h_requested) - t.h_columns.begin();
      if (col == static_cast<std::ptrdiff_t>(t.h_columns.size())) continue;
      auto& row = rows[r.integrator];
      if (row.cell.empty()) {
        row.integrator = r.integrator;
        row.nominal_order = nominal_order_of(r.integrator_id);
        row.cell.assign(t.h_columns.size(), "");
      }
      if (unmeasured(r)) {
        row.cell[col] = "no ref";
        continue;
      }
      shown.insert(r.integrator);
      const double v = r.metrics[metric];
      if (r.status == RunStatus::ok) {
        row.cell[col] = scientific_or_na(v);
        row.h.push_back(r.h);
        row.value.push_back(v);
        if (std::isnan(v) && r.reference_check.outcome == ReferenceOutcome::fail)
          row.cell[col] = "unresolved";
      } else {
        row.cell[col] = to_string(r.status);
      }
    }
    for (auto& [name, row] : rows) {
      if (!shown.count(name)) continue;
      row.fit = fit_order(row.h, row.value);
      t.rows.push_back(std::move(row));
    }
    out.push_back(std::move(t));
  }
  return out;
}

std::string format_table(const std::string& title, const std::string& note,
                         const std::vector<std::string>& header,
                         const std::vector<std::vector<std::string>>& body, TableFormat format) {
  auto join = [](const std::vector<std::string>& cells, const std::string& sep) {
    std::string s;
    for (std::size_t k = 0; k < cells.size(); ++k) s += (k ? sep : "") + cells[k];
    return s;
  };
  std::string out;
  switch (format) {
    case TableFormat::markdown: {
      out += "### " + title + "\n\n";
      if (!note.empty()) out += note + "\n\n";
      out += "| " + join(header, " | ") + " |\n|";
      for (std::size_t k = 0; k < header.size(); ++k) out += k ? "---:|" : "---|";
      out += "\n";
      for (const auto& line : body) out += "| " + join(line, " | ") + " |\n";
      out += "\n";
      break;
    }
    case TableFormat::csv: {
      out += "# " + title + (note.empty() ? "" : " -- " + note) + "\n";
      out += join(header, ",") + "\n";
      for (const auto& line : body) out += join(line, ",") + "\n";
      break;
    }
    case TableFormat::latex: {
      auto esc = [](const std::string& s) {
        std::string r;
        for (char c : s) {
          if (c == '_' || c == '%' || c == '&' || c == '#') r += '\\';
          r += c;
        }
        return r;
      };
      out += "% " + title + (note.empty() ? "" : " -- " + note) + "\n\\begin{tabular}{l";
      for (std::size_t k = 1; k < header.size(); ++k) out += "r";
      out += "}\n\\hline\n";
      std::vector<std::string> h2;
      for (const auto& c : header) h2.push_back(esc(c));
      out += join(h2, " & ") + " \\\\\n\\hline\n";
      for (const auto& line : body) {
        std::vector<std::string> l2;
        for (const auto& c : line) l2.push_back(esc(c));
        out += join(l2, " & ") + " \\\\\n";
      }
      out += "\\hline\n\\end{tabular}\n\n";
      break;
    }
  }
  return out;
}

TableFormat parse_table_format(const std::string& text) {
  if (text == "md") return TableFormat::markdown;
  if (text == "csv") return TableFormat::csv;
  if (text == "tex") return TableFormat::latex;
  throw InputError("invalid --format '" + text + "' (accepted: md, csv, tex)");
}

std::string format_tables(const std::vector<ConvergenceTable>& tables, TableFormat format,
                          bool with_order) {
  std::string out;
  for (const auto& t : tables) {
    std::vector<std::string> header{"integrator"};
    for (double h : t.h_columns) header.push_back("h=" + scientific_or_na(h));
    if (with_order) {
      header.insert(header.end(), {"nominal", "observed", "fit r2", "points"});
    }
    std::vector<std::vector<std::string>> body;
    for (const auto& row : t.rows) {
      std::vector<std::string> line{row.integrator};
      line.insert(line.end(), row.cell.begin(), row.cell.end());
      if (with_order) {
        line.push_back(row.nominal_order ? std::to_string(row.nominal_order) : "n/a");
        line.push_back(fixed(row.fit.slope, 2));
        line.push_back(fixed(row.fit.r2, 4));
        line.push_back(std::to_string(row.fit.points));
      }
      body.push_back(std::move(line));
    }
    out += format_table(t.problem + ": " + t.metric, "", header, body, format);
  }
  return out;
}

void write_convergence(H5::H5File& f, const std::vector<ConvergenceTable>& tables) {
  for (const auto& t : tables) {
    for (const auto& row : t.rows) {
      H5::Group g = h5::group(f, "/convergence/" + t.problem + "/" + row.integrator);
      h5::dataset(g, "h", row.h);
      h5::dataset(g, t.metric, row.value);
      h5::attr(g, "nominal_order", static_cast<long long>(row.nominal_order));
      h5::attr(g, "observed_order", row.fit.slope);
      h5::attr(g, "fit_r2", row.fit.r2);
      h5::attr(g, "points", static_cast<long long>(row.fit.points));
    }
  }
}

}  // namespace tibench
