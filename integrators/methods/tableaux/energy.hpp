// The energy-controlled methods:
//
//   a1, decoupled-sdirk2  You, Zheng & Li's decoupled α-methods (§4.1-4.3,
//                         Eq. 8): positions from the base method Φ, momentum
//                         α p* + (1 − α) p̃ (integrators/engines/decoupled.hpp).
//   a-search              the same with α searched against an energy target
//                         (§4.4-4.5, Algorithm 1).
//   blend-im              Dinev, Liu & Kavan's energy-tracking blend of
//                         implicit midpoint with backward/forward Euler (§4,
//                         integrators/engines/energy_blending.hpp).
//
// A searched α makes the step nonlinear even on the oscillator, so order and
// stability are computed from the fixed-α base map (A-1 for a-search,
// implicit midpoint for blend-im); the order tests measure the rest.
#pragma once

#include "integrators/methods/tableaux/butcher_record.hpp"
#include "integrators/methods/tableaux/dirk.hpp"
#include "integrators/methods/tableaux/method_record.hpp"

namespace tibench::tableaux {

// A decoupled α-method: the base tableau Φ; stages = 2 × Φ's (Φ, then the
// momentum correction).
struct DecoupledRecord {
  MethodRecord method;
  const ButcherRecord* base;
};

inline constexpr DecoupledRecord a1{
    .method = {.id = "a1",
               .name = "A-1 (decoupled symplectic backward Euler)",
               .stages = 2,
               .declared = {.order = 1},
               .citation = "You, Zheng & Li, Energy-controllable time integration for "
                           "elastodynamic contact, Sec. 4.1-4.3 (Eq. 8), Theorem 4.1, App. C-D"},
    .base = &backward_euler,
};

inline constexpr DecoupledRecord decoupled_sdirk2{
    .method = {.id = "decoupled-sdirk2",
               .name = "Decoupled symplectic SDIRK2",
               .stages = 4,
               .declared = {.order = 2},
               .citation = "You, Zheng & Li, Energy-controllable time integration for "
                           "elastodynamic contact, Sec. 4.1-4.3 (Eq. 8), Theorem 4.1, App. C-D"},
    .base = &sdirk2,
};

inline constexpr MethodRecord a_search{
    .id = "a-search",
    .name = "A-search (decoupled backward Euler, energy-searched alpha)",
    .stages = 2,
    .declared = {.order = 1},
    .citation =
        "You, Zheng & Li, Energy-controllable time integration for elastodynamic "
        "contact, Sec. 4.4-4.5, Algorithm 1, Sec. 5.6 (ablations)",
};

inline constexpr MethodRecord blend_im{
    .id = "blend-im",
    .name = "Energy-tracking blend of implicit midpoint with BE/FE",
    .stages = 1,
    .declared = {.order = 2},
    .citation =
        "M. Dinev, T. Liu, L. Kavan, Stabilizing integrators for real-time physics, ACM "
        "TOG 37(1):9 (2018), Sec. 4, Eqs. 14-24 and 31-37, Algorithm 1",
};

}  // namespace tibench::tableaux
