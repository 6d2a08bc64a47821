// The factorization and solve of one chain stage matrix, alone: the
// partitioned tridiagonal LDLᵀ that the implicit integrators use on chains
// against the center-out path factor (Eigen's LDLᵀ replayed) that they used
// before it, on the same matrix M/τ² + ∇²P(q₀) of the chain workloads
// (τ = h = 0.05). Rows: linear-solve/<workload>/{solve,factorize}/<form>.
#include <string>

#include "bench/suite.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench::bench {
namespace {

void run(benchmark::State& state, const Workload& w, bool partitioned, bool factorize_only) {
  const SparseMatrix A = stage_matrix(w, false);
  SymmetricFactorization f(LinearSolver::ldlt, partitioned);
  if (!f.factorize(A, true).factorized) {
    state.SkipWithError("factorization failed");
    return;
  }
  if (f.partitioned() != partitioned) {
    state.SkipWithError("unexpected form");
    return;
  }
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  Vec x(A.rows());
  SparseMatrix refactored = A;
  for (auto _ : state) {
    if (factorize_only) {
      // A value change, so that the factor is computed (not kept as equal).
      refactored.valuePtr()[0] += 1.0;
      f.factorize(refactored, false);
    } else {
      f.solve(b, x);
    }
    benchmark::DoNotOptimize(x.data());
  }
}

}  // namespace

SparseMatrix stage_matrix(const Problem& p, double tau, bool psd) {
  Triplets t;
  for (Index i = 0; i < p.dofs(); ++i) t.emplace_back(i, i, p.mass()[i] / (tau * tau));
  p.hessian(p.initial_state().q, t, psd);
  SparseMatrix A(p.dofs(), p.dofs());
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

SparseMatrix stage_matrix(const Workload& w, bool psd) {
  return stage_matrix(*w.make(), w.h_implicit, psd);
}

void register_linear_solves() {
  for (const char* id : {"chain-1000", "chain-100000"}) {
    const Workload& w = workload(id);
    for (const bool factorize_only : {false, true})
      for (const bool partitioned : {true, false}) {
        const std::string name = std::string("linear-solve/") + id +
                                 (factorize_only ? "/factorize/" : "/solve/") +
                                 (partitioned ? "partitioned" : "center-out");
        benchmark::RegisterBenchmark(name.c_str(),
                                     [&w, partitioned, factorize_only](benchmark::State& st) {
                                       run(st, w, partitioned, factorize_only);
                                     })
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
      }
  }
}

}  // namespace tibench::bench
