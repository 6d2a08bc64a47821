// The linear analysis of the update matrix recorded in a registry entry, for
// the families without a scalar stability function (integrators/methods/families.hpp).
#include "integrators/methods/families.hpp"

namespace tibench {

void apply_linear_analysis(IntegratorInfo& info, const StepperMaker& make,
                           const std::string& order_source, const std::string& stability_source) {
  const LinearProperties L = analyze_linear(make);
  if (!order_source.empty()) {
    info.computed.order = L.order;
    info.computed.order_source = order_source;
  }
  info.computed.a_stable = L.a_stable;
  info.computed.l_stable = L.l_stable;
  info.computed.r_inf = L.rho_inf;
  info.computed.stability_source = stability_source;
}

StepperMaker stepper_maker(const IntegratorInfo& info, const ParamSet& params) {
  return [make = info.make, params](const Problem& p, double h) { return make(p, h, params); };
}

}  // namespace tibench
