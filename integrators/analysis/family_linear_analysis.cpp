// The linear analysis of the update matrix recorded in a registry entry, for
// the families without a scalar stability function (integrators/methods/families.hpp).
#include "integrators/methods/families.hpp"

namespace tibench {

void record_linear_analysis(MethodProperties& p, const StepperMaker& make,
                            const std::string& order_source, const std::string& stability_source) {
  const LinearProperties L = analyze_linear(make);
  if (!order_source.empty()) {
    p.order = L.order;
    p.order_source = order_source;
  }
  p.a_stable = L.a_stable;
  p.l_stable = L.l_stable;
  p.r_inf = L.rho_inf;
  p.stability_source = stability_source;
}

void apply_linear_analysis(IntegratorInfo& info, const StepperMaker& make,
                           const std::string& order_source, const std::string& stability_source) {
  info.defer([make, order_source, stability_source](MethodProperties& p) {
    record_linear_analysis(p, make, order_source, stability_source);
  });
}

StepperMaker stepper_maker(const IntegratorInfo& info, const ParamSet& params) {
  return [make = info.make, params](const Problem& p, double h) { return make(p, h, params); };
}

}  // namespace tibench
