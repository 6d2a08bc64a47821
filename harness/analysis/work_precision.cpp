// Work-precision diagrams and tables (harness/analysis/work_precision.hpp).
#include "harness/analysis/work_precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/parameters.hpp"

namespace tibench {

const std::vector<std::string>& work_error_metrics() {
  static const std::vector<std::string> m = {"err_final", "energy_drift_max"};
  return m;
}

const std::vector<std::string>& work_cost_metrics() {
  static const std::vector<std::string> m = {"wall_s", "rhs_evals", "newton_iters_total",
                                             "linear_solves"};
  return m;
}

namespace {

void check_metric(const std::string& name, const std::vector<std::string>& accepted,
                  const char* what) {
  if (std::find(accepted.begin(), accepted.end(), name) != accepted.end()) return;
  std::string list;
  for (const auto& a : accepted) list += (list.empty() ? "" : ", ") + a;
  throw InputError("unknown " + std::string(what) + " '" + name + "' (accepted: " + list + ")");
}

// b dominates a: no worse in both, strictly better in one.
bool dominates(const WorkPoint& b, const WorkPoint& a) {
  return b.cost <= a.cost && b.error <= a.error && (b.cost < a.cost || b.error < a.error);
}

std::string short_number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

}  // namespace

std::vector<std::size_t> pareto_front(const std::vector<WorkPoint>& points) {
  std::vector<std::size_t> front;
  for (std::size_t i = 0; i < points.size(); ++i) {
    bool kept = true;
    for (std::size_t j = 0; j < points.size() && kept; ++j) {
      const bool same = points[j].cost == points[i].cost && points[j].error == points[i].error;
      kept = !(dominates(points[j], points[i]) || (same && j < i));
    }
    if (kept) front.push_back(i);
  }
  std::sort(front.begin(), front.end(), [&](std::size_t a, std::size_t b) {
    return points[a].cost < points[b].cost || (points[a].cost == points[b].cost && a < b);
  });
  return front;
}

std::vector<CheapestAt> cheapest_by_level(const std::vector<WorkPoint>& points) {
  std::vector<CheapestAt> out;
  if (points.empty()) return out;
  double lo = points.front().error, hi = lo;
  for (const auto& p : points) lo = std::min(lo, p.error), hi = std::max(hi, p.error);
  const int top = static_cast<int>(std::ceil(std::log10(hi) - 1e-12));
  const int bottom = static_cast<int>(std::ceil(std::log10(lo) - 1e-12));
  for (int k = top; k >= bottom; --k) {
    CheapestAt c;
    c.level = std::pow(10.0, k);
    for (std::size_t i = 0; i < points.size(); ++i)
      if (points[i].error <= c.level &&
          (!c.point || points[i].cost < points[*c.point].cost ||
           (points[i].cost == points[*c.point].cost && points[i].error < points[*c.point].error)))
        c.point = i;
    out.push_back(c);
  }
  return out;
}

std::vector<WorkPrecision> work_precision(const std::vector<StoredRun>& runs,
                                          const std::string& error_metric,
                                          const std::string& cost_metric) {
  check_metric(error_metric, work_error_metrics(), "error measure");
  check_metric(cost_metric, work_cost_metrics(), "cost measure");
  std::map<std::string, WorkPrecision> by_problem;
  for (const auto& r : runs) {
    const double error = r.metrics[error_metric], cost = r.metrics[cost_metric];
    if (r.status != RunStatus::ok || !std::isfinite(error) || !(error > 0) || !std::isfinite(cost))
      continue;
    WorkPrecision& w = by_problem[r.problem];
    w.problem = r.problem, w.error_metric = error_metric, w.cost_metric = cost_metric;
    w.points.push_back({r.integrator, r.h, error, cost});
  }
  std::vector<WorkPrecision> out;
  for (auto& [problem, w] : by_problem) {
    std::stable_sort(w.points.begin(), w.points.end(), [](const WorkPoint& a, const WorkPoint& b) {
      return a.integrator < b.integrator || (a.integrator == b.integrator && a.h > b.h);
    });
    w.front = pareto_front(w.points);
    w.cheapest = cheapest_by_level(w.points);
    out.push_back(std::move(w));
  }
  return out;
}

std::string format_work_precision(const std::vector<std::vector<WorkPrecision>>& by_cost,
                                  TableFormat format) {
  std::string out;
  if (by_cost.empty()) return out;
  for (std::size_t p = 0; p < by_cost.front().size(); ++p) {
    const WorkPrecision& first = by_cost.front()[p];
    std::vector<std::string> header{first.error_metric + " <="};
    for (const auto& tables : by_cost) header.push_back("cheapest by " + tables[p].cost_metric);
    std::vector<std::vector<std::string>> body;
    for (std::size_t k = 0; k < first.cheapest.size(); ++k) {
      std::vector<std::string> line{short_number(first.cheapest[k].level)};
      for (const auto& tables : by_cost) {
        const WorkPrecision& w = tables[p];
        const auto& at = w.cheapest[k].point;
        line.push_back(at ? w.points[*at].integrator + " h=" + short_number(w.points[*at].h) +
                                " (" + short_number(w.points[*at].cost) + ")"
                          : "-");
      }
      body.push_back(line);
    }
    out += format_table(first.problem + ": " + first.error_metric,
                        "the cheapest run reaching each error level: integrator, step, (cost)",
                        header, body, format);
  }
  return out;
}

}  // namespace tibench
