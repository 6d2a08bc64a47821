// The registry of stage solvers (solvers/solver_list.hpp) and the options
// of all of them, chosen by the integrator parameter `solver` and
// configured by the parameters each solver's options type declares.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "solvers/stage_solver.hpp"

#define TIBENCH_STAGE_SOLVER(kind, id, Solver, Options, needs)
#include "solvers/solver_list.hpp"
#undef TIBENCH_STAGE_SOLVER

namespace tibench {

enum class StageSolverKind {
#define TIBENCH_STAGE_SOLVER(kind, id, Solver, Options, needs) kind,
#include "solvers/solver_list.hpp"
#undef TIBENCH_STAGE_SOLVER
};

// What a solver needs of the problem besides its potential.
enum class StageNeed {
  nothing,
  projective_form,  // Problem::projective_form (local/global)
  element_split,    // Problem::element_split (ADMM)
};

const char* to_string(StageSolverKind kind);
std::vector<std::string> stage_solver_ids();
// Parses an id of stage_solver_ids(); throws InputError listing them.
StageSolverKind stage_solver(const std::string& id);
StageNeed stage_need(StageSolverKind kind);

// The chosen solver and the options of every solver (those of the others
// keep their defaults: from_params refuses a parameter that the chosen
// solver does not take).
struct StageSolverOptions {
  StageSolverKind solver = StageSolverKind::newton;
#define TIBENCH_STAGE_SOLVER(kind, id, Solver, Options, needs) Options kind;
#include "solvers/solver_list.hpp"
#undef TIBENCH_STAGE_SOLVER

  // `solver` and every solver's parameters, each name once (solvers that
  // share a parameter declare the same spec), with their defaults.
  static std::vector<ParamSpec> param_specs();
  static StageSolverOptions from_params(const ParamSet& params);
};

std::unique_ptr<StageSolver> make_stage_solver(const StageSolverOptions& options);

}  // namespace tibench
