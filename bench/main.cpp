// tibench_bench: the Google Benchmark suite (issue 7). Registers our engines
// and every peer found at configure time, runs them (flags as for any Google
// Benchmark binary; `make bench` passes repetitions, random interleaving and
// the JSON output), then prints the ratio table (ratio_table.hpp).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "bench/ratio_table.hpp"
#include "bench/suite.hpp"

int main(int argc, char** argv) {
  // `tibench_bench --instructions WORKLOAD/METHOD` (under callgrind): the
  // fixed-work mode of the regression gate, no Google Benchmark.
  if (argc == 3 && std::string(argv[1]) == "--instructions") {
    const long steps = tibench::bench::instructions_run(argv[2]);
    std::printf("steps %ld\n", steps);
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  using namespace tibench::bench;
  register_ours();
  register_qp_solvers();
  register_linear_solves();
  register_assembly();
  register_factorizations();
  register_stage_solves();
  register_odeint();
  register_petsc();
  register_sundials();
  CollectingReporter display;
  benchmark::RunSpecifiedBenchmarks(&display);
  std::fflush(stdout);
  print_ratio_table(display.medians(), stdout);
  finalize_petsc();  // (PETSC_OPTIONS=-log_view prints PETSc's breakdown here)
  benchmark::Shutdown();
  return 0;
}
