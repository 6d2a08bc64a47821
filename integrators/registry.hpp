// The integrator registry: the single list from which the CLI, the tests and
// the matrices enumerate integrators. A tableau method is its record plus one
// line in registry.cpp.
//
// On first use every entry's properties are computed from its coefficients
// and compared with the declared ones; any disagreement is a RegistryError
// naming the method and the property. The registry is immutable afterwards.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "integrators/butcher_tableau.hpp"
#include "integrators/stepper.hpp"
#include "integrators/tableau_properties.hpp"

namespace tibench {

class RegistryError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

using StepperFactory =
    std::function<std::unique_ptr<Stepper>(const Problem&, double h, const ParamSet&)>;

struct IntegratorInfo {
  std::string id;
  std::string name;
  std::string family;  // "explicit-rk", "dirk", ...
  std::string citation;
  int stages = 0;
  bool is_explicit = false;
  int nominal_order = 0;  // the declared order
  tableaux::DeclaredProperties declared{};
  const tableaux::ButcherRecord* record = nullptr;  // tableau methods only
  std::optional<ButcherTableau> tableau;
  std::optional<TableauProperties> properties;  // computed on load
  std::vector<ParamSpec> param_specs;
  StepperFactory make;
};

const std::vector<IntegratorInfo>& integrator_registry();
// Throws InputError naming the id and listing the accepted ones.
const IntegratorInfo& find_integrator(std::string_view id);
ParamSet integrator_params(const IntegratorInfo& info,
                           const std::vector<std::string>& overrides = {});

// Builds the registry entry of a Butcher record, computing its properties;
// throws RegistryError when a declared property disagrees (exposed so that
// tests can show that a perturbed record is refused).
IntegratorInfo butcher_entry(const tableaux::ButcherRecord& record);

}  // namespace tibench
