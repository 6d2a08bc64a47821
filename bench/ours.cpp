// Our engines, through the registry exactly as the harness builds them
// (default integrator parameters unless a row says otherwise), stepping the
// workload's problem directly (no observers, as the peers run).
#include <algorithm>
#include <cmath>
#include <limits>

#include <valgrind/callgrind.h>

#include "bench/suite.hpp"
#include "integrators/registry.hpp"
#include "integrators/runge_kutta.hpp"

namespace tibench::bench {
namespace {

// SUNDIALS's ARKODE_SDIRK_2_1_2 (A = [[1, 0], [−1, 1]], b = [½, ½]) run by
// our generic engine, so that the ARKODE DIRK row has a same-method partner.
std::unique_ptr<Stepper> sdirk_2_1_2(const Problem& p, double h) {
  Eigen::MatrixXd A(2, 2);
  A << 1.0, 0.0, -1.0, 1.0;
  Eigen::VectorXd b(2);
  b << 0.5, 0.5;
  return std::make_unique<RungeKuttaStepper>(p, ButcherTableau::from_matrices("sdirk-2-1-2", A, b),
                                             h, NewtonOptions{});
}

void run(benchmark::State& state, const Workload& w, const std::string& method, bool is_explicit,
         const std::vector<std::string>& iparams) {
  const auto p = w.make();
  const double h = is_explicit ? w.h_explicit : w.h_implicit;
  const long steps = is_explicit ? w.steps_explicit : w.steps_implicit;
  StepCounts totals;
  double err = std::numeric_limits<double>::quiet_NaN();
  for (auto _ : state) {
    state.PauseTiming();
    auto stepper = method == "sdirk-2-1-2" ? sdirk_2_1_2(*p, h)
                                           : find_integrator(method).stepper(*p, h, iparams);
    State s = p->initial_state();
    state.ResumeTiming();
    for (long n = 0; n < steps; ++n) {
      const StepReport r = stepper->step(s);
      totals.rhs += static_cast<double>(r.rhs_evals);
      totals.newton += r.newton_iters;
      totals.solves += r.linear_solves;
      if (r.status != StepStatus::ok) {
        state.SkipWithError(("step failed: " + r.message).c_str());
        return;
      }
    }
    state.PauseTiming();
    if (!is_explicit && std::isnan(err)) err = max_error(s.q, s.v, reference_at(w, h, steps));
    state.ResumeTiming();
  }
  set_counters(state, w, steps, totals, err);
}

struct Row {
  std::string method;
  bool is_explicit;
  std::vector<std::string> iparams = {};
  std::string label = "";  // name suffix when iparams differ from the defaults
};

}  // namespace

void register_ours() {
  const std::vector<Row> implicit_rows{
      {"backward-euler", false}, {"implicit-midpoint", false}, {"trapezoidal", false},
      {"sdirk2", false},         {"tr-bdf2", false},           {"ros34pw2", false},
      {"bdf2", false},           {"a-search", false},          {"sdirk-2-1-2", false}};
  for (const auto& w : workloads()) {
    std::vector<Row> rows{{"rk4", true}};
    if (w.id == "beam") {
      rows.push_back({"sdirk2", false});
      rows.push_back({"backward-euler", false});
      // Non-default solver options, labelled: the chord-Newton option (same
      // tolerance, factor kept while it contracts), the CHOLMOD backend when
      // this build has it, and the looser tolerance animation codes use.
      rows.push_back({"sdirk2", false, {"jacobian_reuse=true"}, "+reuse"});
      rows.push_back({"sdirk2", false, {"jacobian_reuse=true", "newton_tol=1e-6"}, "+reuse+tol1e-6"});
      const auto backends = linear_solver_ids();
      if (std::find(backends.begin(), backends.end(), "cholmod") != backends.end()) {
        rows.push_back({"sdirk2", false, {"linear_solver=cholmod"}, "+cholmod"});
        rows.push_back(
            {"sdirk2", false, {"jacobian_reuse=true", "linear_solver=cholmod"}, "+reuse+cholmod"});
        rows.push_back({"sdirk2",
                        false,
                        {"jacobian_reuse=true", "linear_solver=cholmod", "newton_tol=1e-6"},
                        "+reuse+cholmod+tol1e-6"});
      }
    } else {
      rows.insert(rows.end(), implicit_rows.begin(), implicit_rows.end());
    }
    for (const auto& row : rows) {
      const std::string name = w.id + "/" + row.method + row.label + "/tibench";
      benchmark::RegisterBenchmark(name.c_str(), [&w, row](benchmark::State& st) {
        run(st, w, row.method, row.is_explicit, row.iparams);
      })->Unit(benchmark::kMicrosecond)->UseRealTime();
    }
  }
}

long instructions_run(const std::string& name) {
  const auto a = name.find('/');
  const auto b = name.find('/', a + 1);
  const Workload& w = workload(name.substr(0, a));
  const std::string method = name.substr(a + 1, b == std::string::npos ? b : b - a - 1);
  const std::string impl = b == std::string::npos ? "tibench" : name.substr(b + 1);
  if (impl != "tibench") return instructions_run_peer(w, impl);
  const auto p = w.make();
  const bool is_explicit = method == "rk4";
  const double h = is_explicit ? w.h_explicit : w.h_implicit;
  const long steps = is_explicit ? w.steps_explicit : w.steps_implicit;
  auto stepper = method == "sdirk-2-1-2" ? sdirk_2_1_2(*p, h) : find_integrator(method).stepper(*p, h);
  State s = p->initial_state();
  CALLGRIND_START_INSTRUMENTATION;
  for (long n = 0; n < steps; ++n) stepper->step(s);
  CALLGRIND_STOP_INSTRUMENTATION;
  return steps;
}

void set_counters(benchmark::State& state, const Workload& w, long steps_per_iteration,
                  const StepCounts& totals, double err_tend) {
  const double steps = static_cast<double>(state.iterations()) * static_cast<double>(steps_per_iteration);
  state.counters["steps_per_s"] = benchmark::Counter(steps, benchmark::Counter::kIsRate);
  state.counters["rhs_per_step"] = totals.rhs / steps;
  state.counters["ns_per_rhs"] = rhs_nanoseconds(w);
  state.counters["newton_per_step"] = totals.newton / steps;
  state.counters["solves_per_step"] = totals.solves / steps;
  state.counters["err_tend"] = err_tend;
}

}  // namespace tibench::bench
