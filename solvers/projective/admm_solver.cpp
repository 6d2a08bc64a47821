#include "solvers/projective/admm_solver.hpp"

#include <cstdio>

#include "solvers/projective/admm.hpp"
#include "solvers/solver_clock.hpp"

namespace tibench {

std::vector<ParamSpec> AdmmOptions::param_specs() {
  const AdmmOptions d;
  std::vector<ParamSpec> specs = IterationBudget::param_specs();
  specs.push_back(real_param("admm_weight_scale", d.weight_scale,
                             "admm: factor on the weights w_b^2 = k V_b of Overby et al. 2017's "
                             "heuristic (k the bulk modulus); larger weights convexify the local "
                             "steps of nonconvex energies",
                             Range::positive()));
  return specs;
}

AdmmOptions AdmmOptions::from_params(const ParamSet& p) {
  AdmmOptions o;
  o.budget = IterationBudget::from_params(p);
  o.weight_scale = p.real("admm_weight_scale");
  return o;
}

AdmmSolver::AdmmSolver(AdmmOptions options) : options_(options) {}
AdmmSolver::~AdmmSolver() = default;

StageSolveResult AdmmSolver::solve(const StageObjective& phi, Vec& x) {
  StageSolveResult r;
  AdmmForm form;
  if (!phi.admm_form(form)) {
    r.message = "admm needs a stage objective whose potential has an element split";
    return r;
  }
  if (!admm_) admm_ = std::make_unique<Admm>();
  const int factorizations = admm_->factorizations();
  const bool started = admm_->start(form, x, options_.weight_scale);
  r.factorizations = admm_->factorizations() - factorizations;
  if (!started) {
    r.message = "admm: the global matrix W + D^T Omega D is not positive definite";
    return r;
  }
  const bool fixed_budget = options_.budget.tolerance == 0.0;
  AdmmResiduals residuals;
  while (r.iterations < options_.budget.max_iterations) {
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
    if (residuals.below(options_.budget.tolerance)) {
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
                  options_.budget.tolerance, options_.budget.max_iterations, residuals.primal,
                  residuals.primal_scale, residuals.dual, residuals.dual_scale);
    r.message = buf;
  }
  return r;
}

}  // namespace tibench
