// Work-precision: what each integrator pays for an accuracy, from the
// metrics the runs stored (never re-timed). Per problem, every ok run with a
// finite error is a point (cost, error) of its integrator's step-size ladder;
// a point is on the Pareto front when no other run of the problem is at most
// as costly and at most as wrong with one of the two strictly smaller; at
// each decade of error 10^k (spanning the data) the cheapest run reaching it
// is named.
//
// Error measures: err_final, energy_drift_max. Cost measures: wall_s,
// rhs_evals, newton_iters_total, linear_solves (harness/run/metrics.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "harness/analysis/convergence.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {

struct WorkPoint {
  std::string integrator;  // label
  double h = 0, error = 0, cost = 0;
};

struct CheapestAt {
  double level = 0;                  // error ≤ level
  std::optional<std::size_t> point;  // index into points; none reaches the level
};

struct WorkPrecision {
  std::string problem, error_metric, cost_metric;
  std::vector<WorkPoint> points;     // by integrator, then h descending
  std::vector<std::size_t> front;    // Pareto-optimal points, by increasing cost
  std::vector<CheapestAt> cheapest;  // one per decade, largest level first
};

const std::vector<std::string>& work_error_metrics();
const std::vector<std::string>& work_cost_metrics();

// Indices of the non-dominated points (minimal cost and error), by
// increasing cost; of equal points the first is kept.
std::vector<std::size_t> pareto_front(const std::vector<WorkPoint>& points);
// The cheapest point with error ≤ level (of equal costs the more accurate)
// at each decade 10^k from the largest error's decade down to the smallest's.
std::vector<CheapestAt> cheapest_by_level(const std::vector<WorkPoint>& points);

// One entry per problem that has at least one point; throws InputError for
// an unknown metric name.
std::vector<WorkPrecision> work_precision(const std::vector<StoredRun>& runs,
                                          const std::string& error_metric,
                                          const std::string& cost_metric);

// Per problem: the cheapest integrator at each error level, one column per
// cost measure (all entries share problem and error metric).
std::string format_work_precision(const std::vector<std::vector<WorkPrecision>>& by_cost,
                                  TableFormat format);

}  // namespace tibench
