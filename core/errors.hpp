// The kinds of failure tibench reports, and the exit code of each (the CLI
// maps an exception to its code; docs/cli.md lists them):
//
//   0  success
//   1  a check failed: a refuted claim under --strict, a regression, a
//      diverged run where none is expected, a registry entry whose declared
//      properties disagree with the computed ones
//   2  bad input (InputError): an unknown id, a parameter out of its range,
//      an impossible step size, a malformed file, a path that cannot be used;
//      found before any work starts, named in one line with what is accepted
//   3  a failing environment (EnvironmentError, or memory exhausted): the
//      input was fine but the machine could not do the work (a disk that
//      refuses a write, a library that cannot be loaded)
//   4  an internal error: any other exception (a bug; please report it)
#pragma once

#include <stdexcept>

namespace tibench {

enum ExitCode : int {
  kExitSuccess = 0,
  kExitCheckFailed = 1,
  kExitBadInput = 2,
  kExitEnvironment = 3,
  kExitInternal = 4,
};

// Bad user input. The message is one line that names the bad value and what
// is accepted; the CLI prints it and exits with kExitBadInput.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The environment failed while the input was valid: a write refused (disk
// full, permissions changed), a library that cannot be loaded. The message
// is one line naming what failed; the CLI exits with kExitEnvironment.
class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tibench
