#include "integrators/registry.hpp"

#include "integrators/families.hpp"
#include "integrators/optimization_integrators.hpp"
#include "integrators/tableaux/dirk.hpp"
#include "integrators/tableaux/explicit_rk.hpp"
#include "integrators/tableaux/theta.hpp"

namespace tibench {

std::unique_ptr<Stepper> IntegratorInfo::stepper(const Problem& p, double h,
                                                 const std::vector<std::string>& overrides) const {
  return make(p, h, integrator_params(*this, overrides));
}

void check_declaration(const IntegratorInfo& info) {
  const auto mismatches = declaration_mismatches(info.declared, info.computed);
  if (mismatches.empty()) return;
  std::string msg =
      "integrator '" + info.id + "': declared properties disagree with the computed ones: ";
  for (std::size_t k = 0; k < mismatches.size(); ++k) msg += (k ? "; " : "") + mismatches[k];
  throw RegistryError(msg);
}

namespace {

const std::string kBrown2018 =
    "J. Brown, M. Overby, Z. Forootaninia, R. Narain, Accurate dissipative forces in "
    "optimization integrators, ACM TOG 37(6):282 (2018)";

MethodDeclaration declared(int order, std::optional<bool> a_stable, std::optional<bool> l_stable) {
  MethodDeclaration d;
  d.order = order;
  d.a_stable = a_stable;
  d.l_stable = l_stable;
  return d;
}

}  // namespace

const std::vector<IntegratorInfo>& integrator_registry() {
  static const std::vector<IntegratorInfo> list{
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
      optimization_entry({"opt-backward-euler", "Backward Euler (optimization form)",
                          kBrown2018 + ", Table 1 and Eq. 31", 1, OneStageRule::backward_euler,
                          declared(1, true, true)}),
      optimization_entry({"opt-trapezoidal", "Trapezoidal rule (optimization form)",
                          kBrown2018 + ", Table 1 and Eq. 31", 1, OneStageRule::trapezoidal,
                          declared(2, true, false)}),
      optimization_entry({"opt-bdf2", "BDF2 (optimization form)",
                          kBrown2018 + ", Table 1 and Eq. 31", 1, OneStageRule::bdf2,
                          declared(2, true, std::nullopt)}),
      optimization_entry({"opt-tr-bdf2", "TR-BDF2 (optimization form, gamma = 2 - sqrt 2)",
                          kBrown2018 + ", Sec. 4.3, Eqs. 32-37 (L-stability claim)", 2,
                          OneStageRule::tr_bdf2, declared(2, true, true)}),
      // Multistep and Newmark
      bdf2_entry(),
      newmark_entry(),
      generalized_alpha_entry(),
      // Energy-controlled (You et al.; Dinev et al.)
      decoupled_entry("a1", "A-1 (decoupled symplectic backward Euler)", tableaux::backward_euler,
                      1),
      decoupled_entry("decoupled-sdirk2", "Decoupled symplectic SDIRK2", tableaux::sdirk2, 2),
      a_search_entry(),
      blend_entry(),
      // Partitioned Runge–Kutta
      partitioned_entry(tableaux::symplectic_euler_v),
      partitioned_entry(tableaux::symplectic_euler_q),
      partitioned_entry(tableaux::stormer_verlet),
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
