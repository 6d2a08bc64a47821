// A stage solve seen from the step that ran it.
#pragma once

#include "integrators/engines/stepper.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

// Adds a solve's counters to a step's report; a solve that did not converge
// marks the step solver_failed with the solver's message (callers prefix
// their context). Returns whether the solve converged.
bool absorb_solve(StepReport& report, const StageSolveResult& nr);

}  // namespace tibench
