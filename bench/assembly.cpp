// The element loops of a Newton iteration on the 3-D ball, alone, on one
// and on two element threads (problems/fem/element_loop.hpp): the gradient
// ∇P(q) and the Hessian's values as the solvers refill their assembled
// pattern (Problem::hessian_values), plain and PSD-projected (one 12 × 12
// eigendecomposition per tetrahedron), at the stretched initial state of
// ball-free-5k and ball-free-40k. Rows:
//   assembly/<workload>/<part>-threads-<t>
// with the counter evals_per_s; the ratio table prints each part's speed-up
// of two threads over one (print_thread_speedups).
#include <string>
#include <vector>

#include "bench/suite.hpp"
#include "problems/fem/element_loop.hpp"

namespace tibench::bench {
namespace {

enum class Part { gradient, hessian, hessian_psd };

const char* part_name(Part part) {
  switch (part) {
    case Part::gradient: return "gradient";
    case Part::hessian: return "hessian";
    case Part::hessian_psd: return "hessian-psd";
  }
  return "";
}

void run(benchmark::State& state, const Workload& w, Part part, int threads) {
  const auto p = w.make();
  const Vec q = p->initial_state().q;
  Triplets pattern;
  p->hessian(q, pattern, false);
  std::vector<double> values(pattern.size());
  Vec g(p->dofs());
  const ElementThreadsScope scope(threads);
  const long loops_before = parallel_element_loops();
  for (auto _ : state) {
    if (part == Part::gradient) {
      p->gradient(q, g);
      benchmark::DoNotOptimize(g.data());
    } else if (!p->hessian_values(q, part == Part::hessian_psd, values.data(), values.size())) {
      state.SkipWithError("the problem has no hessian_values path");
      return;
    }
    benchmark::DoNotOptimize(values.data());
  }
  // A two-thread row whose loops ran serially would time the wrong thing.
  if (threads > 1 && parallel_element_loops() == loops_before) {
    state.SkipWithError("the element loops did not run in parallel");
    return;
  }
  state.counters["evals_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["dofs"] = static_cast<double>(p->dofs());
  state.counters["threads"] = threads;
}

}  // namespace

void register_assembly() {
  for (const char* id : {"ball-free-5k", "ball-free-40k"}) {
    const Workload& w = workload(id);
    for (const Part part : {Part::gradient, Part::hessian, Part::hessian_psd})
      for (const int threads : {1, 2}) {
        const std::string name = std::string("assembly/") + id + "/" + part_name(part) +
                                 "-threads-" + std::to_string(threads);
        benchmark::RegisterBenchmark(
            name.c_str(), [&w, part, threads](benchmark::State& st) { run(st, w, part, threads); })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
  }
}

}  // namespace tibench::bench
