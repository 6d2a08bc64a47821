// One numeric factorization, and one solve, of the 3-D ball's stage matrix
// M/τ² + ∇²P(q₀) (each element's Hessian projected onto PSD; ball-free-5k
// and ball-free-40k, τ = h), alone: CHOLMOD's supernodal factorization
// (linear_solver=cholmod, serial OpenBLAS) against tibench's
// (linear_solver=supernodal, solvers/linear/supernodal_cholesky.hpp) on one
// and two threads, over the same CHOLMOD analysis. Rows:
//   factorization/<workload>/{factorize,solve}/{cholmod,supernodal-threads-<t>}
// with the counters gflop_per_s (CHOLMOD's flop count of the factor) and
// supernodes.
#include <string>

#include "bench/suite.hpp"
#include "problems/fem/element_loop.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench::bench {
namespace {

void run(benchmark::State& state, const Workload& w, LinearSolver backend, int threads,
         bool factorize_only) {
  // (PSD-projected: the stretched start is indefinite.)
  const SparseMatrix A = stage_matrix(w, true);
  const ElementThreadsScope scope(threads);
  SymmetricFactorization f(backend, false);
  if (!f.factorize(A, true).positive_definite || !f.cholmod_supernodal()) {
    state.SkipWithError("no supernodal factor of the stage matrix");
    return;
  }
  double flops = 0;
  for (const CholmodOrdering& o : f.cholmod_orderings())
    if (o.kept) flops = o.flops;
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  Vec x(A.rows());
  SparseMatrix refactored = A;
  for (auto _ : state) {
    if (factorize_only) {
      // A value change, so that the factor is computed (not kept as equal).
      refactored.valuePtr()[0] += 1e-9;
      f.factorize(refactored, false);
    } else {
      f.solve(b, x);
    }
    benchmark::DoNotOptimize(x.data());
  }
  if (factorize_only)
    state.counters["gflop_per_s"] = benchmark::Counter(
        1e-9 * flops * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["supernodes"] = static_cast<double>(f.cholmod_supernodes().size());
}

}  // namespace

void register_factorizations() {
  if (!linear_solver_available("supernodal")) return;
  struct Form {
    const char* name;
    LinearSolver backend;
    int threads;
  };
  const Form forms[] = {{"cholmod", LinearSolver::cholmod, 1},
                        {"supernodal-threads-1", LinearSolver::supernodal, 1},
                        {"supernodal-threads-2", LinearSolver::supernodal, 2}};
  for (const char* id : {"ball-free-5k", "ball-free-40k"}) {
    const Workload& w = workload(id);
    for (const bool factorize_only : {true, false})
      for (const Form& form : forms) {
        const std::string name = std::string("factorization/") + id +
                                 (factorize_only ? "/factorize/" : "/solve/") + form.name;
        benchmark::RegisterBenchmark(name.c_str(),
                                     [&w, form, factorize_only](benchmark::State& st) {
                                       run(st, w, form.backend, form.threads, factorize_only);
                                     })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
  }
}

}  // namespace tibench::bench
