#include "integrators/engines/stage_solve.hpp"

#include <algorithm>

namespace tibench {

bool absorb_solve(StepReport& report, const StageSolveResult& nr) {
  report.newton_iters += nr.iterations;
  report.linear_solves += nr.linear_solves;
  report.factorizations += nr.factorizations;
  report.psd_fallbacks += nr.psd_fallbacks;
  report.rhs_evals += nr.gradient_evals;
  report.inner_iters += nr.cg_iterations;
  report.local_seconds += nr.local_seconds;
  report.global_seconds += nr.global_seconds;
  report.residual = std::max(report.residual, nr.residual);
  if (nr.active_constraints >= 0) report.contacts = nr.active_constraints;
  if (!nr.converged) {
    report.status = StepStatus::solver_failed;
    report.message = nr.message;
  }
  return nr.converged;
}

}  // namespace tibench
