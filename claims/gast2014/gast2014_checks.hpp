// The checks of Gast & Schroeder 2014, "Optimization Integrator for Large
// Time Steps" (SCA 2014), behind the claims gast2014.cpp lists: one file per
// concept.
#pragma once

#include "claims/ledger.hpp"

namespace tibench::gast2014 {

// G-M1, gast2014_objective.cpp: backward Euler as a minimization.
ClaimResult check_minimization(const ClaimContext& ctx);
// G-M4, gast2014_objective.cpp: the damping forces derive from potentials.
ClaimResult check_damping_potentials(const ClaimContext& ctx);
// G-M2, gast2014_initial_guess.cpp: the two-candidate initial guess.
ClaimResult check_initial_guess(const ClaimContext& ctx);
ClaimResult check_free_fall_guess(const ClaimContext& ctx);
// G-M6, gast2014_friction.cpp: explicit friction impulses.
ClaimResult check_friction(const ClaimContext& ctx);

}  // namespace tibench::gast2014
