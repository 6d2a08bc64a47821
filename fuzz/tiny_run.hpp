// The tiny run behind fuzz_h5's seed: the oscillator with RK4 at two step
// sizes against its exact solution, and the run identity `tibench run` gives
// those cells. make_h5_seed writes it; fuzz_h5 resumes with the same
// identity, so that the --resume checks pass on the seed and read_runs is
// reached.
#pragma once

#include <vector>

#include "harness/run/run_cell.hpp"
#include "harness/run/run_identity.hpp"

namespace tibench::fuzz {

inline std::vector<CellSpec> tiny_run_cells() {
  std::vector<CellSpec> cells;
  for (double h : {0.1, 0.05}) {
    CellSpec c;
    c.problem = "oscillator";
    c.integrator = "rk4";
    c.h = h;
    c.t_end = 1.0;
    c.max_samples = 8;
    c.reference_method = "exact";
    cells.push_back(c);
  }
  return cells;
}

inline RunIdentity tiny_run_identity() { return run_identity(tiny_run_cells(), Shard{}); }

}  // namespace tibench::fuzz
