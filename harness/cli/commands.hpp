// The tibench subcommands (DESIGN.md §3). Each returns the process exit code:
// 0 success, 1 a check failed, 2 bad usage or input (InputError, one line).
#pragma once

#include <string>
#include <vector>

namespace tibench::cli {

struct ListOptions {
  std::string what = "integrators";  // integrators | problems | claims
  bool json = false;
};
int list(const ListOptions& o);

struct RunOptions {
  std::string problem, integrator, matrix, output;
  std::vector<std::string> params, iparams;
  std::string h_list, t_end;
  long samples = 10000;
  std::string command_line;
};
int run(const RunOptions& o);

struct ConvergeOptions {
  std::string input, output, format = "md";
};
int converge(const ConvergeOptions& o);

struct VerifyOptions {
  std::vector<std::string> claims;
  bool fast = false, strict = false;
  std::string output, report;
  std::string command_line;
};
int verify(const VerifyOptions& o);

int info(const std::string& input);

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
