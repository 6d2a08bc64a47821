// The benchmark workloads and the right-hand-side kernels every
// implementation shares.
//
// A workload is a registry problem with fixed parameters, a step size and
// the number of steps one benchmark iteration takes. Every implementation —
// ours and the peers — evaluates the same acceleration a = M⁻¹ f(q, v):
//   - oscillator, spring-chain: a raw-array kernel with exactly the
//     arithmetic of the problem's own gradient (spring-chain calls the same
//     function, problems/catalog/spring_chain_kernel.hpp), so no peer pays a copy
//     into Eigen vectors;
//   - beam: the problem itself (its element loop costs ~10⁵ times a copy of
//     the state, which peers with other state types make first).
// Jacobians for the implicit peers come from the problem's Hessian.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace tibench::bench {

struct Workload {
  std::string id;                   // e.g. "chain-1000-fput"
  std::string problem;              // registry id
  std::vector<std::string> params;  // overrides
  double h_explicit = 0, h_implicit = 0;
  long steps_explicit = 0, steps_implicit = 0;  // steps per benchmark iteration (0: no rows)
  bool raw_kernel = false;                      // oscillator and spring-chain
  // err_tend against RK4 at h/64 (false: bodies against obstacles, which RK4
  // cannot run with contact constraints).
  bool rk4_reference = true;

  std::unique_ptr<Problem> make() const;
};

const std::vector<Workload>& workloads();
// Workloads for instruction counts only (not registered as benchmarks).
const std::vector<Workload>& scaling_workloads();
const Workload& workload(const std::string& id);

// a = M⁻¹ f(q, v) on raw arrays of length n = dofs; `p` is the workload's
// problem (used for the beam, and for the oscillator's stiffness and mass).
class Acceleration {
 public:
  Acceleration(const Workload& w, const Problem& p);
  void operator()(const double* q, const double* v, double* a);
  Index size() const { return n_; }
  long evaluations() const { return evaluations_; }

 private:
  const Problem& p_;
  Index n_;
  int kind_;  // 0 oscillator, 1 spring chain, 2 problem
  double k_ = 0, k4_ = 0, ell_ = 0;
  Vec inv_mass_, stiffness_, q_, v_, a_, scratch_;
  long evaluations_ = 0;
};

// Median time of one kernel evaluation [ns] at the initial state (measured
// once per workload; the benchmark's counter ns_per_rhs).
double rhs_nanoseconds(const Workload& w);

// The process's peak resident memory (Linux VmHWM), in MB, since the last
// reset_peak_memory() (which returns freed memory to the system, glibc's
// malloc_trim, and writes 5 to /proc/self/clear_refs); NaN where /proc does
// not say. A benchmark resets it before building its problem, so the
// counter covers its mesh, stepper and steps, plus what the process still
// holds (the benchmark library's own records).
void reset_peak_memory();
double peak_memory_mb();

// Memory bandwidth [bytes/ns] of the triad a = b + s c over three vectors
// of n doubles (24 n bytes moved, writes counted once), median of 7 timed
// batches, measured once per n: the bandwidth at the cache level where the
// workload's vectors live.
double triad_bytes_per_ns(Index n);

// The floor of one classical RK4 step on a workload [µs]: its four kernel
// evaluations (rhs_nanoseconds, measured) plus the vector traffic no RK4
// implementation avoids without fusing stages into the kernel — stages 2–4
// read (q, v, V_{i−1}, A_{i−1}) and write (Q_i, V_i), the update reads
// (q, v) and the four (V_i, A_i) and writes (q, v): 30 vectors of n
// doubles — at the triad bandwidth.
double rk4_floor_microseconds(const Workload& w);

// The state at the end of `steps` steps of size h from the initial state by
// classical RK4 at h/64 (error ≪ any method's error at h), cached.
const State& reference_at(const Workload& w, double h, long steps);
// max(‖q − q*‖_∞, ‖v − v*‖_∞).
double max_error(const Vec& q, const Vec& v, const State& ref);

}  // namespace tibench::bench
