// PETSc's second-order integrator TSALPHA2 (generalized-α on M q'' = f, an
// N×N system like ours) as the peer of `newmark` (TSAlpha2SetParams(1, 1,
// ½, ¼): PETSc's α_m = α_f = 1 is no shift, i.e. Newmark's average
// acceleration) and of `generalized-alpha` (TSAlpha2SetRadius(0.9), our
// default ρ∞; PETSc's α_m, α_f are 1 minus Chung & Hulbert's, the same
// method). Configured as bench/petsc_peer.cpp configures the first-order
// TS: I2Function F = A − M⁻¹f(X, V), I2Jacobian shift_A I + M⁻¹K assembled
// by COO into AIJ, KSPPREONLY + PCLU (one row per ordering), TSADAPTNONE,
// objects set up once, SNESNEWTONLS with rtol = stol = 1e-12 — not
// TS_LINEAR's SNESKSPONLY, even on linear chains: alpha2.c forms V1 and A1
// inside its function evaluation, which KSPONLY never calls at the
// solution (tried: the velocities stay those of the initial guess, error
// 0.25 instead of 2e-4 on chain-1000).
// Linear chains: one Newton step per stage (SNESConvergedSkip with max_it
// 1: a linear stage's step is exact, and ours takes it the same way; the
// basic line search still evaluates F at the result, which updates V1 and
// A1), the Jacobian and LU lagged persistently. TSALPHA2 starts every
// TSSolve with two backward-Euler half steps (TSAlpha_Restart in alpha2.c)
// whose shift differs from the α steps', so a pre-stage hook asks for a
// new Jacobian and factor (SNESSetLagJacobian/Preconditioner −2: "rebuild
// at the next chance, then never again") whenever the shift changes: two
// factorizations per solve instead of one per step.
// Nonlinear (FPUT): the default line search, Jacobian every iteration.
#include "bench/suite.hpp"

#ifdef TIBENCH_BENCH_PETSC
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

#include "bench/petsc_common.hpp"

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
  // The pre-stage hook's state: the shift of the last Jacobian asked for.
  SNES snes = nullptr;
  bool lagged = false;
  double shift = std::numeric_limits<double>::quiet_NaN();
};

PetscErrorCode i2function(TS, PetscReal, ::Vec X, ::Vec V, ::Vec A, ::Vec F, void* ctx) {
  auto& c = *static_cast<Context*>(ctx);
  const PetscScalar *x, *v, *a;
  PetscScalar* f;
  PetscCall(VecGetArrayRead(X, &x));
  PetscCall(VecGetArrayRead(V, &v));
  PetscCall(VecGetArrayRead(A, &a));
  PetscCall(VecGetArray(F, &f));
  (*c.accel)(x, v, f);
  for (Index i = 0; i < c.n; ++i) f[i] = a[i] - f[i];
  ++c.rhs;
  PetscCall(VecRestoreArrayRead(X, &x));
  PetscCall(VecRestoreArrayRead(V, &v));
  PetscCall(VecRestoreArrayRead(A, &a));
  PetscCall(VecRestoreArray(F, &f));
  return 0;
}

// Triplet layout: n (i, i) = shift_A, then the Hessian entries M⁻¹_r K_rc.
void coo_pattern(Context& c) {
  c.coo_i.clear();
  c.coo_j.clear();
  for (Index i = 0; i < c.n; ++i)
    c.coo_i.push_back(static_cast<PetscInt>(i)), c.coo_j.push_back(static_cast<PetscInt>(i));
  for (const auto& e : c.hessian) {
    c.coo_i.push_back(static_cast<PetscInt>(e.row()));
    c.coo_j.push_back(static_cast<PetscInt>(e.col()));
  }
  c.coo_v.resize(c.coo_i.size());
}

PetscErrorCode i2jacobian(TS, PetscReal, ::Vec X, ::Vec, ::Vec, PetscReal, PetscReal shift_a, Mat,
                          Mat B, void* ctx) {
  auto& c = *static_cast<Context*>(ctx);
  const PetscScalar* x;
  PetscCall(VecGetArrayRead(X, &x));
  std::copy(x, x + c.n, c.q.data());
  PetscCall(VecRestoreArrayRead(X, &x));
  c.hessian.clear();
  c.p->hessian(c.q, c.hessian, false);
  std::size_t k = 0;
  for (Index i = 0; i < c.n; ++i) c.coo_v[k++] = shift_a;
  const tibench::Vec& inv_mass = c.p->inverse_mass();
  for (const auto& e : c.hessian) c.coo_v[k++] = inv_mass[e.row()] * e.value();
  PetscCall(MatSetValuesCOO(B, c.coo_v.data(), INSERT_VALUES));
  return 0;
}

// Before each stage solve: a lagged Jacobian is rebuilt when the stage's
// shift α_m/(α_f Δt² β) is not the one it was built for.
PetscErrorCode prestage(TS ts, PetscReal) {
  Context* c = nullptr;
  PetscCall(TSGetApplicationContext(ts, &c));
  if (!c->lagged) return 0;
  PetscReal am, af, gamma, beta, dt;
  PetscCall(TSAlpha2GetParams(ts, &am, &af, &gamma, &beta));
  PetscCall(TSGetTimeStep(ts, &dt));
  const double shift = am / (af * dt * dt * beta);
  if (shift != c->shift) {
    PetscCall(SNESSetLagJacobian(c->snes, -2));
    PetscCall(SNESSetLagPreconditioner(c->snes, -2));
    c->shift = shift;
  }
  return 0;
}

struct Method {
  std::string ours;
  bool newmark;  // TSAlpha2SetParams(1, 1, ½, ¼); else TSAlpha2SetRadius(0.9)
};

class Alpha2Integration {
 public:
  Alpha2Integration(const Workload& w, const Method& m, const PetscOrdering& o)
      : p_(w.make()), accel_(w, *p_), linear_(linear_workload(w)), h_(w.h_implicit) {
    c_.p = p_.get();
    c_.accel = &accel_;
    c_.n = p_->dofs();
    const State s0 = p_->initial_state();
    c_.q = s0.q;
    p_->hessian(c_.q, c_.hessian, false);
    coo_pattern(c_);
    const auto N = static_cast<PetscInt>(c_.n);
    MatCreateSeqAIJ(PETSC_COMM_SELF, N, N, 0, nullptr, &J_);
    MatSetPreallocationCOO(J_, static_cast<PetscCount>(c_.coo_i.size()), c_.coo_i.data(),
                           c_.coo_j.data());
    for (::Vec* v : {&q0_, &v0_, &q_, &v_}) VecCreateSeq(PETSC_COMM_SELF, N, v);
    fill_petsc(q0_, s0.q);
    fill_petsc(v0_, s0.v);
    configure(m, o);
  }
  ~Alpha2Integration() {
    TSDestroy(&ts_);
    MatDestroy(&J_);
    for (::Vec* v : {&q0_, &v0_, &q_, &v_}) VecDestroy(v);
  }
  Alpha2Integration(const Alpha2Integration&) = delete;
  Alpha2Integration& operator=(const Alpha2Integration&) = delete;

  bool solve(long steps) {
    TSSetTime(ts_, 0.0);
    TSSetStepNumber(ts_, 0);
    TSSetMaxSteps(ts_, static_cast<PetscInt>(steps));
    TSSetTimeStep(ts_, h_);
    VecCopy(q0_, q_);
    VecCopy(v0_, v_);
    c_.rhs = 0;
    if (TSSolve(ts_, q_) != 0) return false;
    PetscInt taken = 0;
    TSGetStepNumber(ts_, &taken);
    return taken == steps;
  }
  StepCounts work() const { return petsc_work(ts_, c_.rhs); }
  double error(const Workload& w, long steps) const {
    return max_error(read(q_), read(v_), reference_at(w, w.h_implicit, steps));
  }

 private:
  tibench::Vec read(::Vec in) const {
    tibench::Vec out(c_.n);
    read_petsc(in, out);
    return out;
  }
  void configure(const Method& m, const PetscOrdering& o) {
    TSCreate(PETSC_COMM_SELF, &ts_);
    // (TS_LINEAR would select SNESKSPONLY, which leaves V1 and A1 stale.)
    TSSetProblemType(ts_, TS_NONLINEAR);
    TSSetType(ts_, TSALPHA2);
    if (m.newmark)
      TSAlpha2SetParams(ts_, 1.0, 1.0, 0.5, 0.25);
    else
      TSAlpha2SetRadius(ts_, 0.9);
    TSSetI2Function(ts_, nullptr, i2function, &c_);
    TSSetI2Jacobian(ts_, J_, J_, i2jacobian, &c_);
    TSSetApplicationContext(ts_, &c_);
    TSSetPreStage(ts_, prestage);
    TSSetTimeStep(ts_, h_);
    TSSetMaxTime(ts_, 1e300);
    TSSetExactFinalTime(ts_, TS_EXACTFINALTIME_STEPOVER);
    TSAdapt adapt;
    TSGetAdapt(ts_, &adapt);
    TSAdaptSetType(adapt, TSADAPTNONE);
    TSGetSNES(ts_, &c_.snes);
    SNESSetTolerances(c_.snes, 1e-300, 1e-12, 1e-12, 50, 100000);
    if (linear_) {
      SNESLineSearch search;
      SNESGetLineSearch(c_.snes, &search);
      SNESLineSearchSetType(search, SNESLINESEARCHBASIC);
      // One Newton step solves a linear stage (as ours takes one):
      // SNESConvergedSkip with max_it 1 ends there (SNES_CONVERGED_ITS).
      SNESSetTolerances(c_.snes, 1e-300, 1e-12, 1e-12, 1, 100000);
      SNESSetConvergenceTest(c_.snes, SNESConvergedSkip, nullptr, nullptr);
      SNESSetLagJacobian(c_.snes, -2);
      SNESSetLagJacobianPersists(c_.snes, PETSC_TRUE);
      SNESSetLagPreconditioner(c_.snes, -2);
      SNESSetLagPreconditionerPersists(c_.snes, PETSC_TRUE);
      c_.lagged = true;
    }
    KSP ksp;
    SNESGetKSP(c_.snes, &ksp);
    KSPSetType(ksp, KSPPREONLY);
    PC pc;
    KSPGetPC(ksp, &pc);
    PCSetType(pc, PCLU);
    PCFactorSetMatOrderingType(pc, o.type);
    VecCopy(q0_, q_);
    VecCopy(v0_, v_);
    TS2SetSolution(ts_, q_, v_);
    TSSetFromOptions(ts_);
    TSSetUp(ts_);
  }

  std::unique_ptr<Problem> p_;
  Acceleration accel_;
  bool linear_;
  double h_;
  Context c_;
  Mat J_ = nullptr;
  ::Vec q0_ = nullptr, v0_ = nullptr, q_ = nullptr, v_ = nullptr;
  TS ts_ = nullptr;
};

void run(benchmark::State& state, const Workload& w, const Method& m, const PetscOrdering& o) {
  time_petsc(state, w, [&] { return std::make_unique<Alpha2Integration>(w, m, o); });
}

}  // namespace

void register_petsc_alpha2() {
  static const std::vector<Method> methods{{"newmark", true}, {"generalized-alpha", false}};
  for (const auto& w : workloads()) {
    if (!w.raw_kernel) continue;
    const bool linear = linear_workload(w);
    for (const auto& m : methods) {
      for (const auto& o : petsc_orderings()) {
        const std::string name = w.id + "/" + m.ours + "/petsc-" + o.name;
        benchmark::RegisterBenchmark(name.c_str(),
                                     [&w, &m, &o](benchmark::State& st) { run(st, w, m, o); })
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();
        std::string settings =
            std::string("TS alpha2 ") +
            (m.newmark ? "TSAlpha2SetParams(1, 1, 0.5, 0.25) (Newmark)"
                       : "TSAlpha2SetRadius(0.9)") +
            ", fixed step (TSADAPTNONE), starts each solve with two BE half steps, ";
        settings +=
            linear ? "SNESNEWTONLS + basic line search, one step (SNESConvergedSkip, max_it 1; "
                     "KSPONLY leaves alpha2's V1, A1 stale), Jacobian and LU lagged -2 "
                     "persistent, rebuilt when the shift changes (2 per solve)"
                   : "SNESNEWTONLS rtol = stol = 1e-12, Jacobian every iteration";
        settings += std::string(", KSPPREONLY + PCLU, ordering ") + o.name +
                    ", AIJ by COO; TS set up once (" + petsc_version() + ")";
        describe_peer(name, settings);
      }
    }
  }
}

}  // namespace tibench::bench
#endif
