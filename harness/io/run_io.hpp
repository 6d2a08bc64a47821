// Writing and reading runs in the tibench/1 schema (docs/hdf5-schema.md):
//   /runs/<problem>/<integrator>/<hkey>  attrs: problem, integrator, h,
//       h_requested, t_end, steps, status, message, params (JSON),
//       reference (method), reference_key, reference_check, cell_key,
//       outputs, every metric key;  datasets: t, energy, kinetic, potential,
//       linear_momentum (n×d), angular_momentum (n×3), newton_iters,
//       alpha (when reported), observables/<name>, t_out, err (error at
//       each output time), final_q, final_v.
//   /reference/<problem>/<key>  attrs: method, h_ref, steps, t_end, key_text,
//       ok, message, self_convergence (max), cross_check (max, dopri5),
//       cross_check_tol, summary;  datasets: t, q (K×dofs), v (K×dofs),
//       self_convergence, cross_check (per output time).
//   /convergence/<problem>/<integrator>  datasets h, err_final;
//       attrs nominal_order, observed_order, fit_r2, points.
#pragma once

#include <H5Cpp.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/run/run_cell.hpp"

namespace tibench {

std::string run_path(const CellSpec& spec);
// The name of frame k's dataset under /runs/.../frames/positions ("000012").
std::string frame_dataset(std::size_t k);
void write_run(H5::H5File& f, const RunRecord& rec);
// The declaration of a run group (path, dimensions, attributes, datasets,
// subgroups) for the file's schema_description (h5::write_provenance),
// generated from the tables write_run iterates (harness/io/schema_fields.hpp).
nlohmann::ordered_json run_group_description();

std::string reference_path(const std::string& problem_label, const Reference& ref);
void write_reference(H5::H5File& f, const std::string& path, const Reference& ref);
// Reads a reference written by write_reference (states included).
Reference read_reference(const H5::H5File& f, const std::string& path);

// The summary of a stored run that tables and gates need.
struct StoredRun {
  std::string problem, integrator;  // group labels
  std::string problem_id, integrator_id;
  double h = 0, h_requested = 0, t_end = 0;
  long long steps = 0;
  RunStatus status = RunStatus::ok;
  std::string message;
  std::string cell_key;
  ReferenceCheck reference_check;
  Metrics metrics;
};

StoredRun summary_of(const RunRecord& rec);
// Every run of the file; throws InputError for a status or reference check
// that tibench does not write.
std::vector<StoredRun> read_runs(const H5::H5File& f);
// The status attribute of the run group g at `path`; throws InputError for
// text that names no status.
RunStatus read_run_status(const H5::Group& g, const std::string& path);

}  // namespace tibench
