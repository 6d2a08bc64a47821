// PETSc TS peer (optional; petsc-dev, Debian's build is optimized): the
// implicit methods with a fixed step on y = (q, v), configured as the PETSc
// documentation recommends for a mechanical system of this kind:
//   F(t, y, ẏ) = ẏ − (v, M⁻¹ f(q)),  IJacobian a I − ∂g/∂y assembled into a
//   sparse AIJ matrix by COO (pattern fixed, values summed in place),
//   direct solve: KSPPREONLY + PCLU (PETSc's own sparse LU), no adaptivity
//   (TSADAPTNONE); TS, SNES, KSP and the matrix are created and set up once
//   per benchmark, outside the timed loop (setup_us), and every iteration
//   rewinds time, step number and solution (TSSolve may be called again).
// Linear chains and the oscillator: TS_LINEAR with SNESKSPONLY (one linear
// solve per stage; TSSetProblemType man page), and the Jacobian and the LU
// factor lagged persistently (SNESSetLagJacobian / SNESSetLagPreconditioner
// −2 with *Persists: computed once, kept across steps and solves; the SNES
// man pages give this for constant Jacobians, and with a fixed step the
// shift a is constant too). Nonlinear (FPUT): SNESNEWTONLS, rtol = stol =
// 1e-12 (ours: newton_tol = 1e-12), Jacobian every iteration.
// Factorization ordering (PCFactorSetMatOrderingType): one row per ordering,
// nd (PETSc's default), rcm and amd; the ratio table compares with each and
// names the fastest.
// Methods paired with ours: TSBEULER ↔ backward-euler, TSCN ↔ trapezoidal,
// TSROSW ra34pw2 ↔ ros34pw2 (Rang & Angermann), TSARKIMEX 2D fully implicit
// ↔ tr-bdf2 (its implicit tableau is TR-BDF2 with γ = 2 − √2; the equal
// errors in the table check the pairing).
#include "bench/suite.hpp"

#ifdef TIBENCH_BENCH_PETSC
#include <petscts.h>

#include "bench/petsc_common.hpp"

#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

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
  for (Index i = 0; i < n; ++i)
    c.coo_i.push_back(static_cast<PetscInt>(i)), c.coo_j.push_back(static_cast<PetscInt>(i));
  for (Index i = 0; i < n; ++i)
    c.coo_i.push_back(static_cast<PetscInt>(i)), c.coo_j.push_back(static_cast<PetscInt>(n + i));
  for (Index i = 0; i < n; ++i)
    c.coo_i.push_back(static_cast<PetscInt>(n + i)),
        c.coo_j.push_back(static_cast<PetscInt>(n + i));
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

using Ordering = PetscOrdering;

// The PETSc objects of one benchmark: built and set up once.
class PetscIntegration {
 public:
  PetscIntegration(const Workload& w, const Method& m, const Ordering& o)
      : p_(w.make()), accel_(w, *p_), linear_(linear_workload(w)), h_(w.h_implicit) {
    c_.p = p_.get();
    c_.accel = &accel_;
    c_.n = p_->dofs();
    c_.q = p_->initial_state().q;
    p_->hessian(c_.q, c_.hessian, false);
    coo_pattern(c_);
    const PetscInt N = static_cast<PetscInt>(2 * c_.n);
    MatCreateSeqAIJ(PETSC_COMM_SELF, N, N, 0, nullptr, &J_);
    MatSetPreallocationCOO(J_, static_cast<PetscCount>(c_.coo_i.size()), c_.coo_i.data(),
                           c_.coo_j.data());
    VecCreateSeq(PETSC_COMM_SELF, N, &u0_);
    VecDuplicate(u0_, &u_);
    const State s0 = p_->initial_state();
    PetscScalar* y;
    VecGetArray(u0_, &y);
    std::copy(s0.q.data(), s0.q.data() + c_.n, y);
    std::copy(s0.v.data(), s0.v.data() + c_.n, y + c_.n);
    VecRestoreArray(u0_, &y);
    configure(m, o);
  }
  ~PetscIntegration() {
    TSDestroy(&ts_);
    MatDestroy(&J_);
    VecDestroy(&u_);
    VecDestroy(&u0_);
  }
  PetscIntegration(const PetscIntegration&) = delete;
  PetscIntegration& operator=(const PetscIntegration&) = delete;

  // `steps` steps from the initial state; false if PETSc failed or took a
  // different number of steps.
  bool solve(long steps) {
    TSSetTime(ts_, 0.0);
    TSSetStepNumber(ts_, 0);
    TSSetMaxSteps(ts_, static_cast<PetscInt>(steps));
    TSSetTimeStep(ts_, h_);
    VecCopy(u0_, u_);
    c_.rhs = 0;
    if (TSSolve(ts_, u_) != 0) return false;
    PetscInt taken = 0;
    TSGetStepNumber(ts_, &taken);
    return taken == steps;
  }
  // Work of the last solve.
  StepCounts work() const { return petsc_work(ts_, c_.rhs); }
  double error(const Workload& w, long steps) const {
    const PetscScalar* y;
    VecGetArrayRead(u_, &y);
    const tibench::Vec q = Eigen::Map<const tibench::Vec>(y, c_.n),
                       v = Eigen::Map<const tibench::Vec>(y + c_.n, c_.n);
    VecRestoreArrayRead(u_, &y);
    return max_error(q, v, reference_at(w, w.h_implicit, steps));
  }

 private:
  void configure(const Method& m, const Ordering& o) {
    TSCreate(PETSC_COMM_SELF, &ts_);
    TSSetProblemType(ts_, linear_ ? TS_LINEAR : TS_NONLINEAR);
    TSSetType(ts_, m.type);
    if (m.subtype && std::string(m.type) == TSROSW) TSRosWSetType(ts_, m.subtype);
    if (m.subtype && std::string(m.type) == TSARKIMEX) {
      TSARKIMEXSetType(ts_, m.subtype);
      TSARKIMEXSetFullyImplicit(ts_, PETSC_TRUE);
    }
    TSSetIFunction(ts_, nullptr, ifunction, &c_);
    TSSetIJacobian(ts_, J_, J_, ijacobian, &c_);
    TSSetTimeStep(ts_, h_);
    TSSetMaxTime(ts_, 1e300);
    TSSetExactFinalTime(ts_, TS_EXACTFINALTIME_STEPOVER);
    TSAdapt adapt;
    TSGetAdapt(ts_, &adapt);
    TSAdaptSetType(adapt, TSADAPTNONE);
    SNES snes;
    TSGetSNES(ts_, &snes);
    if (linear_) {
      SNESSetType(snes, SNESKSPONLY);
      SNESSetLagJacobian(snes, -2);
      SNESSetLagJacobianPersists(snes, PETSC_TRUE);
      SNESSetLagPreconditioner(snes, -2);
      SNESSetLagPreconditionerPersists(snes, PETSC_TRUE);
    } else {
      SNESSetTolerances(snes, 1e-300, 1e-12, 1e-12, 50, 100000);
    }
    KSP ksp;
    SNESGetKSP(snes, &ksp);
    KSPSetType(ksp, KSPPREONLY);
    PC pc;
    KSPGetPC(ksp, &pc);
    PCSetType(pc, PCLU);
    PCFactorSetMatOrderingType(pc, o.type);
    VecCopy(u0_, u_);
    TSSetSolution(ts_, u_);
    TSSetFromOptions(ts_);
    TSSetUp(ts_);
  }

  std::unique_ptr<Problem> p_;
  Acceleration accel_;
  bool linear_;
  double h_;
  Context c_;
  Mat J_ = nullptr;
  ::Vec u_ = nullptr, u0_ = nullptr;
  TS ts_ = nullptr;
};

void run(benchmark::State& state, const Workload& w, const Method& m, const Ordering& o) {
  time_petsc(state, w, [&] { return std::make_unique<PetscIntegration>(w, m, o); });
}

const std::vector<Method>& methods() {
  static const std::vector<Method> list{{"backward-euler", TSBEULER, nullptr},
                                        {"trapezoidal", TSCN, nullptr},
                                        {"ros34pw2", TSROSW, TSROSWRA34PW2},
                                        {"tr-bdf2", TSARKIMEX, TSARKIMEX2D}};
  return list;
}

}  // namespace

const std::vector<PetscOrdering>& petsc_orderings() {
  static const std::vector<PetscOrdering> list{
      {"nd", MATORDERINGND}, {"rcm", MATORDERINGRCM}, {"amd", MATORDERINGAMD}};
  return list;
}

bool linear_workload(const Workload& w) { return w.id.find("fput") == std::string::npos; }

std::string petsc_version() {
  return "PETSc " + std::to_string(PETSC_VERSION_MAJOR) + "." +
         std::to_string(PETSC_VERSION_MINOR) + "." + std::to_string(PETSC_VERSION_SUBMINOR);
}

void register_petsc() {
  PetscInitializeNoArguments();
  for (const auto& w : workloads()) {
    if (!w.raw_kernel) continue;  // the beam has no PETSc row
    const bool linear = linear_workload(w);
    for (const auto& m : methods()) {
      for (const auto& o : petsc_orderings()) {
        const std::string impl = std::string("petsc-") + o.name;
        const std::string name = w.id + "/" + m.ours + "/" + impl;
        benchmark::RegisterBenchmark(name.c_str(),
                                     [&w, &m, &o](benchmark::State& st) { run(st, w, m, o); })
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
        std::string settings = std::string("TS ") + m.type +
                               (m.subtype ? std::string(" ") + m.subtype : "") +
                               (std::string(m.type) == TSARKIMEX ? " fully implicit" : "") +
                               ", fixed step (TSADAPTNONE), ";
        settings += linear ? "TS_LINEAR + SNESKSPONLY, Jacobian and LU lagged -2 persistent"
                           : "SNESNEWTONLS rtol = stol = 1e-12, Jacobian every iteration";
        settings += std::string(", KSPPREONLY + PCLU, ordering ") + o.name +
                    ", AIJ by COO; TS set up once (" + petsc_version() + ")";
        describe_peer(w.id + "/" + m.ours + "/" + impl, settings);
      }
    }
  }
  register_petsc_alpha2();
  register_petsc_fe();
}

void finalize_petsc() {
  PetscBool initialized = PETSC_FALSE;
  PetscInitialized(&initialized);
  if (initialized) PetscFinalize();
}

}  // namespace tibench::bench

#else
namespace tibench::bench {
void register_petsc() {}
void finalize_petsc() {}
}  // namespace tibench::bench
#endif
