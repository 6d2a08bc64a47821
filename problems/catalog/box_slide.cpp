// box-slide — an elastic box launched along the ground with Coulomb
// friction: while it slides, its centre of mass decelerates at exactly μg
// (the friction force μ·(normal force) = μ M g; Brown et al. 2018 Fig. 4
// use the same test, μ = 0.2, g = 9.81). It validates the friction of the
// contact models against a closed form. ContactBody (contact_body.hpp) on
// the ground y = 0.
//
// Parameters (defaults; source):
//   mu = 0.2, g = 9.81 m/s²                        Brown et al. 2018 §7, Fig. 4
//   v0 = 2 m/s along +x (parameter `vx`)            our choice
// Choices (Brown et al. give no block size, stiffness or step):
//   - box 0.4 × 0.2 × 0.4 m resting on the ground (its bottom face exactly
//     at y = 0), rho = 1000, E = 1e6 Pa, nu = 0.3, stable-neo-hookean: stiff
//     enough that the static compression (~1e-5 m) and its vibration leave
//     the normal force at M g to well under 1 %;
//   - mesh_size = 0.1 m.
// With v0 = 2 m/s the box stops after v0/(μ g) = 1.02 s, having slid
// v0²/(2 μ g) = 1.02 m.
#include "problems/contact/contact_body.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<Obstacle> box_slide_obstacles(const ParamSet&) { return {ground(0.0)}; }

const ContactScene& box_slide_scene() {
  static const ContactScene s{
      "box-slide",
      "elastic box sliding on the ground with Coulomb friction: deceleration mu g",
      {"geometry=box", "lx=0.4", "ly=0.2", "lz=0.4", "mesh_size=0.1", "E=1e6", "nu=0.3", "y0=0.1",
       "vx=2", "mu=0.2", "k_penalty=1e10", "kappa=1", "dhat=1e-3"},
      nullptr,
      box_slide_obstacles,
      {"mesh_size=0.2"},
      {{"contact=penalty", "y0=0.099"}, {"contact=ipc", "y0=0.1005"}}};
  return s;
}

}  // namespace

ProblemInfo box_slide_problem() { return contact_scene_info<box_slide_scene>(); }

}  // namespace tibench
