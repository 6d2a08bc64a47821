#include "harness/analysis/regress.hpp"

#include "fileio/atomic_write.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/analysis/convergence.hpp"

namespace tibench {

namespace {

using Json = nlohmann::ordered_json;

std::string cell_name(const std::string& problem, const std::string& integrator, double h) {
  return problem + "/" + integrator + "/" + hkey(h);
}

std::string scientific(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3e", v);
  return buf;
}

// JSON has no NaN: a missing measurement is null.
Json number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }
double number(const Json& j) {
  return j.is_number() ? j.get<double>() : std::numeric_limits<double>::quiet_NaN();
}

// A cell's status in the baseline at `path`; a JSON type error when it is not text.
RunStatus baseline_status(const std::string& path, const Json& j) {
  const std::string text = j.get<std::string>();
  if (const auto status = parse_run_status(text)) return *status;
  throw InputError("baseline '" + path + "' has a cell with unknown status '" + text +
                   "' (accepted: " + run_status_names() + ")");
}

}  // namespace

Baseline make_baseline(const std::string& matrix, const std::vector<StoredRun>& runs) {
  Baseline b;
  b.matrix = matrix;
  for (const auto& r : runs) {
    BaselineCell c;
    c.problem = r.problem;
    c.integrator = r.integrator;
    c.h = r.h_requested;
    c.status = r.status;
    c.err_final = r.metrics["err_final"];
    c.energy_drift_max = r.metrics["energy_drift_max"];
    c.err_final_max = std::isfinite(c.err_final) ? std::max(c.err_final * b.err_factor, b.err_floor)
                                                 : c.err_final;
    c.energy_drift_max_max = std::isfinite(c.energy_drift_max)
                                 ? std::max(c.energy_drift_max * b.drift_factor, b.drift_floor)
                                 : c.energy_drift_max;
    b.cells.push_back(c);
  }
  for (const auto& t : convergence_tables(runs, "err_final"))
    for (const auto& row : t.rows)
      if (row.fit.points >= 2 && std::isfinite(row.fit.slope))
        b.orders.push_back(
            {t.problem, row.integrator, row.fit.slope, row.fit.slope - b.order_margin});
  return b;
}

void save_baseline(const std::string& path, const Baseline& b) {
  Json j;
  j["schema"] = "tibench-baseline/1";
  j["matrix"] = b.matrix;
  j["safety"] = {{"err_factor", b.err_factor},
                 {"drift_factor", b.drift_factor},
                 {"err_floor", b.err_floor},
                 {"drift_floor", b.drift_floor},
                 {"order_margin", b.order_margin},
                 {"rule",
                  "bound = max(measured * factor, floor); min_observed_order = "
                  "observed - order_margin. Regenerate with tibench regress --update."}};
  Json cells = Json::array();
  for (const auto& c : b.cells)
    cells.push_back({{"problem", c.problem},
                     {"integrator", c.integrator},
                     {"h", c.h},
                     {"status", to_string(c.status)},
                     {"err_final", number(c.err_final)},
                     {"err_final_max", number(c.err_final_max)},
                     {"energy_drift_max", number(c.energy_drift_max)},
                     {"energy_drift_max_max", number(c.energy_drift_max_max)}});
  j["cells"] = cells;
  Json orders = Json::array();
  for (const auto& o : b.orders)
    orders.push_back({{"problem", o.problem},
                      {"integrator", o.integrator},
                      {"observed_order", o.observed},
                      {"min_observed_order", o.min_observed}});
  j["orders"] = orders;
  write_file_atomically(path, j.dump(2) + "\n", "baseline");
}

Baseline load_baseline(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read baseline '" + path + "' (create it with --update)");
  Json j;
  try {
    j = Json::parse(in);
    Baseline b;
    if (j.at("schema") != "tibench-baseline/1")
      throw InputError("baseline '" + path + "' has schema " + j.at("schema").dump() +
                       " (accepted: \"tibench-baseline/1\")");
    b.matrix = j.at("matrix").get<std::string>();
    const Json& s = j.at("safety");
    b.err_factor = s.at("err_factor");
    b.drift_factor = s.at("drift_factor");
    b.err_floor = s.at("err_floor");
    b.drift_floor = s.at("drift_floor");
    b.order_margin = s.at("order_margin");
    for (const Json& c : j.at("cells"))
      b.cells.push_back({c.at("problem"), c.at("integrator"), c.at("h"),
                         baseline_status(path, c.at("status")), number(c.at("err_final")),
                         number(c.at("err_final_max")), number(c.at("energy_drift_max")),
                         number(c.at("energy_drift_max_max"))});
    for (const Json& o : j.at("orders"))
      b.orders.push_back({o.at("problem"), o.at("integrator"), o.at("observed_order"),
                          o.at("min_observed_order")});
    return b;
  } catch (const nlohmann::json::parse_error& e) {
    // e.what() quotes the bytes read, unprintable when the file is binary.
    throw InputError("baseline '" + path + "' is not JSON (syntax error at byte " +
                     std::to_string(e.byte) +
                     "; accepted: a file written by tibench regress --update)");
  } catch (const nlohmann::json::exception& e) {
    throw InputError("baseline '" + path + "' is malformed: " + std::string(e.what()) +
                     " (accepted: a file written by tibench regress --update)");
  }
}

GateReport check_against_baseline(const Baseline& b, const std::vector<StoredRun>& runs) {
  GateReport report;
  std::map<std::string, const StoredRun*> by_name;
  for (const auto& r : runs) by_name[cell_name(r.problem, r.integrator, r.h_requested)] = &r;
  std::map<std::string, bool> in_baseline;
  for (const auto& c : b.cells) {
    const std::string name = cell_name(c.problem, c.integrator, c.h);
    in_baseline[name] = true;
    const auto it = by_name.find(name);
    if (it == by_name.end()) {
      report.failures.push_back(name + ": in the baseline but not run");
      continue;
    }
    const StoredRun& r = *it->second;
    if (r.status != c.status) {
      report.failures.push_back(name + ": status " + to_string(r.status) + " (baseline " +
                                to_string(c.status) + ")" +
                                (r.message.empty() ? "" : ": " + r.message));
      continue;
    }
    auto check = [&](const char* metric, double measured, double bound, double before) {
      if (!std::isfinite(bound)) return;  // not measured in the baseline either
      if (!std::isfinite(measured))
        report.failures.push_back(name + ": " + metric + " is not measured any more (baseline " +
                                  scientific(before) + ")");
      else if (measured > bound)
        report.failures.push_back(name + ": " + metric + " " + scientific(measured) +
                                  " exceeds its bound " + scientific(bound) + " (baseline " +
                                  scientific(before) + ")");
    };
    check("err_final", r.metrics["err_final"], c.err_final_max, c.err_final);
    check("energy_drift_max", r.metrics["energy_drift_max"], c.energy_drift_max_max,
          c.energy_drift_max);
  }
  for (const auto& r : runs) {
    const std::string name = cell_name(r.problem, r.integrator, r.h_requested);
    if (!in_baseline.count(name)) report.unguarded.push_back(name);
  }
  std::map<std::string, double> observed;
  for (const auto& t : convergence_tables(runs, "err_final"))
    for (const auto& row : t.rows) observed[t.problem + "/" + row.integrator] = row.fit.slope;
  for (const auto& o : b.orders) {
    const std::string name = o.problem + "/" + o.integrator;
    const auto it = observed.find(name);
    const double p = it == observed.end() ? std::numeric_limits<double>::quiet_NaN() : it->second;
    if (!(p >= o.min_observed)) {
      char buf[200];
      std::snprintf(buf, sizeof buf, ": observed order %.3f below its minimum %.3f (baseline %.3f)",
                    p, o.min_observed, o.observed);
      report.failures.push_back(name + buf);
    }
  }
  return report;
}

std::string baseline_diff(const Baseline& before, const Baseline& after) {
  std::ostringstream out;
  std::map<std::string, const BaselineCell*> old_cells;
  for (const auto& c : before.cells) old_cells[cell_name(c.problem, c.integrator, c.h)] = &c;
  std::map<std::string, bool> seen;
  auto changed = [](double a, double b) {
    if (std::isnan(a) && std::isnan(b)) return false;
    return !(a == b);
  };
  for (const auto& c : after.cells) {
    const std::string name = cell_name(c.problem, c.integrator, c.h);
    seen[name] = true;
    const auto it = old_cells.find(name);
    if (it == old_cells.end()) {
      out << "+ " << name << ": status " << to_string(c.status) << ", err_final "
          << scientific(c.err_final) << ", energy_drift_max " << scientific(c.energy_drift_max)
          << "\n";
      continue;
    }
    const BaselineCell& o = *it->second;
    if (o.status != c.status)
      out << "~ " << name << ": status " << to_string(o.status) << " -> " << to_string(c.status)
          << "\n";
    if (changed(o.err_final, c.err_final))
      out << "~ " << name << ": err_final " << scientific(o.err_final) << " -> "
          << scientific(c.err_final) << "\n";
    if (changed(o.energy_drift_max, c.energy_drift_max))
      out << "~ " << name << ": energy_drift_max " << scientific(o.energy_drift_max) << " -> "
          << scientific(c.energy_drift_max) << "\n";
  }
  for (const auto& [name, c] : old_cells)
    if (!seen.count(name)) out << "- " << name << "\n";
  std::map<std::string, double> old_orders;
  for (const auto& o : before.orders) old_orders[o.problem + "/" + o.integrator] = o.observed;
  for (const auto& o : after.orders) {
    const std::string name = o.problem + "/" + o.integrator;
    const auto it = old_orders.find(name);
    char buf[160];
    if (it == old_orders.end()) {
      std::snprintf(buf, sizeof buf, "+ order %s: %.3f\n", name.c_str(), o.observed);
      out << buf;
    } else if (std::abs(it->second - o.observed) > 5e-4) {
      std::snprintf(buf, sizeof buf, "~ order %s: %.3f -> %.3f\n", name.c_str(), it->second,
                    o.observed);
      out << buf;
    }
  }
  return out.str();
}

}  // namespace tibench
