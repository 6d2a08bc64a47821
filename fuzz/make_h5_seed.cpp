// Writes the seed of fuzz/fuzz_h5.cpp: a tibench/1 file of a tiny run (the
// oscillator with RK4 at two step sizes, exact reference), as `tibench run`
// would write it. usage: make_h5_seed OUT.h5
#include <H5Cpp.h>

#include <cstdio>

#include "fuzz/tiny_run.hpp"
#include "harness/io/run_file.hpp"
#include "harness/run/run_cell.hpp"

int main(int argc, char** argv) {
  using namespace tibench;
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_h5_seed OUT.h5\n");
    return 2;
  }
  H5::Exception::dontPrint();
  std::vector<RunRecord> runs;
  for (const CellSpec& c : fuzz::tiny_run_cells()) runs.push_back(run_cell(c));
  RunFile file(argv[1], false, "make_h5_seed", fuzz::tiny_run_identity());
  file.checkpoint(runs, {}, true);
  return 0;
}
