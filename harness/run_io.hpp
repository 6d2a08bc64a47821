// Writing and reading runs in the tibench/1 schema:
//   /runs/<problem>/<integrator>/<hkey>  attrs: problem, integrator, h,
//       h_requested, t_end, steps, status, message, params (JSON),
//       reference, every metric key;  datasets: t, energy, kinetic,
//       potential, linear_momentum (n×d), angular_momentum (n×3),
//       newton_iters, alpha (when reported), observables/<name>,
//       final_q, final_v.
//   /convergence/<problem>/<integrator>  datasets h, err_final;
//       attrs nominal_order, observed_order, fit_r2, points.
#pragma once

#include <H5Cpp.h>

#include <string>
#include <vector>

#include "harness/run_cell.hpp"

namespace tibench {

std::string run_path(const CellSpec& spec);
void write_run(H5::H5File& f, const RunRecord& rec);

// The summary of a stored run that tables and gates need.
struct StoredRun {
  std::string problem, integrator;  // group labels
  std::string integrator_id;
  double h = 0, h_requested = 0, t_end = 0;
  long long steps = 0;
  std::string status, message;
  Metrics metrics;
};

std::vector<StoredRun> read_runs(const H5::H5File& f);

}  // namespace tibench
