// Element loops on several threads, with results independent of the thread
// count.
//
// for_each_element(n, body) runs body(e) for every e < n: the calling thread
// and up to element_threads() − 1 helper threads take chunks of elements
// from a shared counter. Callers keep determinism by writing per-element
// results into per-element slots and combining them afterwards on one
// thread in element order: every sum then has the operands and the order of
// the serial loop, bit for bit, whatever the number of threads
// (tests/problems/test_element_threads.cpp checks that on every registry
// problem).
//
// Why not an OpenMP loop: its end-of-loop barrier waits for every thread of
// the team, and on a busy machine a helper that is not scheduled stalls the
// caller for a scheduler period per loop (measured: one competing process
// made 200 beam steps 8× slower). Here the caller never waits for a helper
// that has not started: it runs the remaining chunks itself and waits only
// for chunks already taken.
//
// The thread budget is per calling thread: by default every hardware
// thread (or TIBENCH_ELEMENT_THREADS), and 1 in the harness's worker pool when it runs several
// cells at once (the cells already fill the cores). Small meshes stay serial: below ~64 elements
// the hand-off costs more than the loop.
#pragma once

#include <optional>

#include "problems/problem.hpp"

namespace tibench {

inline constexpr const char* kElementThreadsVariable = "TIBENCH_ELEMENT_THREADS";

// The thread count TIBENCH_ELEMENT_THREADS asks for; nullopt when unset.
// Throws InputError naming the value unless it is an integer 1 … 1024 (the
// CLI calls it before any work, so a typo never runs with a default).
std::optional<int> element_threads_from_environment();

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

// Element loops run in parallel mode in this process (so that tests can
// tell the parallel path ran).
long parallel_element_loops();

// Runs chunk(context, begin, end) over [0, n) in chunks, on this thread and
// up to threads − 1 helpers.
void run_element_chunks(Index n, int threads, void (*chunk)(const void*, Index, Index),
                        const void* context);

// body must not throw (it may run on a helper thread).
template <class Body>
void for_each_element(Index n, const Body& body) {
  const int threads = n >= kMinParallelElements ? element_threads() : 1;
  if (threads <= 1) {
    for (Index e = 0; e < n; ++e) body(e);
    return;
  }
  run_element_chunks(
      n, threads,
      [](const void* context, Index begin, Index end) {
        const Body& b = *static_cast<const Body*>(context);
        for (Index e = begin; e < end; ++e) b(e);
      },
      &body);
}

}  // namespace tibench
