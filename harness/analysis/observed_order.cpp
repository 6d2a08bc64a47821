#include "harness/analysis/observed_order.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "integrators/methods/method_file.hpp"
#include "problems/registry.hpp"

namespace tibench {

namespace {

CellSpec order_cell(const std::string& integrator, const std::string& problem,
                    const std::vector<std::string>& params, double h) {
  CellSpec c;
  c.problem = problem;
  c.problem_params = params;
  c.integrator = integrator;
  c.h = h;
  c.t_end = 2.0;
  c.max_samples = 1;
  c.h_ref = kOrderReferenceStep;
  return c;
}

}  // namespace

OrderObservation observe_order(const std::string& integrator, const std::string& problem,
                               const std::vector<std::string>& params, const RunContext& ctx) {
  OrderObservation out;
  std::optional<Reference> own;
  RunContext run_ctx = ctx;
  if (!run_ctx.reference) {
    own = order_reference(problem, params);
    if (own->ok) run_ctx.reference = &*own;
  }
  // Coefficients printed to d digits leave a consistency error of their
  // rounding ε at every h: below 100 ε the error is that, not the order's.
  const double coefficient_floor =
      100 * resolve_integrator(integrator).computed().coefficient_precision;
  for (int j = 0; j < 80; ++j) {
    const CellSpec c = order_cell(integrator, problem, params, 0.2 * std::pow(2.0, -0.5 * j));
    const long steps = step_count(c.h, c.t_end);
    if (steps > 200000) break;
    const RunRecord r = run_cell(c, run_ctx);
    if (r.status != RunStatus::ok) {
      out.failure =
          "the run at h = " + format_real(r.h) + " ended " + to_string(r.status) + ": " + r.message;
      return out;
    }
    const double err = r.metrics["err_final"];
    char buf[64];
    std::snprintf(buf, sizeof buf, " h=%.4e:%.4e", r.h, err);
    out.trace += buf;
    const double floor =
        std::max({1e-12, 100 * 2.2e-16 * static_cast<double>(steps), coefficient_floor});
    if (!(err >= floor)) break;  // below the floor, or unresolved by the reference (NaN)
    if (err <= 1e-3) {
      out.h.push_back(r.h);
      out.err.push_back(err);
    }
  }
  if (out.h.size() > 6) {
    out.h.erase(out.h.begin(), out.h.end() - 6);
    out.err.erase(out.err.begin(), out.err.end() - 6);
  }
  if (out.h.size() < 4 || out.h.front() / out.h.back() < 2.8) {
    out.failure =
        "too few runs in the asymptotic window (at least 4 over a factor 2.8 in h):" + out.trace;
    return out;
  }
  out.fit = fit_order(out.h, out.err);
  out.fitted = true;
  return out;
}

const std::vector<OrderProblem>& order_problems() {
  static const std::vector<OrderProblem> problems = {
      {"oscillator", {"n=3", "x0=1", "v0=0.5"}},
      {"pendulum", {"theta0=1", "omega0=0.5"}},
  };
  return problems;
}

const OrderProblem& order_problem(const std::string& id) {
  for (const OrderProblem& p : order_problems())
    if (p.id == id) return p;
  throw std::logic_error("no order problem '" + id + "'");
}

Reference order_reference(const std::string& problem, const std::vector<std::string>& params) {
  CellSpec c = order_cell("", problem, params, 0.2);
  return compute_reference(*make_problem(problem, params), reference_request(c));
}

}  // namespace tibench
