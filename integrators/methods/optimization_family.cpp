// Registry entries for the optimization-based integrators of Brown et al.
// 2018: one per rule, each with the `dissipation` parameter selecting the
// first-order scheme (Eq. 28) or the second-order correction (Eq. 30).
// Order, A- and L-stability come from the linear analysis of the update
// matrix (on the damped oscillator R = ½ c v² is q-independent, where both
// dissipation terms give the classical method).
#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/engines/optimization_integrators.hpp"
#include "integrators/methods/families.hpp"

namespace tibench {

IntegratorInfo optimization_entry(const tableaux::OptimizationRecord& record) {
  IntegratorInfo info = entry_from(record.method, "optimization");
  info.param_specs = {choice_param(
      "dissipation", "first-order", {"first-order", "second-order"},
      "dissipation term: first-order alpha h R(x, delta(x)) (Brown et al. Eq. 28) or the "
      "second-order correction alpha h (R(x, delta(x)) - R(x, v_n)) (Eq. 30)")};
  for (auto& spec : StageSolverOptions::param_specs()) info.param_specs.push_back(spec);
  const OneStageRule r = record.rule;
  info.make = [r](const Problem& p, double h, const ParamSet& params) {
    const DissipationTerm term = params.choice("dissipation") == "second-order"
                                     ? DissipationTerm::second_order
                                     : DissipationTerm::first_order;
    return std::make_unique<OptimizationStepper>(p, h, r, term,
                                                 StageSolverOptions::from_params(params));
  };
  apply_linear_analysis(info, stepper_maker(info, integrator_params(info)), "linear analysis");
  // The declaration is checked when the deferred analysis runs.
  return info;
}

}  // namespace tibench
