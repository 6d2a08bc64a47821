// Registry entries for BDF2 and the Newmark family: no scalar stability
// function and no tree theory for their second-order forms, so order, A- and
// L-stability come from the linear analysis of the update matrix (for BDF2
// the 4×4 matrix on (q_n, v_n, q_{n−1}, v_{n−1})).
#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/engines/bdf2.hpp"
#include "integrators/engines/newmark.hpp"
#include "integrators/engines/runge_kutta.hpp"
#include "integrators/methods/families.hpp"
#include "integrators/methods/tableaux/dirk.hpp"

namespace tibench {

namespace {

// Order, A/L-stability and r_inf from the linear analysis at `params`.
void linear_properties(IntegratorInfo& info, const ParamSet& params) {
  apply_linear_analysis(info, stepper_maker(info, params), "linear analysis");
}

const tableaux::ButcherRecord& starter_record(const std::string& id) {
  for (const tableaux::ButcherRecord* r :
       {&tableaux::backward_euler, &tableaux::sdirk2, &tableaux::trapezoidal, &tableaux::tr_bdf2})
    if (r->id == id) return *r;
  throw std::logic_error("unknown BDF2 starter " + id);
}

std::string joined(const std::vector<std::string>& assignments) {
  std::string out;
  for (const auto& a : assignments) out += (out.empty() ? "" : ", ") + a;
  return out;
}

// The linear analysis of `info` at the parameters `assignments`, checked
// against the record's declaration there; a mismatch names the parameters.
void check_at(const IntegratorInfo& info, const tableaux::NewmarkRecord& record,
              const std::vector<std::string>& assignments) {
  const ParamSet params = integrator_params(info, assignments);
  IntegratorInfo probe;
  probe.id = info.id;
  record_linear_analysis(probe.computed_so_far(), stepper_maker(info, params), "linear analysis");
  probe.declared = record.declared(params);
  try {
    check_declaration(probe);
  } catch (const RegistryError& e) {
    throw RegistryError(std::string(e.what()) + " (at " + joined(assignments) + ")");
  }
}

}  // namespace

IntegratorInfo bdf2_entry(const tableaux::MethodRecord& record) {
  IntegratorInfo info = entry_from(record, "multistep");
  info.param_specs = {choice_param("starter", "backward-euler",
                                   {"backward-euler", "sdirk2", "trapezoidal", "tr-bdf2"},
                                   "one-step method for the first step")};
  for (auto& spec : StageSolverOptions::param_specs()) info.param_specs.push_back(spec);
  info.make = [](const Problem& p, double h, const ParamSet& params) {
    const StageSolverOptions newton = StageSolverOptions::from_params(params);
    auto starter = std::make_unique<RungeKuttaStepper>(
        p, ButcherTableau::from_record(starter_record(params.choice("starter"))), h, newton);
    return std::make_unique<Bdf2Stepper>(p, h, newton, std::move(starter));
  };
  linear_properties(info, integrator_params(info));
  // The declaration is checked when the deferred analysis runs.
  return info;
}

IntegratorInfo newmark_entry(const tableaux::NewmarkRecord& record) {
  IntegratorInfo info;
  info.id = std::string(record.id);
  info.name = std::string(record.name);
  info.family = "newmark";
  info.citation = std::string(record.citation);
  info.stages = 1;
  info.param_specs = record.parameters;
  for (auto& spec : StageSolverOptions::param_specs()) info.param_specs.push_back(spec);
  const auto coefficients = record.coefficients;
  info.make = [coefficients](const Problem& p, double h, const ParamSet& params) {
    return std::make_unique<NewmarkStepper>(p, h, coefficients(params),
                                            StageSolverOptions::from_params(params));
  };
  info.defer([entry = info, record = &record](MethodProperties&) {
    for (const auto& assignments : record->check_at) check_at(entry, *record, assignments);
  });
  const ParamSet defaults = integrator_params(info);
  linear_properties(info, defaults);
  info.declared = record.declared(defaults);
  // The declaration is checked when the deferred analysis runs.
  return info;
}

}  // namespace tibench
