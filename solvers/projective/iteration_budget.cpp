#include "solvers/projective/iteration_budget.hpp"

namespace tibench {

std::vector<ParamSpec> IterationBudget::param_specs() {
  const IterationBudget d;
  return {
      integer_param("max_iterations", d.max_iterations,
                    "local-global and admm: iterations per stage solve (exactly this many when "
                    "tolerance = 0; the step fails if tolerance > 0 is not reached within them)",
                    Range::closed(1, 1e6)),
      real_param("tolerance", d.tolerance,
                 "local-global: stop when ||tau^2 M^-1 grad Phi||_inf <= tolerance * scale (the "
                 "residual test of newton_tol); admm: stop when the primal and dual residuals "
                 "are below tolerance relative to their scales (Boyd et al. 2011 Sec. 3.3); 0: a "
                 "fixed number of iterations",
                 Range::closed(0, 1)),
  };
}

IterationBudget IterationBudget::from_params(const ParamSet& p) {
  return {static_cast<int>(p.integer("max_iterations")), p.real("tolerance")};
}

}  // namespace tibench
