// One cell of a benchmark: (problem + parameters, integrator + parameters,
// step size, end time). Running it never throws for numerical trouble: a
// diverging or failing integrator ends with a status and a message, and the
// caller goes on with the next cell.
#pragma once

#include <string>
#include <vector>

#include "harness/metrics.hpp"
#include "problems/problem.hpp"

namespace tibench {

struct CellSpec {
  std::string problem;
  std::vector<std::string> problem_params;  // "name=value" overrides
  std::string integrator;
  std::vector<std::string> integrator_params;
  double h = 0.0;            // requested step size
  double t_end = 0.0;
  long max_samples = 10000;  // time-series samples kept (plus t = 0)
  double energy_cap = 1e12;  // |H − H0| > cap·|H0| counts as divergence
  // Group labels in the output file; default to the ids. Matrices that run
  // one integrator with several parameter sets give each set its own label.
  std::string problem_label;
  std::string integrator_label;

  const std::string& problem_key() const { return problem_label.empty() ? problem : problem_label; }
  const std::string& integrator_key() const {
    return integrator_label.empty() ? integrator : integrator_label;
  }
};

struct TimeSeries {
  std::vector<double> t, energy, kinetic, potential;
  std::vector<double> linear_momentum;   // samples × dim, row-major
  std::vector<double> angular_momentum;  // samples × 3
  std::vector<long long> newton_iters;   // iterations since the previous sample
  std::vector<double> alpha;             // empty unless the method reports α
  std::vector<std::string> observable_names;
  std::vector<std::vector<double>> observables;  // one series per name
};

struct RunRecord {
  CellSpec spec;
  double h = 0.0;  // actual step size: t_end / steps
  long steps = 0;
  std::string status = "ok";  // ok | diverged | solver_failed | error
  std::string message;
  std::string params_json;  // {"problem": {...}, "integrator": {...}}
  std::string reference_method;  // "" when there is no reference
  int dim = 1;
  Metrics metrics;
  TimeSeries series;
  std::vector<double> final_q, final_v;
};

// Number of steps for (h, t_end): round(t_end / h), at least 1. The actual
// step is t_end / steps; it differs from h only when h does not divide t_end.
long step_count(double h, double t_end);
// "h=" + %.6e of the requested h: the group name of a run.
std::string hkey(double h);

// Validates ids and parameters (throws InputError) before doing any work.
void validate_cell(const CellSpec& spec);
RunRecord run_cell(const CellSpec& spec);

}  // namespace tibench
