#include "integrators/methods/registry.hpp"

#include <algorithm>

#include "integrators/engines/qp_corrector.hpp"
#include "integrators/methods/families.hpp"
#include "integrators/methods/tableaux/dirk.hpp"
#include "integrators/methods/tableaux/explicit_rk.hpp"
#include "integrators/methods/tableaux/multistep.hpp"
#include "integrators/methods/tableaux/theta.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

std::unique_ptr<Stepper> IntegratorInfo::stepper(const Problem& p, double h,
                                                 const std::vector<std::string>& overrides) const {
  return make(p, h, integrator_params(*this, overrides));
}

namespace {

void check_properties(const std::string& id, const MethodDeclaration& declared,
                      const MethodProperties& computed) {
  const auto mismatches = declaration_mismatches(declared, computed);
  if (mismatches.empty()) return;
  std::string msg =
      "integrator '" + id + "': declared properties disagree with the computed ones: ";
  for (std::size_t k = 0; k < mismatches.size(); ++k) msg += (k ? "; " : "") + mismatches[k];
  throw RegistryError(msg);
}

}  // namespace

const MethodProperties& IntegratorInfo::computed() const {
  return properties.complete(
      [this](const MethodProperties& p) { check_properties(id, declared, p); });
}

void check_declaration(const IntegratorInfo& info) {
  const bool deferred = info.properties.has_pending();
  const MethodProperties& computed = info.computed();  // checks a deferred entry as it completes
  if (!deferred) check_properties(info.id, info.declared, computed);
}

IntegratorInfo entry_from(const MethodIdentity& identity, std::string family) {
  IntegratorInfo info;
  info.id = identity.id;
  info.name = identity.name;
  info.family = std::move(family);
  info.citation = identity.citation;
  return info;
}

IntegratorInfo entry_from(const tableaux::MethodRecord& record, std::string family) {
  IntegratorInfo info =
      entry_from({std::string(record.id), std::string(record.name), std::string(record.citation)},
                 std::move(family));
  info.stages = record.stages;
  info.declared = record.declared;
  return info;
}

namespace {

// Every integrator can be the predictor of the QP contact corrector
// (integrators/engines/qp_corrector.hpp): its parameters and factory gain the option.
void add_contact_corrector(IntegratorInfo& info) {
  for (ParamSpec& spec : qp_corrector_param_specs()) info.param_specs.push_back(std::move(spec));
  info.make = with_qp_corrector(info.id, std::move(info.make));
}

// Integrators with stage solvers refuse, before any step, a solver that the
// problem cannot take: local-global needs a potential in projective form.
void add_stage_solver_check(IntegratorInfo& info) {
  const bool has_solver = std::any_of(info.param_specs.begin(), info.param_specs.end(),
                                      [](const ParamSpec& s) { return s.name == "solver"; });
  if (!has_solver) return;
  info.make = [id = info.id, make = std::move(info.make)](const Problem& p, double h,
                                                          const ParamSet& params) {
    const std::string& solver = params.choice("solver");
    if (stage_need(stage_solver(solver)) == StageNeed::projective_form && !p.projective_form())
      throw InputError("integrator '" + id + "' cannot take solver=" + solver + " on problem '" +
                       std::string(p.id()) +
                       "': its potential has no Projective Dynamics form at these parameters "
                       "(accepted: linear springs, two-spring, simple-spring form=hookean or "
                       "hookean-k, bodies with material=fixed-corotated and nu=0 (ARAP) and "
                       "no damping, self-collision, or contact other than none/post-process; "
                       "docs/solvers.md)");
    if (stage_need(stage_solver(solver)) == StageNeed::element_split && !p.element_split())
      throw InputError("integrator '" + id + "' cannot take solver=" + solver + " on problem '" +
                       std::string(p.id()) +
                       "': its potential has no element split at these parameters (accepted: "
                       "tetrahedral bodies of any material and damping, no self-collision, "
                       "and contact none, post-process, or constraint against static "
                       "obstacles; power-law-drag; docs/solvers.md)");
    return make(p, h, params);
  };
}

std::vector<IntegratorInfo> finished(std::vector<IntegratorInfo> list) {
  for (IntegratorInfo& info : list) info = finish_entry(std::move(info));
  return list;
}

}  // namespace

IntegratorInfo finish_entry(IntegratorInfo info) {
  add_stage_solver_check(info);
  add_contact_corrector(info);
  return info;
}

const std::vector<IntegratorInfo>& integrator_registry() {
  static const std::vector<IntegratorInfo> list = finished({
      // Explicit Runge–Kutta
      butcher_entry(tableaux::forward_euler),
      butcher_entry(tableaux::heun),
      butcher_entry(tableaux::rk4),
      butcher_entry(tableaux::dopri5),
      // One-stage implicit, compositions, θ-methods
      butcher_entry(tableaux::backward_euler),
      butcher_entry(tableaux::implicit_midpoint),
      butcher_entry(tableaux::trapezoidal),
      parametric_butcher_entry(tableaux::theta_inner),
      parametric_butcher_entry(tableaux::theta_outer),
      // DIRK / SDIRK / ESDIRK
      butcher_entry(tableaux::sdirk2),
      butcher_entry(tableaux::sdirk3),
      butcher_entry(tableaux::tr_bdf2),
      butcher_entry(tableaux::tr_bdf2_bathe),
      butcher_entry(tableaux::sdirk_ncs23),
      butcher_entry(tableaux::sdirk_nc34),
      // Rosenbrock
      rosenbrock_entry(tableaux::ros2),
      rosenbrock_entry(tableaux::ros3p),
      rosenbrock_entry(tableaux::ros3pl),
      rosenbrock_entry(tableaux::ros3prl2),
      rosenbrock_entry(tableaux::ros34pw2),
      rosenbrock_entry(tableaux::rodas3),
      // Optimization-based integrators with dissipation functions (Brown et al. 2018)
      optimization_entry(tableaux::opt_backward_euler),
      optimization_entry(tableaux::opt_trapezoidal),
      optimization_entry(tableaux::opt_bdf2),
      optimization_entry(tableaux::opt_tr_bdf2),
      // Multistep and Newmark
      bdf2_entry(tableaux::bdf2),
      newmark_entry(tableaux::newmark),
      newmark_entry(tableaux::generalized_alpha),
      // Energy-controlled (You et al.; Dinev et al.)
      decoupled_entry(tableaux::a1),
      decoupled_entry(tableaux::decoupled_sdirk2),
      a_search_entry(tableaux::a_search),
      blend_entry(tableaux::blend_im),
      // Partitioned Runge–Kutta
      partitioned_entry(tableaux::symplectic_euler_v),
      partitioned_entry(tableaux::symplectic_euler_q),
      partitioned_entry(tableaux::stormer_verlet),
  });
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
