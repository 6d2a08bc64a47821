// Element loops on several threads, with results independent of the thread
// count.
//
// for_each_element(n, body) runs body(e) for every e < n, on up to
// element_threads() threads (OpenMP, static schedule). Callers keep
// determinism by writing per-element results into per-element slots and
// combining them afterwards on one thread in element order: every sum then
// has the operands and the order of the serial loop, bit for bit, whatever
// the number of threads (tests/test_element_threads.cpp checks that on every
// registry problem).
//
// The thread budget is per calling thread: by default every hardware thread
// (omp_get_max_threads), and 1 in the harness's worker pool when it runs
// several cells at once (the cells already fill the cores; nesting would
// oversubscribe them). Small meshes stay serial: below ~64 elements the fork
// costs more than the loop.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

// Threads element loops started on this thread may use (≥ 1).
int element_threads();
// Sets that budget for this thread only; n ≤ 0 restores the default.
void set_element_threads(int n);

// Sets the budget for the lifetime of the scope, then restores it.
class ElementThreadsScope {
 public:
  explicit ElementThreadsScope(int n) : saved_(element_threads()) { set_element_threads(n); }
  ~ElementThreadsScope() { set_element_threads(saved_); }
  ElementThreadsScope(const ElementThreadsScope&) = delete;
  ElementThreadsScope& operator=(const ElementThreadsScope&) = delete;

 private:
  int saved_;
};

constexpr Index kMinParallelElements = 64;

// Element loops that have run on more than one thread in this process (so
// that tests can tell the parallel path ran), and whether this build can.
long parallel_element_loops();
void count_parallel_element_loop();
bool element_loops_have_threads();

// body must not throw (an exception cannot leave an OpenMP region).
template <class Body>
void for_each_element(Index n, const Body& body) {
  const int threads = n >= kMinParallelElements ? element_threads() : 1;
  if (threads <= 1) {
    for (Index e = 0; e < n; ++e) body(e);
    return;
  }
  count_parallel_element_loop();
#ifdef _OPENMP  // only the FEM sources are built with OpenMP; others include this for the budget
#pragma omp parallel for num_threads(threads) schedule(static)
#endif
  for (Index e = 0; e < n; ++e) body(e);
}

}  // namespace tibench
