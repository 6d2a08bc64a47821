// The clock of the solvers' local/global time split (StageSolveResult's
// local_seconds and global_seconds).
#pragma once

#include <chrono>

namespace tibench {

using SolverClock = std::chrono::steady_clock;

inline double seconds_since(SolverClock::time_point start) {
  return std::chrono::duration<double>(SolverClock::now() - start).count();
}

}  // namespace tibench
