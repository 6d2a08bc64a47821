// The tibench subcommands (docs/cli.md). Each returns the process exit code:
// 0 success, 1 a check failed, 2 bad usage or input (InputError, one line).
#pragma once

#include <string>
#include <vector>

namespace tibench::cli {

struct ListOptions {
  std::string what;             // integrators | problems | claims; empty: integrators, said so
  std::string format = "text";  // text | json | md
  bool json = false;            // the same as format = "json"
};
int list(const ListOptions& o);

struct RunOptions {
  std::string problem, integrator, matrix, output;
  std::vector<std::string> params, iparams;
  std::string h_list, t_end;
  long samples = 10000;
  long frames = -1;
  long max_steps = 100'000'000;  // kDefaultMaxSteps (harness/run/run_cell.hpp)
  int jobs = 1;
  std::string shard;            // "K/N"; empty: from the MPI/Slurm environment
  std::string shard_of_array;   // task ids of a sparse Slurm array, "1,4,9"
  double cell_timeout_s = 0.0;  // > 0: per-cell time limit (overrides cell_timeout)
  bool resume = false;
  bool reuse = false;
  bool short_version = false;   // a long matrix's short version (harness/run/matrix.hpp)
  std::string reference_cache;  // directory; "none" or empty: no cache
  double checkpoint_seconds = 10.0;
  bool quiet = false;
  std::string command_line;
};
// Exit code 130 when interrupted (the completed cells are saved).
int run(const RunOptions& o);

struct MergeOptions {
  std::string output;
  std::vector<std::string> inputs;
  bool allow_partial = false;  // merge an incomplete set of shards
  std::string command_line;
};
int merge(const MergeOptions& o);

struct RegressOptions {
  std::string baseline;
  std::string matrix;  // overrides the baseline's matrix
  bool update = false;
  int jobs = 1;
  std::string reference_cache;
  std::string output;  // optional HDF5 file of the fresh run
  std::string command_line;
};
// Exit code 1 when a cell exceeds its bound (every such cell is named).
int regress(const RegressOptions& o);

struct ConvergeOptions {
  std::string input, output, format = "md";
  std::string matrix;  // also render the matrix's [[table]] blocks
};
int converge(const ConvergeOptions& o);

struct WorkPrecisionOptions {
  std::string input, output, format = "md";  // md | csv | tex | json
  std::string error = "err_final";           // err_final | energy_drift_max
};
int workprecision(const WorkPrecisionOptions& o);

struct VerifyOptions {
  std::vector<std::string> claims;
  std::vector<std::string> integrators;  // verify these methods instead of claims
  bool fast = false, strict = false;
  std::string output, report;
  std::string expected;  // pinned verdicts (claims/pinned_verdicts.hpp)
  std::string explain;   // a claim id: run it and print its whole record
  // With --explain: inputs ("name=value") the check applies over its own
  // choices (ClaimContext::scene_overrides), to try a perturbation.
  std::vector<std::string> perturb;
  int jobs = 1;  // checks run at once (the verdicts do not depend on it)
  std::string command_line;
};
int verify(const VerifyOptions& o);
// verify --explain ID: runs one claim (fast mode with --fast) and prints
// how its verdict was reached: the claim, criterion, interpretation, the
// paper's data through the criterion, the unstated parameters swept, the
// pinned verdict and everything measured.
int verify_explain(const VerifyOptions& o);
// verify --integrator: each method's observed order on the oscillator and
// the pendulum (harness/analysis/observed_order.hpp) against its computed order;
// exit 1 when one disagrees by more than kOrderTolerance or cannot be fitted.
int verify_integrators(const VerifyOptions& o);

int info(const std::string& input);

// `tibench export ID`: a registry entry as a method file (integrators/methods/method_file.hpp).
struct ExportOptions {
  std::string integrator, output;  // integrator: an integrator or a contact-scene id
  std::vector<std::string> params;
};
int export_method(const ExportOptions& o);

struct StabilityOptions {
  std::string integrator;
  std::vector<std::string> iparams;
  double hbar_min = 1e-4, hbar_max = 1e8;
  long points = 25;
  bool json = false;
};
int stability(const StabilityOptions& o);

// Parses "0.1,0.05,..." into positive step sizes; throws InputError.
std::vector<double> parse_step_sizes(const std::string& text);
// Parses a positive end time; throws InputError.
double parse_t_end(const std::string& text);

}  // namespace tibench::cli
