// solver=admm: NewtonSolver's driver of the ADMM iteration (solvers/projective/admm.hpp)
// for stage objectives whose problem has an element split. Budget as for
// local-global: exactly max_iterations iterations when tolerance = 0 (the
// fixed-iteration mode of real-time use), else until the primal and dual
// residuals meet the tolerance (Brown et al. 2018 §7: "terminated early if
// they were below a chosen threshold"), failing if max_iterations do not get
// there. The final residual of the full stage equation is evaluated and
// reported either way.
#include <cstdio>

#include "solvers/projective/admm.hpp"
#include "solvers/nonlinear/newton_solver.hpp"
#include "solvers/solver_clock.hpp"

namespace tibench {
NewtonResult NewtonSolver::iterate_admm(const StageObjective& phi, Vec& x) {
  NewtonResult r;
  AdmmForm form;
  if (!phi.admm_form(form)) {
    r.message = "admm needs a stage objective whose potential has an element split";
    return r;
  }
  if (!admm_) admm_ = std::make_unique<Admm>();
  const int factorizations = admm_->factorizations();
  const bool started = admm_->start(form, x, options_.admm_weight_scale);
  r.factorizations = admm_->factorizations() - factorizations;
  if (!started) {
    r.message = "admm: the global matrix W + D^T Omega D is not positive definite";
    return r;
  }
  const bool fixed_budget = options_.tolerance == 0.0;
  AdmmResiduals residuals;
  while (r.iterations < options_.max_iterations) {
    const SolverClock::time_point global_start = SolverClock::now();
    admm_->global_step(x);
    r.global_seconds += seconds_since(global_start);
    const SolverClock::time_point local_start = SolverClock::now();
    r.cg_iterations += static_cast<int>(admm_->local_step(x));
    admm_->dual_step();
    r.local_seconds += seconds_since(local_start);
    ++r.iterations;
    ++r.linear_solves;
    if (fixed_budget) continue;
    residuals = admm_->residuals();
    if (residuals.below(options_.tolerance)) {
      r.converged = true;
      break;
    }
  }
  phi.gradient(x, g_);
  ++r.gradient_evals;
  r.residual = phi.residual(g_);
  if (!g_.allFinite()) {
    r.converged = false;
    r.message = "non-finite gradient";
    return r;
  }
  if (fixed_budget) r.converged = true;
  if (!r.converged) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "admm did not reach tolerance %.3e in %d iterations (primal %.3e of %.3e, dual "
                  "%.3e of %.3e)",
                  options_.tolerance, options_.max_iterations, residuals.primal,
                  residuals.primal_scale, residuals.dual, residuals.dual_scale);
    r.message = buf;
  }
  return r;
}

}  // namespace tibench
