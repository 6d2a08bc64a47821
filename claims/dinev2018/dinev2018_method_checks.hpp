// The checks of Dinev, Liu & Kavan 2018 §4 behind the claims
// dinev2018_blending.cpp lists, outside the blend itself.
#pragma once

#include "claims/ledger.hpp"

namespace tibench::dinev2018 {

// D-M1, dinev2018_optimization_forms.cpp: implicit midpoint's optimization form.
ClaimResult im_optimization_form(const ClaimContext& ctx);
// D-M2, dinev2018_optimization_forms.cpp: the Projective Dynamics global steps.
ClaimResult projective_dynamics_systems(const ClaimContext& ctx);
// D-M4, dinev2018_damping.cpp: momentum-preserving damping and its bookkeeping.
ClaimResult damping_models(const ClaimContext& ctx);
ClaimResult damping_bookkeeping(const ClaimContext& ctx);

}  // namespace tibench::dinev2018
