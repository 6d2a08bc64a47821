// Element loops on several threads, with results independent of the thread
// count.
//
// for_each_element(n, body) runs body(e) for every e < n: the calling
// thread takes chunks of elements from the front of the range, and up to
// element_threads() − 1 helper threads from its back (on two threads each
// keeps to one part of the range, which loops in a spatial order turn into
// one region of the body). Callers keep determinism by writing
// per-element results into per-element slots and combining them afterwards
// in element order (each sum on one thread): every sum then has the
// operands and the order of the serial loop, bit for bit, whatever the
// number of threads (tests/problems/test_element_threads.cpp checks that on
// every registry problem).
//
// for_each_element_then runs such a combining loop (per-node sums of
// per-element results) after the element loop in the same hand-off: waking
// a sleeping helper takes 15–40 µs (measured on a 2-core VM), against
// 0.2 ms for the whole gradient of a 5k-tetrahedron body.
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

// One loop of run_element_phases: chunk(context, begin, end) over [0, n).
struct ElementPhase {
  Index n = 0;
  void (*chunk)(const void*, Index, Index) = nullptr;
  const void* context = nullptr;
};

// Runs the phases (at most two) in order on this thread and up to
// threads − 1 helpers, with one hand-off: a phase starts once every chunk
// of the one before has finished.
void run_element_phases(const ElementPhase* phases, int count, int threads);

template <class Body>
ElementPhase element_phase(Index n, const Body& body) {
  return {n,
          [](const void* context, Index begin, Index end) {
            const Body& b = *static_cast<const Body*>(context);
            for (Index e = begin; e < end; ++e) b(e);
          },
          &body};
}

// body must not throw (it may run on a helper thread).
template <class Body>
void for_each_element(Index n, const Body& body) {
  const int threads = n >= kMinParallelElements ? element_threads() : 1;
  if (threads <= 1) {
    for (Index e = 0; e < n; ++e) body(e);
    return;
  }
  const ElementPhase phase = element_phase(n, body);
  run_element_phases(&phase, 1, threads);
}

// first(e) for every e < n_first, then second(k) for every k < n_second,
// in one hand-off to the helpers: every first(e) has returned before any
// second(k) starts (e.g. per-element results, then their per-node sums).
template <class First, class Second>
void for_each_element_then(Index n_first, const First& first, Index n_second,
                           const Second& second) {
  const int threads = n_first >= kMinParallelElements ? element_threads() : 1;
  if (threads <= 1) {
    for (Index e = 0; e < n_first; ++e) first(e);
    for (Index k = 0; k < n_second; ++k) second(k);
    return;
  }
  const ElementPhase phases[2] = {element_phase(n_first, first), element_phase(n_second, second)};
  run_element_phases(phases, 2, threads);
}

}  // namespace tibench
