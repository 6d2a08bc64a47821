// What the PETSc peers share (bench/petsc_peer.cpp: first-order TS on
// (q, v); bench/petsc_alpha2_peer.cpp: TSALPHA2 on M q'' = f).
#pragma once

#ifdef TIBENCH_BENCH_PETSC
#include <petscts.h>

#include <string>
#include <vector>

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

}  // namespace tibench::bench
#endif
