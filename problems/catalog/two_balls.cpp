// two-balls — two elastic balls colliding head-on, for contact between
// deformable bodies (Löschner et al. 2020 §4.2: vertex–point constraints
// "both ways; vertices on A against B and vertices on B against A"). One
// ContactBody whose mesh is two copies of the generated ball: ball A centred
// at x = −(radius + gap/2) moving at (vx, vy, vz), ball B at
// x = +(radius + gap/2) at rest; no gravity, no obstacles. Total linear
// momentum is an invariant of the continuous problem, and of the QP
// corrector too (its contact rows are relative velocities whose weights sum
// to zero, and the elastic stiffness annihilates translations).
//
// Parameters (defaults; source):
//   radius = 0.5 m, rho = 1000 kg/m³, E = 6e5 Pa, nu = 0.48: the material
//   of Löschner et al.'s bouncing ball (§5.4), which gives no two-body scene
//   of its own.
// Choices: vx = 2 m/s, gap = 0.1 m between the surfaces, mesh_size = 0.25,
// stable-neo-hookean; contact = none with body_contact = true, so the
// contacts between the balls are left to the integrator's QP corrector
// (integrator parameter contact=qp-corrector); without it the balls pass
// through each other.
#include "problems/contact/contact_body.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> two_ball_params() {
  return {real_param("gap", 0.1, "distance between the balls' surfaces at t = 0 [m]",
                     Range::positive())};
}

std::vector<Obstacle> no_obstacles(const ParamSet&) { return {}; }

double half_distance(const ParamSet& p) { return p.real("radius") + 0.5 * p.real("gap"); }

// Ball A at x = −d moves at (vx, vy, vz), spinning at (wx, wy, wz); ball B
// at x = +d rests.
std::vector<BodyPlacement> two_balls(const ParamSet& p) {
  const Vector3 shift(half_distance(p), 0, 0);
  return {{"a", -shift, Vector3(p.real("vx"), p.real("vy"), p.real("vz")),
           Vector3(p.real("wx"), p.real("wy"), p.real("wz"))},
          {"b", shift, Vector3::Zero(), Vector3::Zero()}};
}

const ContactScene& two_balls_scene() {
  static const ContactScene s{
      "two-balls",
      "two elastic balls (d = 1 m) colliding head-on at 2 m/s, no gravity: body-body contact "
      "through the QP corrector (Loeschner et al. 2020 Sec. 4.2)",
      {"geometry=ball", "radius=0.5", "mesh_size=0.25", "E=6e5", "nu=0.48", "rho=1000", "g=0",
       "vx=2", "contact=none", "body_contact=true"},
      two_ball_params,
      no_obstacles,
      {"mesh_size=0.35"},
      {},
      nullptr,
      two_balls};
  return s;
}

}  // namespace

ProblemInfo two_balls_problem() { return contact_scene_info<two_balls_scene>(); }

}  // namespace tibench
