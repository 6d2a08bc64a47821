// What the PETSc peers share (bench/petsc_peer.cpp: first-order TS on
// (q, v); bench/petsc_alpha2_peer.cpp: TSALPHA2 on M q'' = f).
#pragma once

#ifdef TIBENCH_BENCH_PETSC
#include <petscts.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "bench/suite.hpp"
#include "bench/workloads.hpp"

namespace tibench::bench {

// The LU orderings the peers are run with, one row each (nd is PETSc's
// default; the ratio table names the fastest per workload).
struct PetscOrdering {
  const char* name;
  MatOrderingType type;
};
const std::vector<PetscOrdering>& petsc_orderings();

// The chains without the quartic term: TS_LINEAR, factor lagged.
bool linear_workload(const Workload& w);

// "PETSc 3.18.5"
std::string petsc_version();

void register_petsc_alpha2();
// The 3-D elastic bodies' SNES peer (bench/petsc_fe_peer.cpp).
void register_petsc_fe();

// A PETSc vector's entries from `values` (of its size), and back.
inline void fill_petsc(::Vec out, const tibench::Vec& values) {
  PetscScalar* y;
  VecGetArray(out, &y);
  std::copy(values.data(), values.data() + values.size(), y);
  VecRestoreArray(out, &y);
}
inline void read_petsc(::Vec in, tibench::Vec& values) {
  const PetscScalar* y;
  VecGetArrayRead(in, &y);
  std::copy(y, y + values.size(), values.data());
  VecRestoreArrayRead(in, &y);
}

// The TS's Newton and linear iterations of its last solve, with `rhs`
// function evaluations.
inline StepCounts petsc_work(TS ts, long rhs) {
  PetscInt snes_its = 0, ksp_its = 0;
  TSGetSNESIterations(ts, &snes_its);
  TSGetKSPIterations(ts, &ksp_its);
  return {static_cast<double>(rhs), static_cast<double>(snes_its), static_cast<double>(ksp_its)};
}

// One PETSc benchmark: `make()` builds the integration (setup_us), then
// every iteration solves the workload's implicit steps from the initial
// state; the reused TS (lagged factor, rewound time) must repeat its first
// solve's error. Integration: solve(steps), work(), error(w, steps).
template <class Make>
void time_petsc(benchmark::State& state, const Workload& w, Make make) {
  const long steps = w.steps_implicit;
  const auto setup_start = std::chrono::steady_clock::now();
  const auto petsc = make();
  const double setup_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - setup_start)
          .count();
  StepCounts totals;
  double first_err = std::numeric_limits<double>::quiet_NaN(), last_err = first_err;
  for (auto _ : state) {
    if (!petsc->solve(steps)) {
      state.SkipWithError("PETSc failed or took a different number of steps");
      return;
    }
    state.PauseTiming();
    const StepCounts work = petsc->work();
    totals.rhs += work.rhs;
    totals.newton += work.newton;
    totals.solves += work.solves;
    last_err = petsc->error(w, steps);
    if (std::isnan(first_err)) first_err = last_err;
    state.ResumeTiming();
  }
  if (!(std::abs(last_err - first_err) <= 1e-9 * std::abs(first_err))) {
    state.SkipWithError("PETSc's result changed between iterations");
    return;
  }
  set_counters(state, w, steps, totals, first_err);
  state.counters["setup_us"] = setup_us;
}

}  // namespace tibench::bench
#endif
