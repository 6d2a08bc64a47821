// One cell of a benchmark: (problem + parameters, integrator + parameters,
// step size, end time, output times, reference). Running it never throws for
// numerical trouble: a diverging or failing integrator ends with a status and
// a message, and the caller goes on with the next cell.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "harness/analysis/contact_phases.hpp"
#include "harness/run/metrics.hpp"
#include "harness/run/reference_check.hpp"
#include "integrators/engines/driver.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/problem.hpp"
#include "reference/reference.hpp"

namespace tibench {

// The default fine step of an rk4 reference: the smallest step of the ladder
// it serves divided by this factor (RK4's error then sits ~64⁴ ≈ 1.7·10⁷
// times below rk4's own error at the finest benchmarked step).
inline constexpr double kDefaultReferenceRefinement = 64.0;
// Position frames kept per run of a problem with a surface mesh by default.
inline constexpr long kDefaultFrames = 100;
// Largest number of steps a cell (or its rk4 reference) may take unless the
// user raises it (--max-steps): a guard against step sizes that would run
// for days (h = 1e-12 over t_end = 1) or overflow the step count.
inline constexpr long kDefaultMaxSteps = 100'000'000;

struct CellSpec {
  std::string problem;
  std::vector<std::string> problem_params;  // "name=value" overrides
  std::string integrator;
  std::vector<std::string> integrator_params;
  double h = 0.0;  // requested step size
  double t_end = 0.0;
  long max_samples = 10000;               // time-series samples kept (plus t = 0)
  double energy_cap = 1e12;               // |H − H0| > cap·|H0| counts as divergence
  long outputs = 1;                       // error output times t_j = j t_end / outputs
  std::string reference_method = "auto";  // auto | exact | rk4 | none (reference/reference.hpp)
  double h_ref = 0.0;                     // rk4 reference step; 0: h / kDefaultReferenceRefinement
  // Position frames kept for viewing (XDMF) of problems with a surface mesh
  // (Problem::surface_triangles); −1: kDefaultFrames for them, 0: none.
  long frames = -1;
  // Not part of the cell's identity (it only decides whether the cell may run).
  long max_steps = kDefaultMaxSteps;
  // Group labels in the output file; default to the ids. Matrices that run
  // one integrator with several parameter sets give each set its own label.
  std::string problem_label;
  std::string integrator_label;
  // Size of the problem instance (Problem::dofs) when known, 0 otherwise;
  // only for planning shards (harness/run/shard_plan.hpp): not part of the
  // cell's identity or results.
  long dofs = 0;
  // Matrix key cell_timeout: seconds after which the cell ends with status
  // `timeout` (0: no limit; --cell-timeout overrides). Not part of the
  // cell's identity: a limit is a budget, not a parameter of the method.
  double time_limit_s = 0.0;

  const std::string& problem_key() const { return problem_label.empty() ? problem : problem_label; }
  const std::string& integrator_key() const {
    return integrator_label.empty() ? integrator : integrator_label;
  }
};

// Everything the cell's result depends on, as canonical text, and its hash:
// the identity `--resume` and `tibench merge` compare.
std::string cell_key_text(const CellSpec& spec);
std::string cell_key(const CellSpec& spec);

// The reference the cell is measured against.
ReferenceRequest reference_request(const CellSpec& spec);

struct TimeSeries {
  std::vector<double> t, energy, kinetic, potential;
  std::vector<double> linear_momentum;   // samples × dim, row-major
  std::vector<double> angular_momentum;  // samples × 3
  std::vector<long long> newton_iters;   // iterations since the previous sample
  std::vector<double> alpha;             // empty unless the method reports α
  std::vector<double> energy_target;     // empty unless the method reports its target
  std::vector<double> error_estimate;    // empty unless the method has an embedded estimate
  std::vector<std::string> observable_names;
  std::vector<std::vector<double>> observables;  // one series per name
  // Problems with obstacles: per sample, the pairs in contact at that step
  // and min φ (empty otherwise).
  std::vector<long long> contact_active;
  std::vector<double> min_phi;
};

// Frames of the body's motion for viewing: the positions of every node at
// evenly spaced steps, and the surface triangles (node indices).
struct Frames {
  std::vector<double> t;
  std::vector<double> positions;   // frames × dofs, row-major
  std::vector<long long> surface;  // triangles × 3
};

struct RunRecord {
  CellSpec spec;
  std::string cell_key;
  double h = 0.0;  // actual step size: t_end / steps
  long steps = 0;
  RunStatus status = RunStatus::ok;
  std::string message;           // why the run ended early ("" when ok)
  std::string params_json;       // {"problem": {...}, "integrator": {...}}
  std::string reference_method;  // "exact" | "rk4" | "" (no reference)
  std::string reference_key;     // hash of the reference's key text
  ReferenceCheck reference_check;
  int dim = 1;
  Metrics metrics;
  TimeSeries series;
  std::vector<double> t_out, err_out;  // error at each output time reached (NaN: unresolved)
  std::vector<double> final_q, final_v;
  std::string contact_model;  // "" when the problem has no obstacles
  std::vector<ContactPhase> contact_phases;
  Frames frames;
};

// Number of steps for (h, t_end): round(t_end / h), at least 1. The actual
// step is t_end / steps; it differs from h only when h does not divide t_end.
long step_count(double h, double t_end);
// Throws InputError unless every h of the ladder gives its own step count
// over t_end (two that round to the same count would be the same run).
void check_distinct_step_counts(const std::vector<double>& ladder, double t_end);
// "h=" + %.6e of the requested h: the group name of a run.
std::string hkey(double h);

// Validates ids, parameters, output times and reference (throws InputError)
// before doing any work.
void validate_cell(const CellSpec& spec);

// What a cell run may be given from outside.
struct RunContext {
  // The reference for this cell; null: computed here (exact, or fine RK4).
  const Reference* reference = nullptr;
  // Set to true to abandon the cell: run_cell then throws Cancelled.
  const std::atomic<bool>* cancel = nullptr;
  // Replaces the registry's stepper factory (tests that perturb a method).
  const StepperFactory* stepper = nullptr;
  // When set, the step loop stores its step number here (progress reports).
  std::atomic<long>* steps_done = nullptr;
  // > 0: wall-clock seconds from the start of run_cell after which the cell
  // ends with status `timeout` (checked between steps; integrated steps and
  // metrics up to then are kept).
  double time_limit_s = 0.0;
};

RunRecord run_cell(const CellSpec& spec, const RunContext& ctx = {});
// The record of a cell that ended with status `error` before it ran (e.g. a
// problem refusing its parameters): the cell's identity and step count, and why.
RunRecord error_record(const CellSpec& spec, const std::string& message);

}  // namespace tibench
