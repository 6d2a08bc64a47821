#include "problems/fem/element_loop.hpp"

#include <atomic>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace tibench {
namespace {

thread_local int budget = 0;  // 0: the default
std::atomic<long> parallel_loops{0};

int default_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

}  // namespace

int element_threads() { return budget > 0 ? budget : default_threads(); }

void set_element_threads(int n) { budget = n > 0 ? n : 0; }

long parallel_element_loops() { return parallel_loops.load(std::memory_order_relaxed); }

void count_parallel_element_loop() { parallel_loops.fetch_add(1, std::memory_order_relaxed); }

bool element_loops_have_threads() {
#ifdef _OPENMP
  return true;
#else
  return false;
#endif
}

}  // namespace tibench
