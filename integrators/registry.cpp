#include "integrators/registry.hpp"

#include "integrators/runge_kutta.hpp"
#include "integrators/tableaux/dirk.hpp"
#include "integrators/tableaux/explicit_rk.hpp"

namespace tibench {

IntegratorInfo butcher_entry(const tableaux::ButcherRecord& record) {
  IntegratorInfo info;
  info.id = std::string(record.id);
  info.name = std::string(record.name);
  info.citation = std::string(record.citation);
  info.declared = record.declared;
  info.nominal_order = record.declared.order;
  info.record = &record;
  info.tableau = ButcherTableau::from_record(record);
  info.properties = compute_properties(*info.tableau);
  info.stages = info.tableau->stages();
  info.is_explicit = info.properties->is_explicit;

  auto mismatches = property_mismatches(record.declared, *info.properties);
  if (!mismatches.empty()) {
    std::string msg = "integrator '" + info.id + "': declared properties disagree with the "
                      "computed ones: ";
    for (std::size_t k = 0; k < mismatches.size(); ++k)
      msg += (k ? "; " : "") + mismatches[k];
    throw RegistryError(msg);
  }
  if (!info.properties->lower_triangular)
    throw RegistryError("integrator '" + info.id +
                        "': fully implicit tableaux have no engine yet (need lower-triangular A)");

  info.family = info.is_explicit ? "explicit-rk" : "dirk";
  if (!info.is_explicit) info.param_specs = NewtonOptions::param_specs();
  const ButcherTableau tableau = *info.tableau;
  const bool is_explicit = info.is_explicit;
  info.make = [tableau, is_explicit](const Problem& p, double h, const ParamSet& params) {
    const NewtonOptions newton = is_explicit ? NewtonOptions{} : NewtonOptions::from_params(params);
    return std::make_unique<RungeKuttaStepper>(p, tableau, h, newton);
  };
  return info;
}

const std::vector<IntegratorInfo>& integrator_registry() {
  static const std::vector<IntegratorInfo> list{
      butcher_entry(tableaux::forward_euler),
      butcher_entry(tableaux::rk4),
      butcher_entry(tableaux::backward_euler),
      butcher_entry(tableaux::implicit_midpoint),
      butcher_entry(tableaux::trapezoidal),
      butcher_entry(tableaux::sdirk2),
  };
  return list;
}

const IntegratorInfo& find_integrator(std::string_view id) {
  std::string accepted;
  for (const auto& i : integrator_registry()) {
    if (i.id == id) return i;
    accepted += (accepted.empty() ? "" : ", ") + i.id;
  }
  throw InputError("unknown integrator '" + std::string(id) + "' (accepted: " + accepted + ")");
}

ParamSet integrator_params(const IntegratorInfo& info, const std::vector<std::string>& overrides) {
  ParamSet params("integrator '" + info.id + "'", info.param_specs);
  params.apply(overrides);
  return params;
}

}  // namespace tibench
