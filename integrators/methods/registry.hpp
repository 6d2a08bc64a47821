// The integrator registry: the single list from which the CLI, the tests and
// the matrices enumerate integrators. A method is its data (a constexpr
// record) plus one line in registry.cpp that hands it to its family's entry
// builder (integrators/methods/families.hpp).
//
// Every entry's properties are computed — from coefficients where the family
// has algebraic theory (when the registry is built), otherwise by the linear
// analysis of its update matrix (on the entry's first computed(), so that a
// command pays only for the methods it reads) — and compared with the
// declared ones; any disagreement is a RegistryError naming the method and
// the property, from the registry's construction or from that computed().
// The tests read every entry's. The registry is immutable afterwards.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "integrators/analysis/tableau_properties.hpp"
#include "integrators/engines/stepper.hpp"
#include "integrators/methods/butcher_tableau.hpp"
#include "integrators/methods/deferred_properties.hpp"
#include "integrators/methods/method_properties.hpp"

namespace tibench {

class RegistryError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// One coefficient array of a tableau method under the name method files give
// it (docs/method-files.md): a matrix, or a vector stored as one column.
struct NamedCoefficients {
  std::string name;
  Eigen::MatrixXd value;
  bool is_vector = false;
};

using StepperFactory =
    std::function<std::unique_ptr<Stepper>(const Problem&, double h, const ParamSet&)>;

struct IntegratorInfo {
  std::string id;
  std::string name;
  std::string family;  // explicit-rk, dirk, partitioned-rk, rosenbrock, multistep, newmark, ...
  std::string citation;
  int stages = 0;
  bool is_explicit = false;
  MethodDeclaration declared;
  // The computed properties, complete: the deferred analysis run and the
  // declaration checked on the first call (DeferredProperties).
  const MethodProperties& computed() const;
  // For entry builders: the properties set so far, and the costly work that
  // completes them on the first computed().
  MethodProperties& computed_so_far() { return properties.so_far(); }
  void defer(DeferredProperties::Work work) { properties.defer(std::move(work)); }
  DeferredProperties properties;
  // Butcher-tableau methods: the record (null for parametric families), the
  // tableau at the default parameters, and its full computed properties.
  const tableaux::ButcherRecord* record = nullptr;
  std::optional<ButcherTableau> tableau;
  std::optional<TableauProperties> tableau_properties;
  // Methods whose step on y' = λy is y ↦ R(hλ) y (Runge–Kutta, Rosenbrock).
  std::optional<StabilityFunction> stability_function;
  // Tableau methods (Butcher, Rosenbrock, partitioned): the coefficients as
  // a method file names them, for `tibench export`; empty otherwise.
  std::vector<NamedCoefficients> coefficients;
  std::vector<ParamSpec> param_specs;
  StepperFactory make;

  // A stepper with default parameters (plus overrides) for problem p.
  std::unique_ptr<Stepper> stepper(const Problem& p, double h,
                                   const std::vector<std::string>& overrides = {}) const;
};

const std::vector<IntegratorInfo>& integrator_registry();
// What every entry gains after its family's builder: the QP contact corrector
// option and the check that a stage solver suits the problem. Applied to the
// registry and to methods loaded at run time (integrators/methods/method_file.hpp).
IntegratorInfo finish_entry(IntegratorInfo info);
// Throws InputError naming the id and listing the accepted ones.
const IntegratorInfo& find_integrator(std::string_view id);
ParamSet integrator_params(const IntegratorInfo& info,
                           const std::vector<std::string>& overrides = {});

// Compares an entry's declared and computed properties; throws RegistryError
// naming the method and every disagreeing property. An entry with deferred
// work completes it here; its builder does not call this, so that the work
// stays deferred (the first computed() checks it).
void check_declaration(const IntegratorInfo& info);

}  // namespace tibench
