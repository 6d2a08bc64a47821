// The CI regression gate on error bounds (`tibench regress`).
//
// A baseline (results/baselines/ci.json) is made from a run of a matrix
// (harness/matrices/ci.toml) and holds, for every cell (problem label,
// integrator label, requested h):
//   status            the status the cell must keep (normally "ok");
//   err_final_max     = max(err_final × err_factor, err_floor);
//   energy_drift_max_max = max(energy_drift_max × drift_factor, drift_floor);
// and for every (problem, integrator) with an order fit:
//   min_observed_order = observed order − order_margin.
// The measured values are stored beside the bounds.
//
// Safety factors (documented in the file itself too): err_factor =
// drift_factor = 1.5, floors 1e-13 (err) and 1e-12 (drift), order_margin =
// 0.1. Results are deterministic for one build; the factors absorb the
// rounding differences between compilers and libraries (which matter only
// near the floors, where quantities are round-off themselves), while a real
// regression — a wrong coefficient, a lost order, a solver that stops early
// — moves errors by far more than 50 %.
//
// A fresh run fails the gate (exit 1) when a cell exceeds a bound, changes
// status, has a metric that became NaN, falls below its minimum order, or a
// baseline cell is missing; every failing cell is named. Cells that are not
// in the baseline (a new integrator or problem) are listed as unguarded and
// do not fail the gate: `--update` adds them.
#pragma once

#include <string>
#include <vector>

#include "harness/io/run_io.hpp"

namespace tibench {

struct BaselineCell {
  std::string problem, integrator;
  double h = 0;
  RunStatus status = RunStatus::ok;
  double err_final = 0, err_final_max = 0;                // measured, bound
  double energy_drift_max = 0, energy_drift_max_max = 0;  // measured, bound
};

struct BaselineOrder {
  std::string problem, integrator;
  double observed = 0, min_observed = 0;
};

struct Baseline {
  std::string matrix;  // path of the matrix, relative to the repository root
  double err_factor = 1.5, drift_factor = 1.5;
  double err_floor = 1e-13, drift_floor = 1e-12;
  double order_margin = 0.1;
  std::vector<BaselineCell> cells;
  std::vector<BaselineOrder> orders;
};

Baseline make_baseline(const std::string& matrix, const std::vector<StoredRun>& runs);
Baseline load_baseline(const std::string& path);                 // throws InputError
void save_baseline(const std::string& path, const Baseline& b);  // atomic

struct GateReport {
  std::vector<std::string> failures;   // one line per failing cell or order
  std::vector<std::string> unguarded;  // cells not in the baseline
};
GateReport check_against_baseline(const Baseline& b, const std::vector<StoredRun>& runs);

// Human-readable differences between two baselines (one line per change).
std::string baseline_diff(const Baseline& before, const Baseline& after);

}  // namespace tibench
