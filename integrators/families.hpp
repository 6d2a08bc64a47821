// Entry builders, one per family: each turns a method's record into a
// registry entry (properties computed, declaration checked, factory bound to
// the family's generic engine). registry.cpp calls them, one line per method.
#pragma once

#include "integrators/registry.hpp"
#include "integrators/tableaux/butcher_record.hpp"

namespace tibench {

// Explicit RK and DIRK/SDIRK/ESDIRK tableaux (integrators/runge_kutta.hpp).
// Throws RegistryError when a declared property disagrees (exposed so that
// tests can show that a perturbed record is refused).
IntegratorInfo butcher_entry(const tableaux::ButcherRecord& record);

// A one-parameter family of Butcher tableaux (e.g. the θ-methods): the
// tableau and the declared properties are functions of the parameter; the
// declaration is checked at every value of `check_at` (and the default).
struct ParametricButcherFamily {
  std::string id, name, citation;
  ParamSpec parameter;  // real parameter with its default
  ButcherTableau (*tableau)(double);
  tableaux::DeclaredProperties (*declared)(double);
  std::vector<double> check_at;
};
IntegratorInfo parametric_butcher_entry(const ParametricButcherFamily& family);

}  // namespace tibench
