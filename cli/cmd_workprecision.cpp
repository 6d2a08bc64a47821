// tibench workprecision IN.h5: per problem, the error of every ok run
// against what it cost (harness/analysis/work_precision.hpp), from the stored
// metrics: tables of the cheapest integrator at each error level (md, csv,
// tex) or every point with the Pareto front (json, for scripts/plot.py).
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.hpp"
#include "fileio/atomic_write.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "harness/analysis/work_precision.hpp"
#include "harness/io/h5io.hpp"

namespace tibench::cli {

namespace {

nlohmann::ordered_json to_json(const WorkPrecision& w) {
  nlohmann::ordered_json j;
  j["problem"] = w.problem;
  j["error"] = w.error_metric;
  j["cost"] = w.cost_metric;
  j["points"] = nlohmann::ordered_json::array();
  for (const auto& p : w.points)
    j["points"].push_back(
        {{"integrator", p.integrator}, {"h", p.h}, {"error", p.error}, {"cost", p.cost}});
  j["front"] = w.front;
  j["cheapest"] = nlohmann::ordered_json::array();
  for (const auto& c : w.cheapest)
    j["cheapest"].push_back(
        {{"level", c.level},
         {"point", c.point ? nlohmann::ordered_json(*c.point) : nlohmann::ordered_json(nullptr)}});
  return j;
}

std::string render(const std::vector<StoredRun>& runs, const WorkPrecisionOptions& o) {
  if (o.format == "json") {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const auto& error : work_error_metrics())
      for (const auto& cost : work_cost_metrics())
        for (const auto& w : work_precision(runs, error, cost)) all.push_back(to_json(w));
    return all.dump(1) + "\n";
  }
  const TableFormat format = parse_table_format(o.format);
  std::vector<std::vector<WorkPrecision>> by_cost;
  for (const auto& cost : work_cost_metrics())
    by_cost.push_back(work_precision(runs, o.error, cost));
  std::string text;
  if (format == TableFormat::markdown)
    text += "## Work-precision (" + o.input + ")\n\n" + o.error +
            " against the cost the runs stored (not re-timed): at each error level, the cheapest "
            "ok run that reaches it.\n\n";
  if (by_cost.front().empty() && format == TableFormat::markdown)
    text += "No ok run in this file has a finite " + o.error + ".\n\n";
  return text + format_work_precision(by_cost, format);
}

int workprecision_file(const WorkPrecisionOptions& o) {
  if (o.format != "json") (void)parse_table_format(o.format);
  (void)work_precision({}, o.error, work_cost_metrics().front());  // validates --error
  check_input_file(o.input, "input");
  std::optional<OutputLock> lock;
  if (!o.output.empty()) {
    check_output_file(o.output, "-o", {o.input});
    lock.emplace(o.output, "-o");
  }
  H5::H5File f = h5::open_for_reading(o.input);
  const auto runs = read_runs(f);
  if (runs.empty()) throw InputError("'" + o.input + "' holds no runs");
  const std::string text = render(runs, o);
  if (o.output.empty())
    std::cout << text;
  else
    write_file_atomically(o.output, text);
  return 0;
}

}  // namespace

int workprecision(const WorkPrecisionOptions& o) {
  try {
    return workprecision_file(o);
  } catch (const H5::Exception& e) {
    throw InputError("cannot read '" + o.input + "': " + e.getDetailMsg() +
                     " (accepted: an HDF5 file written by tibench)");
  }
}

}  // namespace tibench::cli
