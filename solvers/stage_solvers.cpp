#include "solvers/stage_solvers.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tibench {

namespace {

struct SolverEntry {
  StageSolverKind kind;
  const char* id;
  StageNeed need;
  const char* summary;
  std::vector<ParamSpec> (*param_specs)();
};

const std::vector<SolverEntry>& solver_entries() {
  static const std::vector<SolverEntry> entries{
#define TIBENCH_STAGE_SOLVER(kind, id, Solver, Options, needs) \
  {StageSolverKind::kind, id, StageNeed::needs, Options::kSummary, &Options::param_specs},
#include "solvers/solver_list.hpp"
#undef TIBENCH_STAGE_SOLVER
  };
  return entries;
}

const SolverEntry& entry(StageSolverKind kind) {
  for (const auto& e : solver_entries())
    if (e.kind == kind) return e;
  throw std::logic_error("stage solver without an entry in solvers/solver_list.hpp");
}

// Formatting the defaults of every solver's parameters costs microseconds;
// steppers are built by the thousand, so each entry's names are listed once.
const std::vector<std::string>& parameter_names(const SolverEntry& e) {
  static const std::vector<std::vector<std::string>> names = [] {
    std::vector<std::vector<std::string>> all;
    for (const auto& entry : solver_entries()) {
      all.emplace_back();
      for (const ParamSpec& spec : entry.param_specs()) all.back().push_back(spec.name);
    }
    return all;
  }();
  return names[static_cast<std::size_t>(&e - solver_entries().data())];
}

bool takes(const SolverEntry& e, const std::string& name) {
  const auto& names = parameter_names(e);
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool same_spec(const ParamSpec& a, const ParamSpec& b) {
  return a.kind == b.kind && a.default_value == b.default_value && a.description == b.description &&
         a.choices == b.choices;
}

// A parameter of another solver set to other than its default would be
// silently ignored: it is refused, naming the solvers that take it.
// Whether a parameter has its default value: compared by kind, since the
// registry builds thousands of steppers at start-up (its linear analysis)
// and formatting every real for a text comparison was a third of that.
bool is_default(const ParamSet& params, const ParamSet& defaults, const ParamSpec& spec) {
  switch (spec.kind) {
    case ParamKind::real: {
      const double a = params.real(spec.name), b = defaults.real(spec.name);
      return a == b && std::signbit(a) == std::signbit(b);  // as the texts: -0 differs from 0
    }
    case ParamKind::integer: return params.integer(spec.name) == defaults.integer(spec.name);
    case ParamKind::boolean: return params.boolean(spec.name) == defaults.boolean(spec.name);
    case ParamKind::choice:
    case ParamKind::path: break;
  }
  return params.text(spec.name) == defaults.text(spec.name);
}

void refuse_unused_parameters(const ParamSet& params, StageSolverKind chosen) {
  static const std::vector<ParamSpec> specs = StageSolverOptions::param_specs();
  static const ParamSet defaults("the stage solvers", specs);
  for (const ParamSpec& spec : specs) {
    if (spec.name == "solver" || takes(entry(chosen), spec.name)) continue;
    if (is_default(params, defaults, spec)) continue;
    std::string takers;
    for (const auto& e : solver_entries())
      if (takes(e, spec.name)) takers += std::string(takers.empty() ? "" : ", ") + e.id;
    throw InputError(std::string("solver=") + to_string(chosen) + " does not take " + spec.name +
                     "=" + params.text(spec.name) + " (accepted: " + spec.name +
                     " with solver=" + takers + ")");
  }
}

}  // namespace

const char* to_string(StageSolverKind kind) { return entry(kind).id; }

std::vector<std::string> stage_solver_ids() {
  std::vector<std::string> ids;
  for (const auto& e : solver_entries()) ids.emplace_back(e.id);
  return ids;
}

StageSolverKind stage_solver(const std::string& id) {
  std::string accepted;
  for (const auto& e : solver_entries()) {
    if (id == e.id) return e.kind;
    accepted += std::string(accepted.empty() ? "" : ", ") + e.id;
  }
  throw InputError("unknown solver '" + id + "' (accepted: " + accepted + ")");
}

StageNeed stage_need(StageSolverKind kind) { return entry(kind).need; }

std::vector<ParamSpec> StageSolverOptions::param_specs() {
  std::string description = "solver of the implicit stages (docs/solvers.md):";
  for (const auto& e : solver_entries())
    description +=
        std::string(&e == &solver_entries().front() ? " " : "; ") + e.id + " (" + e.summary + ")";
  std::vector<ParamSpec> specs{choice_param("solver", "newton", stage_solver_ids(), description)};
  for (const auto& e : solver_entries()) {
    for (ParamSpec& spec : e.param_specs()) {
      const auto same_name = std::find_if(specs.begin(), specs.end(),
                                          [&](const ParamSpec& s) { return s.name == spec.name; });
      if (same_name == specs.end())
        specs.push_back(std::move(spec));
      else if (!same_spec(*same_name, spec))
        throw std::logic_error("stage solvers declare parameter '" + spec.name + "' differently");
    }
  }
  return specs;
}

StageSolverOptions StageSolverOptions::from_params(const ParamSet& params) {
  StageSolverOptions o;
  o.solver = stage_solver(params.choice("solver"));
#define TIBENCH_STAGE_SOLVER(kind, id, Solver, Options, needs) \
  o.kind = Options::from_params(params);
#include "solvers/solver_list.hpp"
#undef TIBENCH_STAGE_SOLVER
  refuse_unused_parameters(params, o.solver);
  return o;
}

std::unique_ptr<StageSolver> make_stage_solver(const StageSolverOptions& options) {
  switch (options.solver) {
#define TIBENCH_STAGE_SOLVER(kind, id, Solver, Options, needs) \
  case StageSolverKind::kind:                                  \
    return std::make_unique<Solver>(options.kind);
#include "solvers/solver_list.hpp"
#undef TIBENCH_STAGE_SOLVER
  }
  throw std::logic_error("unknown stage solver kind");
}

}  // namespace tibench
