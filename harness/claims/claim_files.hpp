// The checks of every claims file, one function per file (each returns its
// checks in paper order); harness/claims/ledger.cpp lists their calls.
#pragma once

#include <vector>

#include "harness/claims/ledger.hpp"

namespace tibench {

std::vector<ClaimCheck> dinev2018_claims();
std::vector<ClaimCheck> dinev2018_simple_spring_claims();
std::vector<ClaimCheck> dinev2018_nonconvex_claims();
std::vector<ClaimCheck> dinev2018_blending_claims();
std::vector<ClaimCheck> dinev2018_projective_claims();
std::vector<ClaimCheck> dinev2018_spinning_cube_claims();
std::vector<ClaimCheck> dinev2018_bar_claims();
std::vector<ClaimCheck> dinev2018_collision_claims();
std::vector<ClaimCheck> dinev2018_cactus_claims();
std::vector<ClaimCheck> gast2014_claims();
std::vector<ClaimCheck> gast2014_contact_claims();
std::vector<ClaimCheck> you2025_claims();
std::vector<ClaimCheck> you2025_symplectic_claims();
std::vector<ClaimCheck> you2025_linear_claims();
std::vector<ClaimCheck> you2025_decoupled_sdirk2_claims();
std::vector<ClaimCheck> you2025_appendix_d_claims();
std::vector<ClaimCheck> you2025_bdf2_pair_claims();
std::vector<ClaimCheck> you2025_search_claims();
std::vector<ClaimCheck> you2025_bar_claims();
std::vector<ClaimCheck> you2025_cube_claims();
std::vector<ClaimCheck> you2025_collision_sweep_claims();
std::vector<ClaimCheck> you2025_collision_claims();
std::vector<ClaimCheck> brown2018_claims();
std::vector<ClaimCheck> brown2018_method_claims();
std::vector<ClaimCheck> brown2018_friction_claims();
std::vector<ClaimCheck> brown2018_comparison_claims();
std::vector<ClaimCheck> brown2018_power_law_claims();
std::vector<ClaimCheck> loschner2020_claims();
std::vector<ClaimCheck> loschner2020_ball_claims();
std::vector<ClaimCheck> loschner2020_beam_claims();
std::vector<ClaimCheck> loschner2020_corrector_claims();

}  // namespace tibench
