// Registry entries for Butcher-tableau methods, run by the generic
// Runge–Kutta engine (explicit and diagonally implicit tableaux).
#include "integrators/engines/runge_kutta.hpp"
#include "integrators/methods/families.hpp"

namespace tibench {

namespace {

// Fills the fields every tableau entry shares from a tableau and its
// declaration; returns the computed tableau properties.
void describe_tableau(IntegratorInfo& info, const ButcherTableau& tableau,
                      const MethodDeclaration& declared) {
  info.tableau = tableau;
  info.tableau_properties = compute_properties(tableau);
  info.stability_function = info.tableau_properties->R;
  info.declared = declared;
  info.computed_so_far() = to_method_properties(*info.tableau_properties);
  info.stages = tableau.stages();
  info.is_explicit = info.tableau_properties->is_explicit;
  info.family = info.is_explicit ? "explicit-rk" : "dirk";
  info.coefficients = {{"A", tableau.A, false}, {"b", tableau.b, true}};
  if (tableau.b_hat.size() > 0) info.coefficients.push_back({"b_hat", tableau.b_hat, true});
  if (!info.tableau_properties->lower_triangular)
    throw RegistryError("integrator '" + info.id +
                        "': fully implicit tableaux have no engine (A must be lower triangular)");
}

}  // namespace

IntegratorInfo butcher_entry(const MethodIdentity& identity, const ButcherTableau& tableau,
                             const MethodDeclaration& declared) {
  IntegratorInfo info = entry_from(identity, "");  // describe_tableau sets the family
  describe_tableau(info, tableau, declared);
  check_declaration(info);

  if (!info.is_explicit) info.param_specs = StageSolverOptions::param_specs();
  const bool is_explicit = info.is_explicit;
  info.make = [tableau, is_explicit](const Problem& p, double h, const ParamSet& params) {
    const StageSolverOptions newton =
        is_explicit ? StageSolverOptions{} : StageSolverOptions::from_params(params);
    return std::make_unique<RungeKuttaStepper>(p, tableau, h, newton);
  };
  return info;
}

IntegratorInfo butcher_entry(const tableaux::ButcherRecord& record) {
  IntegratorInfo info = butcher_entry(
      {std::string(record.id), std::string(record.name), std::string(record.citation)},
      ButcherTableau::from_record(record), record.declared);
  info.record = &record;
  return info;
}

IntegratorInfo parametric_butcher_entry(const ParametricButcherFamily& family) {
  IntegratorInfo info;
  info.id = family.id;
  info.name = family.name;
  info.citation = family.citation;
  // The declaration is a function of the parameter: check it on the whole
  // grid, then describe the entry at the default value.
  std::vector<double> values = family.check_at;
  double default_value = 0;
  parse_real(family.parameter.default_value, default_value);
  values.push_back(default_value);
  for (double value : values) {
    IntegratorInfo probe = info;
    describe_tableau(probe, family.tableau(value), family.declared(value));
    try {
      check_declaration(probe);
    } catch (const RegistryError& e) {
      throw RegistryError(std::string(e.what()) + " (at " + family.parameter.name + " = " +
                          format_real(value) + ")");
    }
  }
  describe_tableau(info, family.tableau(default_value), family.declared(default_value));
  info.param_specs = {family.parameter};
  for (auto& spec : StageSolverOptions::param_specs()) info.param_specs.push_back(spec);
  const std::string name = family.parameter.name;
  const auto build = family.tableau;
  info.make = [name, build](const Problem& p, double h, const ParamSet& params) {
    return std::make_unique<RungeKuttaStepper>(p, build(params.real(name)), h,
                                               StageSolverOptions::from_params(params));
  };
  return info;
}

}  // namespace tibench
