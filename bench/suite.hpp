// The benchmark suite's registration helpers. Each implementation file
// registers its benchmarks under the name
//   <workload>/<method>/<implementation>
// (implementation "tibench" for ours), with the counters
//   steps_per_s    steps per second (rate)
//   rhs_per_step   right-hand-side (force/gradient) evaluations per step
//   ns_per_rhs     one kernel evaluation, measured separately (workloads.hpp)
//   newton_per_step, solves_per_step   nonlinear iterations, linear solves
//   err_tend       max-norm error of (q, v) at the end of one iteration's
//                  steps, against RK4 at h/64 (implicit methods)
//   setup_us       building the integrator (ours: the stepper; peers: their
//                  solver objects and symbolic setup), once per benchmark,
//                  outside the timed steps
// The ratio table (ratio_table.hpp) pairs every peer row with the tibench
// row of the same workload and method.
#pragma once

#include <benchmark/benchmark.h>

#include <functional>
#include <map>
#include <string>

#include "bench/workloads.hpp"

namespace tibench::bench {

struct StepCounts {
  double rhs = 0, newton = 0, solves = 0;        // totals over the timed steps
  double factorizations = 0;                     // matrices assembled and factorized
  double local_seconds = 0, global_seconds = 0;  // solver=local-global
  double psd_fallbacks = 0;                      // factorizations of the PSD-projected Hessian
  double contact_steps = 0;                      // steps that ended with a vertex on an obstacle
};

// Sets the counters of one benchmark run from totals over all iterations.
void set_counters(benchmark::State& state, const Workload& w, long steps_per_iteration,
                  const StepCounts& totals, double err_tend);

// The settings of a peer benchmark (by full name), printed with the ratio
// table: how the peer was configured and after which documentation.
void describe_peer(const std::string& benchmark, const std::string& settings);
const std::map<std::string, std::string>& peer_settings();

void register_ours();
// The contact corrector's QP solvers on one QP of the ball (qp_solvers.cpp).
void register_qp_solvers();
// One chain stage matrix's factorization and solve, partitioned against
// center-out (linear_solves.cpp).
void register_linear_solves();
// The stage matrix M/τ² + ∇²P(q₀) of problem p, or of workload w's with τ
// its implicit step, with each element's Hessian projected onto PSD when
// psd.
SparseMatrix stage_matrix(const Problem& p, double tau, bool psd);
SparseMatrix stage_matrix(const Workload& w, bool psd);
// The element loops of the 3-D ball on one and two threads (assembly.cpp).
void register_assembly();
// The ball stage matrix's factorization and solve, CHOLMOD's against
// tibench's supernodal one on one and two threads (factorization.cpp).
void register_factorizations();
// One Newton system of the ball-scaling rows by CHOLMOD and by conjugate
// gradients (Jacobi; PETSc's GAMG when built with PETSc) (stage_solves.cpp).
void register_stage_solves();
// The callgrind mode: runs one iteration of <workload>/<method>[/<impl>]
// (ours when impl is absent or "tibench"; the explicit peers eigen-loop and
// odeint-* for rk4) with callgrind's instrumentation switched on around the
// steps only (valgrind --tool=callgrind --instr-atstart=no), after one
// uncounted step of ours (setup); returns the number of counted steps.
long instructions_run(const std::string& name);
long instructions_run_peer(const Workload& w, const std::string& implementation);
void run_odeint_rosenbrock4(benchmark::State& state, const Workload& w);
void register_odeint();  // Boost.Odeint and the hand-written Eigen loop
void register_petsc();
// PetscFinalize when PETSc was initialized (its -log_view report).
void finalize_petsc();
void register_sundials();

}  // namespace tibench::bench
