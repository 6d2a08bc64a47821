// SUNDIALS ARKODE peer (optional; 6.4.1, Debian's version). `make bench`
// builds it from Debian's source package with optimization
// (scripts/build-arkode.sh: CMake Release, -O3). Debian's own
// libsundials-dev is used when no such build is given: Debian builds it with
// CMake build type "None" and no optimization flag, so its code is -O0
// (every function stores its arguments to the stack first, e.g.
// N_VScaleVectorArray in libsundials_nvecserial.so.6) and its rows are
// labelled [unoptimized] in every table (ratio_table.cpp). The build used
// is printed with the peer's settings.
//   rk4/sundials          ARKStep with the classical RK4 as an explicit
//                         Butcher table (not ERKStep: 6.4 mishandles tables
//                         with c₄ = 1), fixed step, y = (q, v) in blocks;
//   sdirk-2-1-2/sundials  ARKStep DIRK ARKODE_SDIRK_2_1_2, fixed step,
//                         modified Newton with ARKODE's defaults (Jacobian
//                         and linear-solver setup reused for up to 20 steps),
//                         tolerances rtol = 1e-10, atol = 1e-12 for its
//                         nonlinear convergence test (up to 20 Newton
//                         iterations per stage); dense matrices on the
//                         oscillator, band matrices on the chains with y
//                         interleaved (q_i, v_i) (bandwidths from the
//                         Hessian's pattern; the RHS gathers q, N copies).
//                         Linear chains are declared linear (ARKStepSetLinear
//                         with a time-independent Jacobian: one Newton
//                         iteration per stage), and their Jacobian and
//                         linear-solver setup are kept for the whole run
//                         (ARKStepSetJacEvalFrequency and
//                         ARKStepSetLSetupFrequency beyond the step count:
//                         with a fixed step, γ never changes, so ARKODE's
//                         own test never asks for a new setup either).
// The ARKODE memory and solvers are built once per benchmark (setup_us) and
// re-initialized (ARKStepReInit) for each iteration.
// Paired with our engine on the same tableau (sdirk-2-1-2/tibench).
#include "bench/suite.hpp"

#ifdef TIBENCH_BENCH_SUNDIALS
#include <arkode/arkode_arkstep.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <string>

namespace tibench::bench {
namespace {

struct Context {
  const Problem* p = nullptr;
  Acceleration* accel = nullptr;
  Index n = 0;
  bool interleaved = false;
  tibench::Vec q, v, a;
  Triplets hessian;
};

int rhs(realtype, N_Vector Y, N_Vector Ydot, void* data) {
  auto& c = *static_cast<Context*>(data);
  const double* y = N_VGetArrayPointer(Y);
  double* f = N_VGetArrayPointer(Ydot);
  const Index n = c.n;
  if (!c.interleaved) {
    std::copy(y + n, y + 2 * n, f);
    (*c.accel)(y, y + n, f + n);
    return 0;
  }
  for (Index i = 0; i < n; ++i) c.q[i] = y[2 * i], c.v[i] = y[2 * i + 1];
  (*c.accel)(c.q.data(), c.v.data(), c.a.data());
  for (Index i = 0; i < n; ++i) f[2 * i] = c.v[i], f[2 * i + 1] = c.a[i];
  return 0;
}

int jacobian(realtype, N_Vector Y, N_Vector, SUNMatrix J, void* data, N_Vector, N_Vector,
             N_Vector) {
  auto& c = *static_cast<Context*>(data);
  const double* y = N_VGetArrayPointer(Y);
  const Index n = c.n;
  for (Index i = 0; i < n; ++i) c.q[i] = c.interleaved ? y[2 * i] : y[i];
  c.hessian.clear();
  c.p->hessian(c.q, c.hessian, false);
  SUNMatZero(J);
  const tibench::Vec& inv_mass = c.p->inverse_mass();
  if (c.interleaved) {
    for (Index i = 0; i < n; ++i) SM_ELEMENT_B(J, 2 * i, 2 * i + 1) = 1.0;
    for (const auto& e : c.hessian)
      SM_ELEMENT_B(J, 2 * e.row() + 1, 2 * e.col()) -= inv_mass[e.row()] * e.value();
  } else {
    for (Index i = 0; i < n; ++i) SM_ELEMENT_D(J, i, n + i) = 1.0;
    for (const auto& e : c.hessian)
      SM_ELEMENT_D(J, n + e.row(), e.col()) -= inv_mass[e.row()] * e.value();
  }
  return 0;
}

// y0 = (q0, v0), in blocks or interleaved (q_i, v_i) as c says.
void write_initial_state(const Problem& problem, const Context& c, N_Vector y0) {
  const State s0 = problem.initial_state();
  double* d = N_VGetArrayPointer(y0);
  for (Index i = 0; i < c.n; ++i) {
    if (c.interleaved) {
      d[2 * i] = s0.q[i];
      d[2 * i + 1] = s0.v[i];
    } else {
      d[i] = s0.q[i];
      d[c.n + i] = s0.v[i];
    }
  }
}

// ARKODE_SDIRK_2_1_2 with its direct linear solver (band on interleaved
// chains, dense otherwise), ARKODE's Newton and, on linear workloads, the
// Jacobian and setup kept for the run; A and LS are the caller's to free.
void configure_dirk(void* mem, const Workload& w, const Problem& problem, Context& c, N_Vector y0,
                    long steps, SUNContext sun, SUNMatrix& A, SUNLinearSolver& LS) {
  const sunindextype N = static_cast<sunindextype>(2 * c.n);
  ARKStepSetTableNum(mem, ARKODE_SDIRK_2_1_2, ARKODE_ERK_NONE);
  if (c.interleaved) {
    problem.hessian(problem.initial_state().q, c.hessian, false);
    sunindextype mu = 1, ml = 0;  // the q' = v entries (2i, 2i+1)
    for (const auto& e : c.hessian) {
      const auto row = 2 * e.row() + 1, col = 2 * e.col();
      mu = std::max<sunindextype>(mu, col - row);
      ml = std::max<sunindextype>(ml, row - col);
    }
    A = SUNBandMatrix(N, mu, ml, sun);
    LS = SUNLinSol_Band(y0, A, sun);
  } else {
    A = SUNDenseMatrix(N, N, sun);
    LS = SUNLinSol_Dense(y0, A, sun);
  }
  ARKStepSetLinearSolver(mem, LS, A);
  ARKStepSetJacFn(mem, jacobian);
  ARKStepSStolerances(mem, 1e-10, 1e-12);
  // Fixed steps cannot shrink after a nonlinear failure: allow more than
  // ARKODE's default 3 Newton iterations per stage.
  ARKStepSetMaxNonlinIters(mem, 20);
  if (w.id.find("fput") == std::string::npos) {
    ARKStepSetLinear(mem, 0);
    ARKStepSetJacEvalFrequency(mem, steps + 10);
    ARKStepSetLSetupFrequency(mem, static_cast<int>(steps + 10));
  }
}

void run(benchmark::State& state, const Workload& w, bool is_explicit) {
  const auto setup_start = std::chrono::steady_clock::now();
  const auto p = w.make();
  Acceleration accel(w, *p);
  SUNContext sun;
  SUNContext_Create(nullptr, &sun);
  Context c;
  c.p = p.get();
  c.accel = &accel;
  c.n = p->dofs();
  c.interleaved = !is_explicit && c.n > 1;
  c.q.resize(c.n);
  c.v.resize(c.n);
  c.a.resize(c.n);
  const sunindextype N = static_cast<sunindextype>(2 * c.n);
  N_Vector y0 = N_VNew_Serial(N, sun), y = N_VNew_Serial(N, sun);
  write_initial_state(*p, c, y0);
  const double h = is_explicit ? w.h_explicit : w.h_implicit;
  const long steps = is_explicit ? w.steps_explicit : w.steps_implicit;
  const double t_end = h * static_cast<double>(steps);
  void* mem = is_explicit ? ARKStepCreate(rhs, nullptr, 0.0, y0, sun)
                          : ARKStepCreate(nullptr, rhs, 0.0, y0, sun);
  ARKStepSetUserData(mem, &c);
  SUNMatrix A = nullptr;
  SUNLinearSolver LS = nullptr;
  ARKodeButcherTable rk4 = nullptr;
  if (is_explicit) {
    const double cc[4] = {0.0, 0.5, 0.5, 1.0}, b[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
    const double Am[16] = {0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1.0, 0};
    rk4 = ARKodeButcherTable_Create(4, 4, 0, const_cast<double*>(cc), const_cast<double*>(Am),
                                    const_cast<double*>(b), nullptr);
    ARKStepSetTables(mem, 4, 0, nullptr, rk4);
  } else {
    configure_dirk(mem, w, *p, c, y0, steps, sun, A, LS);
  }
  ARKStepSetFixedStep(mem, h);
  ARKStepSetMaxNumSteps(mem, steps + 10);
  const double setup_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - setup_start)
          .count();
  StepCounts totals;
  double err = std::numeric_limits<double>::quiet_NaN();
  for (auto _ : state) {
    state.PauseTiming();
    ARKStepReInit(mem, is_explicit ? rhs : nullptr, is_explicit ? nullptr : rhs, 0.0, y0);
    ARKStepSetStopTime(mem, t_end);
    N_VScale(1.0, y0, y);
    state.ResumeTiming();
    double t = 0.0;
    const int flag = ARKStepEvolve(mem, t_end, y, &t, ARK_NORMAL);
    state.PauseTiming();
    long taken = 0, nfe = 0, nfi = 0, nni = 0;
    ARKStepGetNumSteps(mem, &taken);
    ARKStepGetNumRhsEvals(mem, &nfe, &nfi);
    if (!is_explicit) ARKStepGetNumNonlinSolvIters(mem, &nni);
    if (flag < 0 || taken != steps) {
      state.SkipWithError("ARKODE failed or took a different number of steps");
      break;
    }
    totals.rhs += static_cast<double>(nfe + nfi);
    totals.newton += static_cast<double>(nni);
    totals.solves += static_cast<double>(nni);
    if (!is_explicit && std::isnan(err)) {
      const double* d = N_VGetArrayPointer(y);
      tibench::Vec q(c.n), v(c.n);
      for (Index i = 0; i < c.n; ++i) {
        q[i] = c.interleaved ? d[2 * i] : d[i];
        v[i] = c.interleaved ? d[2 * i + 1] : d[c.n + i];
      }
      err = max_error(q, v, reference_at(w, h, steps));
    }
    state.ResumeTiming();
  }
  set_counters(state, w, steps, totals, err);
  state.counters["setup_us"] = setup_us;
  ARKStepFree(&mem);
  if (LS) SUNLinSolFree(LS);
  if (A) SUNMatDestroy(A);
  if (rk4) ARKodeButcherTable_Free(rk4);
  N_VDestroy(y0);
  N_VDestroy(y);
  SUNContext_Free(&sun);
}

}  // namespace

void register_sundials() {
  const std::string build =
      std::string(" (SUNDIALS ") + SUNDIALS_VERSION + ": " + TIBENCH_BENCH_SUNDIALS_BUILD + ")";
  for (const auto& w : workloads()) {
    if (w.steps_explicit == 0) continue;
    const std::string rk4 = w.id + "/rk4/sundials";
    benchmark::RegisterBenchmark(rk4.c_str(), [&w](benchmark::State& st) { run(st, w, true); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
    describe_peer(rk4, "ARKStep, classical RK4 as an explicit Butcher table, fixed step" + build);
    if (!w.raw_kernel) continue;
    const std::string dirk = w.id + "/sdirk-2-1-2/sundials";
    benchmark::RegisterBenchmark(dirk.c_str(), [&w](benchmark::State& st) { run(st, w, false); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
    const bool linear = w.id.find("fput") == std::string::npos;
    describe_peer(dirk, std::string("ARKStep DIRK ARKODE_SDIRK_2_1_2, fixed step, ") +
                            (w.id == "oscillator" ? "dense" : "band (interleaved q, v)") +
                            " direct solver, rtol 1e-10 / atol 1e-12, " +
                            (linear ? "ARKStepSetLinear, Jacobian and setup kept for the run"
                                    : "modified Newton with ARKODE's default setup reuse") +
                            build);
  }
}

}  // namespace tibench::bench

#else
namespace tibench::bench {
void register_sundials() {}
}  // namespace tibench::bench
#endif
