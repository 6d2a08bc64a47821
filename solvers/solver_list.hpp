// The stage solvers, one line each, in the order `solver`'s accepted values
// list them:
//
//   TIBENCH_STAGE_SOLVER(kind, "id", SolverClass, OptionsType, needs)
//
// `kind` names the solver's StageSolverKind and its options' member of
// StageSolverOptions; the class derives from StageSolver and takes its
// options type, which declares its integrator parameters (param_specs, read
// by from_params) and a one-line kSummary; `needs` is what the problem must offer (StageNeed).
// Adding a solver is its file and its two lines here: the include and the
// entry (CMake collects the sources). No include guard: the includer
// defines TIBENCH_STAGE_SOLVER first.
#include "solvers/nonlinear/newton_cg.hpp"
#include "solvers/nonlinear/newton_solver.hpp"
#include "solvers/projective/admm_solver.hpp"
#include "solvers/projective/local_global.hpp"

TIBENCH_STAGE_SOLVER(newton, "newton", NewtonSolver, NewtonOptions, nothing)
TIBENCH_STAGE_SOLVER(newton_cg, "newton-cg", NewtonCgSolver, NewtonCgOptions, nothing)
TIBENCH_STAGE_SOLVER(local_global, "local-global", LocalGlobalSolver, LocalGlobalOptions,
                     projective_form)
TIBENCH_STAGE_SOLVER(admm, "admm", AdmmSolver, AdmmOptions, element_split)
