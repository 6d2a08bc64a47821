// Entry builders, one per family: each turns a method's record into a
// registry entry (properties computed, declaration checked, factory bound to
// the family's generic engine). registry.cpp calls them, one line per method.
#pragma once

#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/methods/registry.hpp"
#include "integrators/methods/tableaux/butcher_record.hpp"
#include "integrators/methods/tableaux/energy.hpp"
#include "integrators/methods/tableaux/method_record.hpp"
#include "integrators/methods/tableaux/newmark.hpp"
#include "integrators/methods/tableaux/optimization.hpp"
#include "integrators/methods/tableaux/partitioned.hpp"
#include "integrators/methods/tableaux/rosenbrock.hpp"

namespace tibench {

struct RosenbrockTableau;
struct PartitionedTableau;

// What every entry names: id, human-readable name, citation.
struct MethodIdentity {
  std::string id, name, citation;
};

// Explicit RK and DIRK/SDIRK/ESDIRK tableaux (integrators/engines/runge_kutta.hpp).
// Throws RegistryError when a declared property disagrees (exposed so that
// tests can show that a perturbed record is refused). The second form takes
// a tableau built at run time (a method file, integrators/methods/method_file.hpp); its
// `precision` is the one the order is judged against.
IntegratorInfo butcher_entry(const tableaux::ButcherRecord& record);
IntegratorInfo butcher_entry(const MethodIdentity& identity, const ButcherTableau& tableau,
                             const MethodDeclaration& declared);

// A one-parameter family of Butcher tableaux (e.g. the θ-methods): the
// tableau and the declared properties are functions of the parameter; the
// declaration is checked at every value of `check_at` (and the default).
struct ParametricButcherFamily {
  std::string id, name, citation;
  ParamSpec parameter;  // real parameter with its default
  ButcherTableau (*tableau)(double);
  MethodDeclaration (*declared)(double);
  std::vector<double> check_at;
};
IntegratorInfo parametric_butcher_entry(const ParametricButcherFamily& family);

// Partitioned RK pairs (integrators/engines/partitioned_rk.hpp): order from the
// bi-coloured trees, the symplecticity condition from the coefficients,
// A-/L-stability from the update matrix on the damped oscillator.
IntegratorInfo partitioned_entry(const tableaux::PartitionedRecord& record);
IntegratorInfo partitioned_entry(const MethodIdentity& identity, const PartitionedTableau& tableau,
                                 const MethodDeclaration& declared);

// Rosenbrock methods (integrators/engines/rosenbrock.hpp); an empty b̂ means no
// embedded method.
IntegratorInfo rosenbrock_entry(const tableaux::RosenbrockRecord& record);
IntegratorInfo rosenbrock_entry(const MethodIdentity& identity, const RosenbrockTableau& tableau,
                                const MethodDeclaration& declared);
// Classical order of a Rosenbrock tableau with weights b or b̂ (Rosenbrock
// trees, up to max_order).
int rosenbrock_classical_order(const RosenbrockTableau& t, const Eigen::VectorXd& weights,
                               int max_order);
// W-order of a Rosenbrock tableau with weights b or b̂ (up to max_order).
int rosenbrock_w_order(const RosenbrockTableau& t, const Eigen::VectorXd& weights, int max_order);

// BDF2 with a selectable starter, and the Newmark family with its parameters
// (integrators/engines/bdf2.hpp, integrators/engines/newmark.hpp).
IntegratorInfo bdf2_entry(const tableaux::MethodRecord& record);
IntegratorInfo newmark_entry(const tableaux::NewmarkRecord& record);

// Optimization-based integrators of Brown et al. 2018
// (integrators/engines/optimization_integrators.hpp): one entry per rule.
IntegratorInfo optimization_entry(const tableaux::OptimizationRecord& record);

// Energy-controlled methods (integrators/engines/decoupled.hpp,
// integrators/engines/energy_blending.hpp).
IntegratorInfo decoupled_entry(const tableaux::DecoupledRecord& record);
IntegratorInfo a_search_entry(const tableaux::MethodRecord& record);
IntegratorInfo blend_entry(const tableaux::MethodRecord& record);

// An entry's name, stages, citation and declaration from a code-defined
// method's record; the builder adds parameters, factory and properties.
IntegratorInfo entry_from(const tableaux::MethodRecord& record, std::string family);
// An entry with only its id, name, citation and family set.
IntegratorInfo entry_from(const MethodIdentity& identity, std::string family);

// For families without a scalar stability function: records in `p` the
// linear analysis of the update matrix of the steppers `make` builds
// (integrators/analysis/linear_analysis.hpp): a_stable, l_stable and r_inf
// (= the spectral radius as |hλ| → ∞) with `stability_source`, and the
// order with `order_source` unless that is empty (families whose order has
// a sharper source, e.g. order conditions).
void record_linear_analysis(MethodProperties& p, const StepperMaker& make,
                            const std::string& order_source,
                            const std::string& stability_source = "update matrix");
// The same, deferred to the entry's first computed() (DeferredProperties).
void apply_linear_analysis(IntegratorInfo& info, const StepperMaker& make,
                           const std::string& order_source,
                           const std::string& stability_source = "update matrix");
// info.make at `params`, as a StepperMaker.
StepperMaker stepper_maker(const IntegratorInfo& info, const ParamSet& params);

}  // namespace tibench
