// PETSc TS peer (optional; petsc-dev, Debian's build is optimized): the
// implicit methods with a fixed step on y = (q, v), as a PETSc user would set
// them up for a mechanical system:
//   F(t, y, ẏ) = ẏ − (v, M⁻¹ f(q)),  IJacobian a I − ∂g/∂y assembled into a
//   sparse AIJ matrix by COO (pattern fixed, values summed in place),
//   direct solve: KSPPREONLY + PCLU (PETSc's own sparse LU, its default
//   nested-dissection ordering), no adaptivity (TSADAPTNONE).
// Linear chains and the oscillator are declared TS_LINEAR with SNESKSPONLY
// (one linear solve per stage, what PETSc recommends for linear problems);
// nonlinear ones use SNESNEWTONLS with rtol = stol = 1e-12.
// Methods paired with ours: TSBEULER ↔ backward-euler, TSCN ↔ trapezoidal,
// TSROSW ra34pw2 ↔ ros34pw2 (Rang & Angermann), TSARKIMEX 2D fully implicit
// ↔ tr-bdf2 (its implicit tableau is TR-BDF2 with γ = 2 − √2; the equal
// errors in the table check the pairing).
#include "bench/suite.hpp"

#ifdef TIBENCH_BENCH_PETSC
#include <petscts.h>

#include <cmath>
#include <limits>

namespace tibench::bench {
namespace {

struct Context {
  const Problem* p = nullptr;
  Acceleration* accel = nullptr;
  Index n = 0;
  tibench::Vec q;
  Triplets hessian;
  std::vector<PetscInt> coo_i, coo_j;
  std::vector<PetscScalar> coo_v;
  long rhs = 0;
};

PetscErrorCode ifunction(TS, PetscReal, ::Vec Y, ::Vec Ydot, ::Vec F, void* ctx) {
  auto& c = *static_cast<Context*>(ctx);
  const PetscScalar *y, *yd;
  PetscScalar* f;
  PetscCall(VecGetArrayRead(Y, &y));
  PetscCall(VecGetArrayRead(Ydot, &yd));
  PetscCall(VecGetArray(F, &f));
  const Index n = c.n;
  (*c.accel)(y, y + n, f + n);
  for (Index i = 0; i < n; ++i) {
    f[i] = yd[i] - y[n + i];
    f[n + i] = yd[n + i] - f[n + i];
  }
  ++c.rhs;
  PetscCall(VecRestoreArrayRead(Y, &y));
  PetscCall(VecRestoreArrayRead(Ydot, &yd));
  PetscCall(VecRestoreArray(F, &f));
  return 0;
}

// Triplet layout: n (i, i) = a, n (i, n+i) = −1, n (n+i, n+i) = a, then the
// Hessian entries (n + r, c) = M⁻¹_r K_rc.
void coo_pattern(Context& c) {
  const Index n = c.n;
  c.coo_i.clear();
  c.coo_j.clear();
  for (Index i = 0; i < n; ++i) c.coo_i.push_back(static_cast<PetscInt>(i)), c.coo_j.push_back(static_cast<PetscInt>(i));
  for (Index i = 0; i < n; ++i) c.coo_i.push_back(static_cast<PetscInt>(i)), c.coo_j.push_back(static_cast<PetscInt>(n + i));
  for (Index i = 0; i < n; ++i) c.coo_i.push_back(static_cast<PetscInt>(n + i)), c.coo_j.push_back(static_cast<PetscInt>(n + i));
  for (const auto& e : c.hessian) {
    c.coo_i.push_back(static_cast<PetscInt>(n + e.row()));
    c.coo_j.push_back(static_cast<PetscInt>(e.col()));
  }
  c.coo_v.resize(c.coo_i.size());
}

PetscErrorCode ijacobian(TS, PetscReal, ::Vec Y, ::Vec, PetscReal a, Mat, Mat B, void* ctx) {
  auto& c = *static_cast<Context*>(ctx);
  const PetscScalar* y;
  PetscCall(VecGetArrayRead(Y, &y));
  std::copy(y, y + c.n, c.q.data());
  PetscCall(VecRestoreArrayRead(Y, &y));
  c.hessian.clear();
  c.p->hessian(c.q, c.hessian, false);
  const Index n = c.n;
  std::size_t k = 0;
  for (Index i = 0; i < n; ++i) c.coo_v[k++] = a;
  for (Index i = 0; i < n; ++i) c.coo_v[k++] = -1.0;
  for (Index i = 0; i < n; ++i) c.coo_v[k++] = a;
  const tibench::Vec& inv_mass = c.p->inverse_mass();
  for (const auto& e : c.hessian) c.coo_v[k++] = inv_mass[e.row()] * e.value();
  PetscCall(MatSetValuesCOO(B, c.coo_v.data(), INSERT_VALUES));
  return 0;
}

struct Method {
  std::string ours;
  TSType type;
  const char* subtype;  // ROSW / ARKIMEX table, or nullptr
};

void run(benchmark::State& state, const Workload& w, const Method& m) {
  const auto p = w.make();
  Acceleration accel(w, *p);
  Context c;
  c.p = p.get();
  c.accel = &accel;
  c.n = p->dofs();
  c.q = p->initial_state().q;
  p->hessian(c.q, c.hessian, false);
  coo_pattern(c);
  const bool linear = w.id.find("fput") == std::string::npos;
  const PetscInt N = static_cast<PetscInt>(2 * c.n);
  Mat J;
  MatCreateSeqAIJ(PETSC_COMM_SELF, N, N, 0, nullptr, &J);
  MatSetPreallocationCOO(J, static_cast<PetscCount>(c.coo_i.size()), c.coo_i.data(), c.coo_j.data());
  ::Vec u, u0;
  VecCreateSeq(PETSC_COMM_SELF, N, &u0);
  VecDuplicate(u0, &u);
  {
    const State s0 = p->initial_state();
    PetscScalar* y;
    VecGetArray(u0, &y);
    std::copy(s0.q.data(), s0.q.data() + c.n, y);
    std::copy(s0.v.data(), s0.v.data() + c.n, y + c.n);
    VecRestoreArray(u0, &y);
  }
  const long steps = w.steps_implicit;
  StepCounts totals;
  double err = std::numeric_limits<double>::quiet_NaN();
  for (auto _ : state) {
    state.PauseTiming();
    TS ts;
    TSCreate(PETSC_COMM_SELF, &ts);
    TSSetProblemType(ts, linear ? TS_LINEAR : TS_NONLINEAR);
    TSSetType(ts, m.type);
    if (m.subtype && std::string(m.type) == TSROSW) TSRosWSetType(ts, m.subtype);
    if (m.subtype && std::string(m.type) == TSARKIMEX) {
      TSARKIMEXSetType(ts, m.subtype);
      TSARKIMEXSetFullyImplicit(ts, PETSC_TRUE);
    }
    TSSetIFunction(ts, nullptr, ifunction, &c);
    TSSetIJacobian(ts, J, J, ijacobian, &c);
    TSSetTime(ts, 0.0);
    TSSetTimeStep(ts, w.h_implicit);
    TSSetMaxSteps(ts, static_cast<PetscInt>(steps));
    TSSetMaxTime(ts, 1e300);
    TSSetExactFinalTime(ts, TS_EXACTFINALTIME_STEPOVER);
    TSAdapt adapt;
    TSGetAdapt(ts, &adapt);
    TSAdaptSetType(adapt, TSADAPTNONE);
    SNES snes;
    TSGetSNES(ts, &snes);
    if (linear) {
      SNESSetType(snes, SNESKSPONLY);
    } else {
      SNESSetTolerances(snes, 1e-300, 1e-12, 1e-12, 50, 100000);
    }
    KSP ksp;
    SNESGetKSP(snes, &ksp);
    KSPSetType(ksp, KSPPREONLY);
    PC pc;
    KSPGetPC(ksp, &pc);
    PCSetType(pc, PCLU);
    VecCopy(u0, u);
    TSSetSolution(ts, u);
    TSSetFromOptions(ts);
    TSSetUp(ts);
    c.rhs = 0;
    state.ResumeTiming();
    TSSolve(ts, u);
    state.PauseTiming();
    PetscInt snes_its = 0, ksp_its = 0, taken = 0;
    TSGetSNESIterations(ts, &snes_its);
    TSGetKSPIterations(ts, &ksp_its);
    TSGetStepNumber(ts, &taken);
    if (taken != steps) {
      TSDestroy(&ts);
      state.SkipWithError("PETSc took a different number of steps");
      break;
    }
    totals.rhs += static_cast<double>(c.rhs);
    totals.newton += static_cast<double>(snes_its);
    totals.solves += static_cast<double>(ksp_its);
    if (std::isnan(err)) {
      const PetscScalar* y;
      VecGetArrayRead(u, &y);
      tibench::Vec q = Eigen::Map<const tibench::Vec>(y, c.n), v = Eigen::Map<const tibench::Vec>(y + c.n, c.n);
      VecRestoreArrayRead(u, &y);
      err = max_error(q, v, reference_at(w, w.h_implicit, steps));
    }
    TSDestroy(&ts);
    state.ResumeTiming();
  }
  set_counters(state, w, steps, totals, err);
  MatDestroy(&J);
  VecDestroy(&u);
  VecDestroy(&u0);
}

}  // namespace

void register_petsc() {
  PetscInitializeNoArguments();
  static const std::vector<Method> methods{{"backward-euler", TSBEULER, nullptr},
                                           {"trapezoidal", TSCN, nullptr},
                                           {"ros34pw2", TSROSW, TSROSWRA34PW2},
                                           {"tr-bdf2", TSARKIMEX, TSARKIMEX2D}};
  for (const auto& w : workloads()) {
    if (!w.raw_kernel) continue;  // the beam has no PETSc row
    for (const auto& m : methods) {
      const std::string name = w.id + "/" + m.ours + "/petsc";
      benchmark::RegisterBenchmark(name.c_str(), [&w, &m](benchmark::State& st) { run(st, w, m); })
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
}

}  // namespace tibench::bench

#else
namespace tibench::bench {
void register_petsc() {}
}  // namespace tibench::bench
#endif
