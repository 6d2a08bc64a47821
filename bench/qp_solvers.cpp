// The contact corrector's QP solvers side by side (solvers/qp/): one QP
// of the bouncing ball's first impact (ball-drop, contact = none, backward
// Euler at 5 ms corrected to t = 0.8 s, then one predictor step), solved by
// each backend with and without Löschner et al.'s §4.1 scaling, as the
// primal QP or through its dual (+dual), at three mesh sizes (0.08: the
// 5,141 tetrahedra of ball-drop-5k). CGAL's exact solver takes the primal on
// the coarse mesh only (on the 354 variables of mesh_size 0.2 one QP took
// longer than 5 minutes); its duals have a few dozen variables.
//
// Counters: iterations, the largest KKT residual and the primal violation
// (contact_qp.hpp's relative measures), and `v_diff` = ‖v − v_ref‖_∞ / ‖v_ref‖_∞
// against CGAL's solution (of the primal on the coarse mesh, of the dual on
// the others).
#include <benchmark/benchmark.h>

#include <map>

#include "bench/suite.hpp"
#include "integrators/engines/driver.hpp"
#include "integrators/engines/qp_corrector.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"

namespace tibench::bench {
namespace {

struct CapturedQp {
  ContactQp qp;
  Vec reference;  // the solution v_diff is measured against
};

ContactQp impact_qp(const std::string& mesh_size) {
  const auto p = make_problem("ball-drop", {"mesh_size=" + mesh_size, "contact=none"});
  const double h = 0.005;
  auto corrected = find_integrator("backward-euler").stepper(*p, h, {"contact=qp-corrector"});
  DriveOptions o;
  o.steps = 160;
  const State n = drive(*p, *corrected, p->initial_state(), o, nullptr).final_state;
  auto predictor = find_integrator("backward-euler").stepper(*p, h);
  State pred = n;
  predictor->step(pred);
  pred.t = n.t + h;
  const auto rows = corrector_rows(*p, n.q, n.t, pred.q, h);
  return corrector_qp(*p, n, pred, h, QpForm::incremental, rows);
}

const CapturedQp& captured(const std::string& mesh_size) {
  static std::map<std::string, CapturedQp> cache;
  auto it = cache.find(mesh_size);
  if (it != cache.end()) return it->second;
  CapturedQp c{impact_qp(mesh_size), {}};
  const ScaledQp s = scale_qp(c.qp);
  // The exact solution where CGAL can compute it on the primal, else
  // through the dual (exact in λ, then one solve with C).
  c.reference = mesh_size == "0.35" ? solve_qp_cgal(c.qp).v
                                    : s.unscale(solve_qp_dual(s.qp, QpBackend::cgal, {})).v;
  return cache.emplace(mesh_size, std::move(c)).first->second;
}

void solve(benchmark::State& state, const std::string& mesh_size, QpBackend backend, bool scaled,
           bool dual) {
  const CapturedQp& c = captured(mesh_size);
  const ScaledQp s = scale_qp(c.qp);
  auto run = [&](const ContactQp& qp) {
    return dual ? solve_qp_dual(qp, backend, {}) : solve_qp(qp, backend, {});
  };
  QpSolution sol;
  for (auto _ : state) sol = scaled ? s.unscale(run(s.qp)) : run(c.qp);
  if (!sol.ok) {
    state.SkipWithError(sol.message.c_str());
    return;
  }
  const KktResiduals k = kkt_residuals(c.qp, sol.v, sol.lambda);
  state.counters["variables"] = static_cast<double>(c.qp.variables());
  state.counters["rows"] = static_cast<double>(c.qp.constraints());
  state.counters["iterations"] = sol.iterations;
  state.counters["kkt_max"] = k.max();
  state.counters["primal_violation"] = k.primal;
  state.counters["v_diff"] =
      (sol.v - c.reference).cwiseAbs().maxCoeff() / c.reference.cwiseAbs().maxCoeff();
}

}  // namespace

void register_qp_solvers() {
  struct Case {
    const char* mesh;
    QpBackend backend;
    bool scaled, dual;
  };
  const QpBackend ipopt = QpBackend::ipopt, cgal = QpBackend::cgal;
  for (const Case& k : {Case{"0.35", ipopt, true, false}, Case{"0.35", ipopt, false, false},
                        Case{"0.35", cgal, true, false}, Case{"0.35", cgal, false, false},
                        Case{"0.35", ipopt, true, true}, Case{"0.35", cgal, true, true},
                        Case{"0.2", ipopt, true, false}, Case{"0.2", ipopt, false, false},
                        Case{"0.2", ipopt, true, true}, Case{"0.2", cgal, true, true},
                        Case{"0.08", ipopt, true, false}, Case{"0.08", ipopt, true, true},
                        Case{"0.08", cgal, true, true}}) {
    const std::string name = std::string("qp/ball-") + k.mesh + "/" + to_string(k.backend) +
                             (k.scaled ? "+scaled" : "+unscaled") + (k.dual ? "+dual" : "");
    benchmark::RegisterBenchmark(
        name.c_str(), [k](benchmark::State& st) { solve(st, k.mesh, k.backend, k.scaled, k.dual); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
}

}  // namespace tibench::bench
