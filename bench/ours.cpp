// Our engines, through the registry exactly as the harness builds them
// (default integrator parameters unless a row says otherwise), stepping the
// workload's problem directly (no observers, as the peers run).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <vector>

#include <valgrind/callgrind.h>

#include "bench/suite.hpp"
#include "integrators/engines/energy_blending.hpp"
#include "integrators/engines/qp_corrector.hpp"
#include "integrators/engines/runge_kutta.hpp"
#include "integrators/methods/registry.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench::bench {
namespace {

// SUNDIALS's ARKODE_SDIRK_2_1_2 (A = [[1, 0], [−1, 1]], b = [½, ½]) run by
// our generic engine, so that the ARKODE DIRK row has a same-method partner.
const ButcherTableau& sdirk_2_1_2() {
  static const ButcherTableau tableau = [] {
    Eigen::MatrixXd A(2, 2);
    A << 1.0, 0.0, -1.0, 1.0;
    Eigen::VectorXd b(2);
    b << 0.5, 0.5;
    return ButcherTableau::from_matrices("sdirk-2-1-2", A, b);
  }();
  return tableau;
}

struct Row {
  std::string method;
  bool is_explicit;
  std::vector<std::string> iparams = {};
  std::string label = "";  // name suffix when iparams differ from the defaults
  // "tibench", or "tibench-supernodal" for a row whose linear_solver=cholmod
  // became linear_solver=supernodal (the same name, so that the ratio table
  // sets it beside the peer of the CHOLMOD row).
  std::string implementation = "tibench";

  std::string name() const { return method + label; }
};

// rows, each also with linear_solver=supernodal in place of cholmod.
std::vector<Row> with_supernodal(std::vector<Row> rows) {
  const std::size_t n = rows.size();
  for (std::size_t i = 0; i < n; ++i) {
    Row r = rows[i];
    const auto it = std::find(r.iparams.begin(), r.iparams.end(), "linear_solver=cholmod");
    if (it == r.iparams.end()) continue;
    *it = "linear_solver=supernodal";
    r.implementation = "tibench-supernodal";
    rows.push_back(r);
  }
  return rows;
}

std::unique_ptr<Stepper> make_stepper(const Row& row, const Problem& p, double h) {
  if (row.method == "sdirk-2-1-2")
    return std::make_unique<RungeKuttaStepper>(p, sdirk_2_1_2(), h, StageSolverOptions{});
  return find_integrator(row.method).stepper(p, h, row.iparams);
}

// Stages with a Newton solve (nonzero diagonal of A); 0 when the method is
// not a Butcher tableau.
int implicit_stages(const std::string& method) {
  const ButcherTableau* tableau = &sdirk_2_1_2();
  if (method != "sdirk-2-1-2") {
    const auto& registered = find_integrator(method).tableau;
    if (!registered) return 0;
    tableau = &*registered;
  }
  int n = 0;
  for (Index i = 0; i < tableau->A.rows(); ++i) n += tableau->A(i, i) != 0.0;
  return n;
}

// The counters only some steppers have: the local/global split, the blend's
// α search, the QP corrector's solves.
void set_stepper_counters(benchmark::State& state, const Stepper& stepper, const StepCounts& totals,
                          double all_steps) {
  if (totals.local_seconds > 0) {
    // solver=local-global: the split of a step between its local and global steps.
    state.counters["local_us"] = 1e6 * totals.local_seconds / all_steps;
    state.counters["global_us"] = 1e6 * totals.global_seconds / all_steps;
  }
  if (const auto* blend = dynamic_cast<const BlendStepper*>(&stepper))
    state.counters["alpha_us"] = 1e6 * blend->alpha_search_seconds() / all_steps;
  if (const auto* qp = dynamic_cast<const QpCorrectorStepper*>(&stepper)) {
    // The corrector's share: its QP solves, per iteration (one simulated run).
    const double runs = static_cast<double>(state.iterations());
    state.counters["qp_seconds"] = qp->stats().solve_seconds / runs;
    state.counters["qp_solves"] = static_cast<double>(qp->stats().qps) / runs;
    state.counters["qp_iterations"] =
        static_cast<double>(qp->stats().iterations) / std::max(1.0, double(qp->stats().qps));
    state.counters["qp_max_kkt"] = qp->stats().max_kkt;
  }
}

bool have_cholmod() { return linear_solver_available("cholmod"); }

// One factorization of the stage matrix (the inertia's diagonal plus ∇²P:
// the pattern of every stage matrix of a free body) as the rows' own
// CHOLMOD orders it (the same pattern, the same method table): its
// operation count and nnz(L), from the analysis of the kept ordering, and the median
// wall time of one solve with it (forward and back substitution, the
// permutations included). A chord Newton iteration that keeps its factor
// still pays that solve, so its growth with the mesh bounds the growth of
// a step's time from below whatever the factorizations per step. And the
// share of the supernodal factorization's work in its root chain (the
// supernodes from the root down to the first that has more than one
// child: the top separator of the nested dissection), each supernode's
// work taken as Σ over its columns j of (rows − j)², the dense updates'
// operation count: a factorization that ran everything below the chain on
// two cores, perfectly balanced, would still take (1 + share)/2 of the
// serial one. NaN without CHOLMOD (the share also for a simplicial factor).
struct FactorProfile {
  double flops = std::numeric_limits<double>::quiet_NaN();
  double nonzeros = std::numeric_limits<double>::quiet_NaN();  // nnz(L)
  double solve_seconds = std::numeric_limits<double>::quiet_NaN();
  double root_share = std::numeric_limits<double>::quiet_NaN();
};

double root_chain_share(const std::vector<CholmodSupernode>& supernodes) {
  const std::size_t count = supernodes.size();
  std::vector<double> work(count, 0.0);
  std::vector<int> children(count, 0);
  double total = 0.0;
  for (std::size_t k = 0; k < count; ++k) {
    const CholmodSupernode& s = supernodes[k];
    for (Index j = 0; j < s.columns; ++j)
      work[k] += static_cast<double>(s.rows - j) * static_cast<double>(s.rows - j);
    total += work[k];
    if (s.parent >= 0) ++children[static_cast<std::size_t>(s.parent)];
  }
  if (count == 0 || supernodes.back().parent != -1) return std::numeric_limits<double>::quiet_NaN();
  double chain = 0.0;
  for (std::size_t k = count - 1;; --k) {
    chain += work[k];
    if (children[k] != 1 || supernodes[k - 1].parent != static_cast<Index>(k)) break;
  }
  return chain / total;
}

FactorProfile cholmod_factor_profile(const Problem& p) {
  FactorProfile profile;
  if (!have_cholmod()) return profile;
  Triplets t;
  for (Index i = 0; i < p.dofs(); ++i) t.emplace_back(i, i, 1.0);
  p.hessian(p.initial_state().q, t, true);
  SparseMatrix A(p.dofs(), p.dofs());
  A.setFromTriplets(t.begin(), t.end());
  SymmetricFactorization f(LinearSolver::cholmod, false);
  if (!f.factorize(A, true).factorized) return profile;
  for (const CholmodOrdering& o : f.cholmod_orderings())
    if (o.kept) {
      profile.flops = o.flops;
      profile.nonzeros = o.factor_nonzeros;
    }
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  Vec x(A.rows());
  f.solve(b, x);  // the first touches the factor's pages
  std::vector<double> seconds;
  for (int r = 0; r < 9; ++r) {
    const auto start = std::chrono::steady_clock::now();
    f.solve(b, x);
    benchmark::DoNotOptimize(x.data());
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + 4, seconds.end());
  profile.solve_seconds = seconds[4];
  if (f.cholmod_supernodal()) profile.root_share = root_chain_share(f.cholmod_supernodes());
  return profile;
}

// The stepper is built once (setup_us: construction, i.e. symbolic analysis
// and the registry's checks) and reused by every iteration from the initial
// state, as the peers reuse their integrators; multistep methods, whose
// stepper holds the previous state, get a fresh one per iteration (built
// outside the timing). The last iteration's final
// state must equal the first's to 1e-9 of its magnitude (counter
// rerun_diff): a stepper may carry a Newton initial guess from one use to
// the next (BDF2's starter does), which moves the result within the solver
// tolerance, but a leaked history or factor would move it by far more.
void run(benchmark::State& state, const Workload& w, const Row& row) {
  reset_peak_memory();
  const bool is_explicit = row.is_explicit;
  const auto p = w.make();
  const double h = is_explicit ? w.h_explicit : w.h_implicit;
  const long steps = is_explicit ? w.steps_explicit : w.steps_implicit;
  const auto setup_start = std::chrono::steady_clock::now();
  auto stepper = make_stepper(row, *p, h);
  const double setup_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - setup_start)
          .count();
  const State s0 = p->initial_state();
  const bool measure_error = !is_explicit && w.rk4_reference;
  StepCounts totals;
  double err = std::numeric_limits<double>::quiet_NaN();
  State s = s0, first_final;
  bool first = true;
  const bool fresh_per_iteration = stepper->history_size() > 0;
  for (auto _ : state) {
    state.PauseTiming();
    s = s0;
    if (fresh_per_iteration && !first) stepper = make_stepper(row, *p, h);
    state.ResumeTiming();
    for (long n = 0; n < steps; ++n) {
      const StepReport r = stepper->step(s);
      totals.rhs += static_cast<double>(r.rhs_evals);
      totals.newton += r.newton_iters;
      totals.solves += r.linear_solves;
      totals.factorizations += r.factorizations;
      totals.local_seconds += r.local_seconds;
      totals.global_seconds += r.global_seconds;
      totals.psd_fallbacks += r.psd_fallbacks;
      if (r.contacts > 0) totals.contact_steps += 1;
      if (r.status != StepStatus::ok) {
        state.SkipWithError(("step failed: " + r.message).c_str());
        return;
      }
    }
    state.PauseTiming();
    if (first) {
      first_final = s;
      if (measure_error) err = max_error(s.q, s.v, reference_at(w, h, steps));
      first = false;
    }
    state.ResumeTiming();
  }
  const double rerun_diff = max_error(s.q, s.v, first_final);
  const double magnitude = std::max(s.q.cwiseAbs().maxCoeff(), s.v.cwiseAbs().maxCoeff());
  if (!(rerun_diff <= 1e-9 * magnitude)) {
    state.SkipWithError("the reused stepper's result changed between iterations");
    return;
  }
  set_counters(state, w, steps, totals, err);
  state.counters["setup_us"] = setup_us;
  state.counters["dofs"] = static_cast<double>(p->dofs());
  for (const auto& [key, value] : p->provenance())
    if (key == "mesh_tets") state.counters["tets"] = std::stod(value);
  state.counters["peak_mb"] = peak_memory_mb();
  const double all_steps = static_cast<double>(state.iterations()) * static_cast<double>(steps);
  state.counters["psd_per_step"] = totals.psd_fallbacks / all_steps;
  state.counters["contact_steps"] = totals.contact_steps / static_cast<double>(state.iterations());
  set_stepper_counters(state, *stepper, totals, all_steps);
  state.counters["rerun_diff"] = rerun_diff;
  if (row.method == "rk4") state.counters["floor_us"] = rk4_floor_microseconds(w);
  if (w.id.rfind("ball-scaling-", 0) == 0) {
    // One analysis and factorization per workload (seconds at 76k), not per
    // row and repetition: the pattern is the workload's.
    static std::map<std::string, FactorProfile> profiles;
    auto it = profiles.find(w.id);
    if (it == profiles.end()) it = profiles.emplace(w.id, cholmod_factor_profile(*p)).first;
    state.counters["gflop_per_factor"] = 1e-9 * it->second.flops;
    state.counters["factor_mnz"] = 1e-6 * it->second.nonzeros;
    state.counters["solve_ms"] = 1e3 * it->second.solve_seconds;
    state.counters["root_share"] = it->second.root_share;
  }
  if (const int stages = implicit_stages(row.method); stages > 0) {
    state.counters["newton_per_stage"] = state.counters["newton_per_step"] / stages;
    state.counters["factor_per_step"] = totals.factorizations / all_steps;
  }
}

// Dinev et al. 2018 Table 1: backward Euler and the blend with Newton to
// convergence and with 10 local/global iterations (1 for the blend's
// stabilization), and implicit midpoint with 10 (their Table 2).
std::vector<Row> dinev_rows() {
  const std::vector<std::string> lg = {"solver=local-global"};
  return {{"backward-euler", false},
          {"blend-im", false},
          {"backward-euler", false, lg, "+local-global"},
          {"blend-im", false, lg, "+local-global"},
          {"implicit-midpoint", false, lg, "+local-global"}};
}

// Brown et al. 2018's optimization integrators with ADMM at 10 iterations
// (their fixed-iteration mode) against Newton to convergence, as tibench
// runs it by default and as an animation code would (chord Newton, CHOLMOD,
// newton_tol 1e-6).
std::vector<Row> admm_rows(bool cholmod) {
  std::vector<Row> rows;
  for (const char* m : {"opt-backward-euler", "opt-tr-bdf2"}) {
    rows.push_back({m, false});
    rows.push_back({m, false, {"solver=admm"}, "+admm"});
    if (cholmod)
      rows.push_back({m,
                      false,
                      {"jacobian_reuse=true", "linear_solver=cholmod", "newton_tol=1e-6"},
                      "+reuse+cholmod+tol1e-6"});
  }
  return rows;
}

// The QP corrector after the predictor as the ball-drop-5k rows run it.
std::vector<Row> ball_qp_rows(bool cholmod) {
  std::vector<Row> rows{
      {"sdirk2", false, {"jacobian_reuse=true", "contact=qp-corrector"}, "+reuse+qp"}};
  if (cholmod)
    for (const char* m : {"sdirk2", "backward-euler"}) {
      rows.push_back({m,
                      false,
                      {"jacobian_reuse=true", "linear_solver=cholmod", "contact=qp-corrector"},
                      "+reuse+cholmod+qp"});
      rows.push_back({m,
                      false,
                      {"jacobian_reuse=true", "linear_solver=cholmod", "contact=qp-corrector",
                       "qp_formulation=dual"},
                      "+reuse+cholmod+qp-dual"});
    }
  return rows;
}

// The scaling rows: backward Euler and SDIRK2 as an expert would run a
// large body (chord Newton, CHOLMOD), plain Newton with LDLᵀ without it.
std::vector<Row> ball_scaling_rows(bool cholmod) {
  if (!cholmod) return {{"backward-euler", false}, {"sdirk2", false}};
  const std::vector<std::string> fast{"jacobian_reuse=true", "linear_solver=cholmod"};
  return {{"backward-euler", false, fast, "+reuse+cholmod"},
          {"sdirk2", false, fast, "+reuse+cholmod"}};
}

// The PETSc SNES peer's rows (bench/petsc_fe_peer.cpp): backward Euler and
// SDIRK2 with CHOLMOD, full Newton and, without contact (ball-free-*), chord
// Newton.
std::vector<Row> ball_peer_rows(bool cholmod, bool chord) {
  if (!cholmod) return {{"backward-euler", false}, {"sdirk2", false}};
  std::vector<Row> rows;
  for (const char* m : {"backward-euler", "sdirk2"}) {
    rows.push_back({m, false, {"linear_solver=cholmod"}, "+cholmod"});
    if (chord)
      rows.push_back(
          {m, false, {"jacobian_reuse=true", "linear_solver=cholmod"}, "+reuse+cholmod"});
  }
  return rows;
}

// Löschner et al. 2020 Table 1's rows at each step size: backward Euler at
// every one, SDIRK2 and TR-BDF2(B) at 5 ms. The jello (1,458 dofs) with the
// registry's defaults (the long matrix's settings) and CHOLMOD when the
// build has it; the cloth (56,163 dofs) with CHOLMOD only when the build
// has it: there the default simplicial LDLᵀ takes 13 s per step against
// CHOLMOD's 3.6 s, and no expert would run it.
std::vector<Row> loschner_rows(const Workload& w, bool cholmod) {
  std::vector<const char*> methods{"backward-euler"};
  if (w.h_implicit == 5e-3) {
    methods.push_back("sdirk2");
    methods.push_back("tr-bdf2-bathe");
  }
  const bool cloth = w.id.rfind("loschner-cloth-", 0) == 0;
  std::vector<Row> rows;
  for (const char* m : methods) {
    if (!cloth || !cholmod) rows.push_back({m, false});
    if (cholmod) rows.push_back({m, false, {"linear_solver=cholmod"}, "+cholmod"});
  }
  return rows;
}

// Our rows on a workload: RK4 everywhere, the implicit methods on the
// chains, and on the beam SDIRK2 with each solver option.
std::vector<Row> rows_for(const Workload& w) {
  const bool cholmod = have_cholmod();
  if (w.id == "dinev-bar" || w.id == "dinev-cube") return dinev_rows();
  if (w.id == "ball-5k-admm") return admm_rows(cholmod);
  if (w.id.rfind("loschner-", 0) == 0) return loschner_rows(w, cholmod);
  if (w.id == "ball-drop-5k-qp") return ball_qp_rows(cholmod);
  if (w.id.rfind("ball-scaling-", 0) == 0) return ball_scaling_rows(cholmod);
  if (w.id.rfind("ball-free-", 0) == 0) return with_supernodal(ball_peer_rows(cholmod, true));
  if (w.id.rfind("ball-contact-", 0) == 0) return with_supernodal(ball_peer_rows(cholmod, false));
  // Non-default solver options, labelled: the chord-Newton option (same
  // tolerance, factor kept while it contracts), the CHOLMOD backend when this
  // build has it, and the looser tolerance animation codes use.
  const Row reuse{"sdirk2", false, {"jacobian_reuse=true"}, "+reuse"};
  const Row reuse_loose{
      "sdirk2", false, {"jacobian_reuse=true", "newton_tol=1e-6"}, "+reuse+tol1e-6"};
  const Row cholmod_reuse_loose{"sdirk2",
                                false,
                                {"jacobian_reuse=true", "linear_solver=cholmod", "newton_tol=1e-6"},
                                "+reuse+cholmod+tol1e-6"};
  const Row cholmod_reuse{
      "sdirk2", false, {"jacobian_reuse=true", "linear_solver=cholmod"}, "+reuse+cholmod"};
  if (w.id == "ball-drop-5k") {
    // Gast & Schroeder's Newton-CG against the LDL^T Newton, same tolerance.
    std::vector<Row> rows{reuse,
                          {"backward-euler", false},
                          {"backward-euler", false, {"solver=newton-cg"}, "+newton-cg"}};
    if (cholmod) {
      rows.push_back(cholmod_reuse);
      rows.push_back({"backward-euler",
                      false,
                      {"jacobian_reuse=true", "linear_solver=cholmod"},
                      "+reuse+cholmod"});
    }
    return rows;
  }
  if (w.id == "beam-1s") {
    std::vector<Row> rows{{"sdirk2", false}, reuse, reuse_loose};
    if (cholmod) {
      rows.push_back(cholmod_reuse);
      rows.push_back(cholmod_reuse_loose);
    }
    return rows;
  }
  std::vector<Row> rows{{"rk4", true}};
  if (w.id == "beam") {
    rows.push_back({"sdirk2", false});
    rows.push_back({"backward-euler", false});
    rows.push_back(reuse);
    rows.push_back(reuse_loose);
    if (cholmod) {
      rows.push_back({"sdirk2", false, {"linear_solver=cholmod"}, "+cholmod"});
      rows.push_back(cholmod_reuse);
      rows.push_back(cholmod_reuse_loose);
    }
    return rows;
  }
  for (const char* m :
       {"backward-euler", "implicit-midpoint", "trapezoidal", "sdirk2", "tr-bdf2", "ros34pw2",
        "bdf2", "a-search", "sdirk-2-1-2", "newmark", "generalized-alpha"})
    rows.push_back({m, false});
  return rows;
}

}  // namespace

void register_ours() {
  for (const auto& w : workloads()) {
    for (const auto& row : rows_for(w)) {
      const std::string name = w.id + "/" + row.name() + "/" + row.implementation;
      benchmark::RegisterBenchmark(name.c_str(),
                                   [&w, row](benchmark::State& st) { run(st, w, row); })
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
}

long instructions_run(const std::string& name) {
  const auto a = name.find('/');
  const auto b = name.find('/', a + 1);
  const Workload& w = workload(name.substr(0, a));
  const std::string method = name.substr(a + 1, b == std::string::npos ? b : b - a - 1);
  const std::string impl = b == std::string::npos ? "tibench" : name.substr(b + 1);
  if (impl.rfind("tibench", 0) != 0) return instructions_run_peer(w, impl);
  const auto rows = rows_for(w);
  const auto row = std::find_if(rows.begin(), rows.end(), [&](const Row& r) {
    return r.name() == method && r.implementation == impl;
  });
  if (row == rows.end()) throw std::invalid_argument("no tibench row " + method + " on " + w.id);
  const auto p = w.make();
  const double h = row->is_explicit ? w.h_explicit : w.h_implicit;
  const long steps = row->is_explicit ? w.steps_explicit : w.steps_implicit;
  auto stepper = make_stepper(*row, *p, h);
  State s = p->initial_state();
  // One step before counting: the symbolic analysis, the first factor and
  // a multistep method's starter are setup, not the cost per step.
  stepper->step(s);
  CALLGRIND_START_INSTRUMENTATION;
  for (long n = 0; n < steps; ++n) stepper->step(s);
  CALLGRIND_STOP_INSTRUMENTATION;
  return steps;
}

void set_counters(benchmark::State& state, const Workload& w, long steps_per_iteration,
                  const StepCounts& totals, double err_tend) {
  const double steps =
      static_cast<double>(state.iterations()) * static_cast<double>(steps_per_iteration);
  state.counters["steps_per_s"] = benchmark::Counter(steps, benchmark::Counter::kIsRate);
  state.counters["rhs_per_step"] = totals.rhs / steps;
  state.counters["ns_per_rhs"] = rhs_nanoseconds(w);
  state.counters["newton_per_step"] = totals.newton / steps;
  state.counters["solves_per_step"] = totals.solves / steps;
  state.counters["err_tend"] = err_tend;
}

}  // namespace tibench::bench
