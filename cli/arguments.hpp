// The tibench command line parsed into the options of one subcommand, apart
// from main() so that tests and the fuzz target fuzz/fuzz_cli.cpp can call it
// without running anything.
#pragma once

#include <string>

#include "cli/commands.hpp"

namespace tibench::cli {

struct Arguments {
  // The subcommand to run; empty when parsing already decided the exit code
  // (help printed: 0; a usage error printed as one line on stderr: 2).
  std::string command;
  int exit_code = 0;

  ListOptions list;
  RunOptions run;
  ConvergeOptions converge;
  WorkPrecisionOptions workprecision;
  VerifyOptions verify;
  MergeOptions merge;
  RegressOptions regress;
  StabilityOptions stability;
  ExportOptions export_method;
  std::string info_input;
  std::string mesh_cache;  // --mesh-cache of run, verify and regress
};

// Prints help or the usage error itself; never throws for bad arguments.
Arguments parse_arguments(int argc, const char* const* argv);

}  // namespace tibench::cli
