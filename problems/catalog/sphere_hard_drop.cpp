// sphere-hard-drop — Gast & Schroeder 2014 Fig. 10: a sphere dropping hard
// on the ground at Δt = 1/24 s, handled with constraint collisions (top),
// penalty collisions ("very similar ..., though some penetration with the
// ground occurs") and collisions as a post-process (bottom: "leads to
// inversion during recovery from the collision"). The measures are the
// penetration (min φ) and the inverted-element count over the run.
// ContactBody (contact_body.hpp) with the ground y = 0.
//
// Parameters (defaults; source):
//   material = fixed-corotated (Gast & Schroeder §4.1 use fixed corotated,
//   Stomakhin et al. 2012, for all their examples)
// Choices (the paper gives no size, material constants, speed or duration):
//   - radius 0.5 m, rho = 1000, E = 1e5 Pa, nu = 0.3, mesh_size = 0.12 m;
//   - "dropping hard": lowest point 0.1 m above the ground, moving down at
//     vy = −10 m/s (it reaches the ground within the first frame);
//   - k_penalty = 1e8 J/m³; kappa = 10 J, dhat = 1 mm.
#include "problems/contact/contact_body.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<Obstacle> sphere_hard_drop_obstacles(const ParamSet&) { return {ground(0.0)}; }

const ContactScene& sphere_hard_drop_scene() {
  static const ContactScene s{
      "sphere-hard-drop",
      "sphere dropped hard on the ground at 1/24 s (Gast & Schroeder 2014 Fig. 10)",
      {"geometry=ball", "radius=0.5", "mesh_size=0.12", "material=fixed-corotated", "E=1e5",
       "nu=0.3", "rho=1000", "y0=0.6", "vy=-10", "k_penalty=1e8", "kappa=10", "dhat=1e-3"},
      nullptr,
      sphere_hard_drop_obstacles,
      {"mesh_size=0.35"},
      {{"contact=post-process"}}};
  return s;
}

}  // namespace

ProblemInfo sphere_hard_drop_problem() { return contact_scene_info<sphere_hard_drop_scene>(); }

}  // namespace tibench
