// `tibench verify --integrator ID`: a method verified by its runs — the
// order its coefficients give (or its family's analysis) against the slope
// observed on a linear problem with an exact solution and on a nonlinear
// one against a fine reference, by the rule of harness/analysis/observed_order.hpp.
#include <cmath>
#include <cstdio>

#include "cli/commands.hpp"
#include "harness/analysis/observed_order.hpp"
#include "integrators/methods/method_file.hpp"

namespace tibench::cli {

namespace {

// One line per problem; false when the order disagrees or cannot be fitted.
bool verify_on(const IntegratorInfo& info, const std::string& id, const OrderProblem& problem) {
  const OrderObservation o = observe_order(id, problem.id, problem.params);
  if (!o.fitted) {
    std::printf("  %-11s not fitted: %s\n", problem.id.c_str(), o.failure.c_str());
    return false;
  }
  const bool agrees = std::abs(o.fit.slope - info.computed().order) <= kOrderTolerance;
  std::printf("  %-11s observed %6.3f  r2 %.5f  h in [%.3e, %.3e]  %s\n", problem.id.c_str(),
              o.fit.slope, o.fit.r2, o.h.back(), o.h.front(), agrees ? "agrees" : "DISAGREES");
  return agrees;
}

}  // namespace

int verify_integrators(const VerifyOptions& o) {
  if (!o.claims.empty() || !o.output.empty() || !o.report.empty() || !o.expected.empty())
    throw InputError(
        "verify --integrator takes no --claim, -o, --report or --expected (accepted: "
        "--integrator ID ... alone; the claims ledger is verify without --integrator)");
  std::vector<const IntegratorInfo*> infos;  // every id resolved before any run
  for (const std::string& id : o.integrators) infos.push_back(&resolve_integrator(id));
  int failed = 0;
  for (std::size_t k = 0; k < infos.size(); ++k) {
    const IntegratorInfo& info = *infos[k];
    std::printf(
        "%s (%s): order %d computed from %s; observed slopes of err_final, allowed "
        "|observed - %d| <= %.1f\n",
        o.integrators[k].c_str(), info.name.c_str(), info.computed().order,
        info.computed().order_source.c_str(), info.computed().order, kOrderTolerance);
    bool ok = true;
    for (const OrderProblem& p : order_problems()) ok = verify_on(info, o.integrators[k], p) && ok;
    failed += ok ? 0 : 1;
  }
  std::printf("%zu integrators: %zu verified, %d not\n", infos.size(), infos.size() - failed,
              failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace tibench::cli
