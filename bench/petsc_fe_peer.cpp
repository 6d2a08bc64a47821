// PETSc SNES peer on 3-D elastic bodies (workloads ball-free-* and
// ball-contact-*, about 5,000 and 40,000 tetrahedra): the implicit steps of
// backward Euler and SDIRK2 (tableaux from tibench's registry, stiffly
// accurate), each stage
//   minimize Φ(y) = 1/(2τ²) ‖y − τṽ‖²_M + P(q̃ + y) − f_ext·(q̃ + y)
// over the increment y = Q_i − q̃ (Gast & Schroeder 2014 §3), with the
// energy, gradient and Hessian of tibench's IncrementalPotential (the
// element kernels every tibench engine calls) and everything else PETSc's:
//   - SNESNEWTONLS, its default backtracking line search on ‖∇Φ‖². (With
//     SNESSetObjective it judges Φ as our Armijo search does, but stalls
//     near the solution, where Φ's decrease is below its rounding; ours
//     then accepts a full step that halves the residual.)
//   - KSPPREONLY + PCCHOLESKY with CHOLMOD (MATSOLVERCHOLMOD, the library
//     of our `+cholmod` rows, ordered as ours: -mat_cholmod_nmethods 3) or
//     MUMPS; the Hessian in SEQAIJ by COO, flagged symmetric: a fixed
//     pattern, so PETSc keeps the symbolic factorization.
//   - An indefinite Hessian, which CHOLMOD refuses, ends SNESSolve with an
//     error; the stage is solved again from its last iterate with the
//     PSD-projected element Hessians (our Newton's fallback, taken there
//     for one iteration; counter psd_per_step).
//   - Constraint contact (ball-contact-*): SNESVINEWTONRSLS, PETSc's
//     reduced-space active-set Newton, with the bound y ≥ −q̃_y (the ground
//     y = 0) on every contact vertex of ours; the objective is the problem
//     with contact = none.
//   - Debian's CHOLMOD runs loops of its supernodal factorization on a
//     fixed team of OpenMP threads that contend on 2 cores
//     (solvers/linear/sparse_factorization.cpp); our rows set OpenMP's
//     max-active-levels to 0 around it, and so does the peer around
//     SNESSolve (an expert's OMP_MAX_ACTIVE_LEVELS=0): one thread each.
// Same start and stopping rule as our Newton: the stage starts at the
// inertial target ŷ = τṽ; a custom SNES convergence test stops when
// ‖W⁻¹∇Φ‖_∞ (the push into an active bound dropped) ≤ tol·scale(y) +
// atol or its rounding level, or after a step with ‖dy‖_∞ ≤
// tol·scale(y) + atol, tol = 1e-12, through the objective's own
// residual(), scale() and residual_noise().
// Rows `+reuse+cholmod` (no contact): the factor lagged where our chord
// Newton (jacobian_reuse) lags it: kept across iterations, stages and
// steps, refreshed at the next iteration when a chord step contracted by
// more than 0.1, convergence on a chord step judged on θ/(1 − θ)‖dy‖ with θ
// measured within the solve (SNESSetLagJacobian and
// SNESSetLagPreconditioner at −2 force the refresh, −1 keeps the factor;
// both persist across solves).
// Counters: newton_per_step, factor_per_step, psd_per_step, diff_ours (the
// max-norm distance of the final state from our row's: a distance above
// 1e-8 of the state's magnitude fails the row).
#include "bench/suite.hpp"

#ifdef TIBENCH_BENCH_PETSC
#include <omp.h>
#include <petscsnes.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "bench/petsc_common.hpp"
#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/registry.hpp"

namespace tibench::bench {
namespace {

// The peer's CHOLMOD ordering option: AMD and METIS tried, the sparser
// factor kept, as our rows' CHOLMOD (sparse_factorization.cpp).
constexpr struct {
  const char* name;
  const char* value;
} kCholmodOrdering{"-mat_cholmod_nmethods", "3"};

struct FeOptions {
  const char* factor_package;  // MATSOLVERCHOLMOD or MATSOLVERMUMPS
  bool chord;                  // lag the factor as jacobian_reuse does
};

// The contact workloads (ball-contact-*): the ground y = 0 of ball-drop
// under constraint contact.
bool contact_workload(const Workload& w) { return w.id.rfind("ball-contact-", 0) == 0; }
bool fe_workload(const Workload& w) {
  return w.id.rfind("ball-free-", 0) == 0 || contact_workload(w);
}

// Asks SNES for a fresh Jacobian and factor at its next iteration (lag −2:
// once, then kept again).
PetscErrorCode refresh_factor(SNES snes) {
  PetscCall(SNESSetLagJacobian(snes, -2));
  PetscCall(SNESSetLagPreconditioner(snes, -2));
  return 0;
}

constexpr double kNewtonTol = 1e-12;  // NewtonStopping's default, our rows' tolerance
constexpr double kReuseRate = 0.1;    // NewtonOptions::reuse_rate
constexpr int kMaxIterations = 50;

// What the callbacks share: the objective, PETSc-array ↔ Eigen copies and
// the counters.
struct Stage {
  IncrementalPotential* phi = nullptr;
  tibench::Vec y, g;
  std::vector<double> values;
  Triplets triplets;
  std::size_t nnz = 0;
  bool chord = false;
  // Constraint contact: the bounded coordinates (the contact vertices' y)
  // and their lower bounds −q̃_y (the ground y = 0 in increments).
  std::vector<Index> bounded;
  tibench::Vec lower;
  bool project = false;             // PSD-projected element Hessians (after a failed factor)
  bool fresh_factor = false;        // the current step's direction used a new factor
  double previous_step_norm = 0.0;  // within the current solve (chord rate)
  long gradients = 0, factorizations = 0, projected_restarts = 0;
};

PetscErrorCode gradient(SNES, ::Vec X, ::Vec F, void* ctx) {
  auto& c = *static_cast<Stage*>(ctx);
  read_petsc(X, c.y);
  c.phi->gradient(c.y, c.g);
  ++c.gradients;
  PetscScalar* f;
  PetscCall(VecGetArray(F, &f));
  std::copy(c.g.data(), c.g.data() + c.g.size(), f);
  PetscCall(VecRestoreArray(F, &f));
  return 0;
}

PetscErrorCode hessian(SNES, ::Vec X, Mat, Mat B, void* ctx) {
  auto& c = *static_cast<Stage*>(ctx);
  read_petsc(X, c.y);
  if (!c.phi->hessian_values(c.y, c.project, c.values)) {
    c.triplets.clear();
    c.phi->hessian(c.y, c.project, c.triplets);
    c.values.resize(c.triplets.size());
    for (std::size_t k = 0; k < c.triplets.size(); ++k) c.values[k] = c.triplets[k].value();
  }
  if (c.values.size() != c.nnz) SETERRQ(PETSC_COMM_SELF, PETSC_ERR_PLIB, "Hessian pattern changed");
  PetscCall(MatSetValuesCOO(B, c.values.data(), INSERT_VALUES));
  c.fresh_factor = true;
  ++c.factorizations;
  return 0;
}

// Our Newton's stopping rule (solvers/nonlinear/newton_solver.hpp), and
// the chord rule's refresh: a contraction above kReuseRate asks for a new
// factor at the next iteration.
PetscErrorCode converged(SNES snes, PetscInt it, PetscReal, PetscReal, PetscReal,
                         SNESConvergedReason* reason, void* ctx) {
  auto& c = *static_cast<Stage*>(ctx);
  *reason = SNES_CONVERGED_ITERATING;
  ::Vec X, F;
  PetscCall(SNESGetSolution(snes, &X));
  PetscCall(SNESGetFunction(snes, &F, nullptr, nullptr));
  read_petsc(X, c.y);
  read_petsc(F, c.g);
  // At an active bound the gradient's push into the ground is the contact
  // force, not a residual (our projected objective drops it the same way).
  for (std::size_t k = 0; k < c.bounded.size(); ++k) {
    const Index i = c.bounded[k];
    if (c.y[i] <= c.lower[static_cast<Index>(k)] && c.g[i] > 0) c.g[i] = 0;
  }
  const double tolerance = kNewtonTol * c.phi->scale(c.y);
  const double residual = c.phi->residual(c.g);
  if (residual <= tolerance || residual <= c.phi->residual_noise(c.y)) {
    *reason = SNES_CONVERGED_FNORM_ABS;
    return 0;
  }
  if (it > 0) {
    ::Vec dy;
    PetscCall(SNESGetSolutionUpdate(snes, &dy));
    PetscReal step = 0;
    PetscCall(VecNorm(dy, NORM_INFINITY, &step));
    double estimate = step;
    if (c.chord && !c.fresh_factor) {
      const double inf = std::numeric_limits<double>::infinity();
      const double rate = c.previous_step_norm > 0 ? step / c.previous_step_norm : inf;
      estimate = rate < 1 ? rate / (1 - rate) * step : inf;
      if (c.previous_step_norm > 0 && rate > kReuseRate) PetscCall(refresh_factor(snes));
    }
    c.previous_step_norm = step;
    c.fresh_factor = false;
    const double rounding = 4 * std::numeric_limits<double>::epsilon() * c.y.cwiseAbs().maxCoeff();
    if (estimate <= tolerance || step <= rounding) {
      *reason = SNES_CONVERGED_SNORM_RELATIVE;
      return 0;
    }
  }
  if (it >= kMaxIterations) *reason = SNES_DIVERGED_MAX_IT;
  return 0;
}

// One body, its stages and PETSc's SNES, built once per benchmark.
class FeIntegration {
 public:
  FeIntegration(const Workload& w, const std::string& method, const FeOptions& o)
      : p_(unconstrained(w)),
        phi_(*p_),
        tableau_(*find_integrator(method).tableau),
        h_(w.h_implicit) {
    const Index n = p_->dofs();
    const auto N = static_cast<PetscInt>(n);
    const int last = tableau_.stages() - 1;
    if ((tableau_.A.row(last).transpose() - tableau_.b).cwiseAbs().maxCoeff() != 0.0)
      throw std::invalid_argument("the FE peer takes stiffly accurate tableaux only");
    s0_ = p_->initial_state();
    stage_.phi = &phi_;
    stage_.chord = o.chord;
    stage_.y.setZero(n);
    stage_.g.setZero(n);
    // The pattern: the objective's Hessian triplets at a first stage.
    phi_.set_stage(s0_.q, tibench::Vec::Zero(n), h_ * tableau_.A(0, 0), h_ * tableau_.A(0, 0), 0);
    phi_.hessian(stage_.y, false, stage_.triplets);
    std::vector<PetscInt> rows, cols;
    for (const auto& t : stage_.triplets)
      rows.push_back(static_cast<PetscInt>(t.row())),
          cols.push_back(static_cast<PetscInt>(t.col()));
    stage_.nnz = rows.size();
    MatCreateSeqAIJ(PETSC_COMM_SELF, N, N, 0, nullptr, &H_);
    MatSetPreallocationCOO(H_, static_cast<PetscCount>(rows.size()), rows.data(), cols.data());
    MatSetOption(H_, MAT_SYMMETRIC, PETSC_TRUE);
    MatSetOption(H_, MAT_SYMMETRY_ETERNAL, PETSC_TRUE);
    VecCreateSeq(PETSC_COMM_SELF, N, &x_);
    VecDuplicate(x_, &r_);
    if (contact_workload(w)) bound_contact_vertices(w);
    configure(o);
  }
  ~FeIntegration() {
    VecDestroy(&xl_);
    VecDestroy(&xu_);
    SNESDestroy(&snes_);
    MatDestroy(&H_);
    VecDestroy(&x_);
    VecDestroy(&r_);
  }
  FeIntegration(const FeIntegration&) = delete;
  FeIntegration& operator=(const FeIntegration&) = delete;

  bool solve(long steps) {
    state_ = s0_;
    stage_.gradients = stage_.factorizations = stage_.projected_restarts = 0;
    newton_ = 0;
    for (long k = 0; k < steps; ++k)
      if (!step()) return false;
    return true;
  }
  StepCounts work() const {
    StepCounts counts{static_cast<double>(stage_.gradients), static_cast<double>(newton_),
                      static_cast<double>(stage_.factorizations)};
    counts.psd_fallbacks = static_cast<double>(stage_.projected_restarts);
    return counts;
  }
  const State& state() const { return state_; }

 private:
  // The problem without its contact model: the bounds are PETSc's.
  static std::unique_ptr<Problem> unconstrained(const Workload& w) {
    std::vector<std::string> params = w.params;
    if (contact_workload(w)) params.push_back("contact=none");
    return make_problem(w.problem, params);
  }

  // y ≥ −q̃_y for every contact vertex of the constrained problem (its
  // obstacle must be the ground y = 0 alone), as SNES VI bounds.
  void bound_contact_vertices(const Workload& w) {
    const auto constrained = w.make();
    const ObstacleContact* contact = constrained->contact();
    if (!contact || contact->obstacles().size() != 1 || contact->obstacles()[0].name != "ground" ||
        constrained->dofs() != p_->dofs())
      throw std::invalid_argument(w.id + ": the VI peer needs one ground obstacle");
    for (const Index d : contact->vertex_dofs()) stage_.bounded.push_back(d + 1);
    stage_.lower.setZero(static_cast<Index>(stage_.bounded.size()));
    VecDuplicate(x_, &xl_);
    VecDuplicate(x_, &xu_);
    VecSet(xl_, PETSC_NINFINITY);
    VecSet(xu_, PETSC_INFINITY);
  }

  // The bounds of a stage anchored at q̃.
  void set_bounds(const tibench::Vec& q_tilde) {
    if (stage_.bounded.empty()) return;
    PetscScalar* xl;
    VecGetArray(xl_, &xl);
    for (std::size_t k = 0; k < stage_.bounded.size(); ++k) {
      const Index i = stage_.bounded[k];
      stage_.lower[static_cast<Index>(k)] = xl[i] = -q_tilde[i];
    }
    VecRestoreArray(xl_, &xl);
    SNESVISetVariableBounds(snes_, xl_, xu_);
  }

  void configure(const FeOptions& o) {
    SNESCreate(PETSC_COMM_SELF, &snes_);
    SNESSetType(snes_, stage_.bounded.empty() ? SNESNEWTONLS : SNESVINEWTONRSLS);
    SNESSetFunction(snes_, r_, gradient, &stage_);
    SNESSetJacobian(snes_, H_, H_, hessian, &stage_);
    SNESSetConvergenceTest(snes_, converged, &stage_, nullptr);
    SNESSetTolerances(snes_, 0, 0, 0, kMaxIterations, 100000);
    SNESLineSearch ls;
    SNESGetLineSearch(snes_, &ls);
    SNESLineSearchSetType(ls, SNESLINESEARCHBT);
    KSP ksp;
    SNESGetKSP(snes_, &ksp);
    KSPSetType(ksp, KSPPREONLY);
    PC pc;
    KSPGetPC(ksp, &pc);
    PCSetType(pc, PCCHOLESKY);
    PCFactorSetMatSolverType(pc, o.factor_package);
    // kCholmodOrdering, unless PETSC_OPTIONS says otherwise.
    PetscBool set = PETSC_FALSE;
    PetscOptionsHasName(nullptr, nullptr, kCholmodOrdering.name, &set);
    if (!set && std::string(o.factor_package) == MATSOLVERCHOLMOD)
      PetscOptionsSetValue(nullptr, kCholmodOrdering.name, kCholmodOrdering.value);
    if (o.chord) {
      SNESSetLagJacobian(snes_, -2);
      SNESSetLagJacobianPersists(snes_, PETSC_TRUE);
      SNESSetLagPreconditioner(snes_, -2);
      SNESSetLagPreconditionerPersists(snes_, PETSC_TRUE);
    }
    SNESSetFromOptions(snes_);
  }

  // One step of the stiffly accurate DIRK: stage i from
  // (q̃, ṽ) = (q_n, v_n) + h Σ_{j<i} a_ij (V_j, A_j), as our engine forms it.
  bool step() {
    const int s = tableau_.stages();
    std::vector<tibench::Vec> V(s), A(s);
    tibench::Vec q_tilde, v_tilde;
    for (int i = 0; i < s; ++i) {
      q_tilde = state_.q;
      v_tilde = state_.v;
      for (int j = 0; j < i; ++j) {
        if (tableau_.A(i, j) == 0.0) continue;
        q_tilde += h_ * tableau_.A(i, j) * V[j];
        v_tilde += h_ * tableau_.A(i, j) * A[j];
      }
      const double tau = h_ * tableau_.A(i, i);
      stage_.y = tau * v_tilde;
      phi_.set_stage(q_tilde, stage_.y, tau, tau, state_.t + tableau_.c[i] * h_);
      set_bounds(q_tilde);
      if (!solve_stage()) return false;
      V[i] = stage_.y / tau;
      A[i] = (V[i] - v_tilde) / tau;
    }
    state_.q = q_tilde + stage_.y;
    state_.v = V[s - 1];
    state_.t += h_;
    return true;
  }

  // A factorization CHOLMOD refuses (the Hessian not positive definite)
  // ends SNESSolve with an error; the stage is then solved again from its
  // last iterate with the PSD-projected element Hessians, the fallback our
  // Newton takes for the one iteration (counter psd_per_step).
  bool solve_stage() {
    if (attempt()) return true;
    if (stage_.project) return false;
    stage_.project = true;
    ++stage_.projected_restarts;
    // PETSc's CHOLMOD interface cannot refactor after a refused factor
    // (cholmod_resymbol on the partial supernodal L): a fresh one.
    KSP ksp;
    SNESGetKSP(snes_, &ksp);
    PC pc;
    KSPGetPC(ksp, &pc);
    PCReset(pc);
    if (stage_.chord) refresh_factor(snes_);
    const bool solved = attempt();
    stage_.project = false;
    if (stage_.chord) refresh_factor(snes_);  // the next stage factors the plain Hessian again
    return solved;
  }

  bool attempt() {
    fill_petsc(x_, stage_.y);
    stage_.previous_step_norm = 0.0;
    // A refused factorization is a return code here, not a trace on stderr.
    PetscPushErrorHandler(PetscReturnErrorHandler, nullptr);
    const int levels = omp_get_max_active_levels();
    omp_set_max_active_levels(0);
    const PetscErrorCode failed = SNESSolve(snes_, nullptr, x_);
    omp_set_max_active_levels(levels);
    PetscPopErrorHandler();
    if (failed) {
      read_petsc(x_, stage_.y);
      return false;
    }
    SNESConvergedReason reason;
    SNESGetConvergedReason(snes_, &reason);
    PetscInt its = 0;
    SNESGetIterationNumber(snes_, &its);
    newton_ += its;
    read_petsc(x_, stage_.y);
    return reason > 0;
  }

  std::unique_ptr<Problem> p_;
  IncrementalPotential phi_;
  ButcherTableau tableau_;
  double h_;
  State s0_, state_;
  Stage stage_;
  long newton_ = 0;
  Mat H_ = nullptr;
  ::Vec x_ = nullptr, r_ = nullptr, xl_ = nullptr, xu_ = nullptr;
  SNES snes_ = nullptr;
};

// Our row's final state, for diff_ours: computed once per workload, method
// and solver option (every repetition of a peer row, and both packages,
// compare with the same state; the run is deterministic).
const State& ours_final(const Workload& w, const std::string& method, bool chord) {
  static std::map<std::string, State> cache;
  const std::string key = w.id + "/" + method + (chord ? "+reuse" : "");
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  const auto p = w.make();
  std::vector<std::string> params{"linear_solver=cholmod"};
  if (chord) params.push_back("jacobian_reuse=true");
  auto stepper = find_integrator(method).stepper(*p, w.h_implicit, params);
  State s = p->initial_state();
  for (long k = 0; k < w.steps_implicit; ++k)
    if (stepper->step(s).status != StepStatus::ok)
      throw std::runtime_error("our " + method + " row failed on " + w.id);
  return cache.emplace(key, std::move(s)).first->second;
}

void run(benchmark::State& state, const Workload& w, const std::string& method,
         const FeOptions& o) {
  reset_peak_memory();
  const auto setup_start = std::chrono::steady_clock::now();
  auto fe = std::make_unique<FeIntegration>(w, method, o);
  const double setup_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - setup_start)
          .count();
  StepCounts totals;
  for (auto _ : state) {
    if (!fe->solve(w.steps_implicit)) {
      state.SkipWithError("PETSc's SNES did not converge");
      return;
    }
    state.PauseTiming();
    const StepCounts work = fe->work();
    totals.rhs += work.rhs;
    totals.newton += work.newton;
    totals.solves += work.solves;
    totals.psd_fallbacks += work.psd_fallbacks;
    state.ResumeTiming();
  }
  // The same steps to the same tolerance: the peer's state must agree with
  // ours far below the discretization error (observed: 5e-14 to 7e-11).
  const State& ours = ours_final(w, method, o.chord);
  const double diff = max_error(fe->state().q, fe->state().v, ours);
  const double magnitude = std::max(ours.q.cwiseAbs().maxCoeff(), ours.v.cwiseAbs().maxCoeff());
  if (!(diff <= 1e-8 * magnitude)) {
    state.SkipWithError(
        ("the peer's final state differs from ours by " + std::to_string(diff)).c_str());
    return;
  }
  set_counters(state, w, w.steps_implicit, totals, std::nan(""));
  const double steps = static_cast<double>(state.iterations() * w.steps_implicit);
  state.counters["factor_per_step"] = totals.solves / steps;
  state.counters["psd_per_step"] = totals.psd_fallbacks / steps;
  state.counters["diff_ours"] = diff;
  state.counters["setup_us"] = setup_us;
  state.counters["dofs"] = static_cast<double>(fe->state().q.size());
  state.counters["peak_mb"] = peak_memory_mb();
}

}  // namespace

void register_petsc_fe() {
  struct Package {
    const char* suffix;
    const char* type;
  };
  const Package packages[] = {{"cholmod", MATSOLVERCHOLMOD}, {"mumps", MATSOLVERMUMPS}};
  for (const auto& w : workloads()) {
    if (!fe_workload(w)) continue;
    for (const char* method : {"backward-euler", "sdirk2"}) {
      for (const bool chord : {false, true}) {
        if (chord && contact_workload(w)) continue;  // full Newton only under contact
        for (const auto& package : packages) {
          const std::string row = std::string(method) + (chord ? "+reuse+cholmod" : "+cholmod");
          const std::string impl = std::string("petsc-") + package.suffix;
          const std::string name = w.id + "/" + row + "/" + impl;
          const FeOptions o{package.type, chord};
          benchmark::RegisterBenchmark(
              name.c_str(), [&w, method, o](benchmark::State& st) { run(st, w, method, o); })
              ->Unit(benchmark::kMillisecond)
              ->UseRealTime();
          std::string settings =
              std::string(contact_workload(w)
                              ? "SNESVINEWTONRSLS (bounds y >= ground on the contact vertices)"
                              : "SNESNEWTONLS") +
              ", line search bt on |F|^2, KSPPREONLY + PCCHOLESKY with " +
              std::string(package.type) +
              (std::string(package.type) == MATSOLVERCHOLMOD
                   ? std::string(" (") + kCholmodOrdering.name + " " + kCholmodOrdering.value +
                         ": AMD or METIS, the sparser factor)"
                   : "") +
              ", SEQAIJ by COO (symmetric, symbolic factorization reused), our stopping rule "
              "(newton_tol 1e-12, inf-norms) as SNES convergence test, stage start at the "
              "inertial target";
          settings += chord ? ", factor lagged as our chord Newton (refresh when a step "
                              "contracts by > 0.1; lag -1/-2, persistent)"
                            : ", Jacobian and factor every iteration";
          describe_peer(name, settings + " (" + petsc_version() + ")");
        }
      }
    }
  }
}

}  // namespace tibench::bench
#endif
