// leaning-block — a stiff elastic block leaning against a wall, standing on
// the ground, with Coulomb friction at both contacts (Brown et al. 2018 §7.1,
// Fig. 9: "A stiff elastic block with friction coefficient μ is initialized
// leaning at an angle θ to the vertical against a static wall. Theoretically,
// a rigid rod in such a configuration will remain at rest when
// tan θ < (1 − μ²)/(2μ), and will slide down otherwise.")
//
// Geometry: a 0.1 × 0.8 × 0.1 m box (aspect 1:8), long axis along y at rest,
// rotated about z by `lean` (the angle between its long axis and the
// vertical) so that its top leans toward the wall x = 0; then translated so
// that its lowest vertex touches the ground y = 0 and its vertex nearest the
// wall touches the wall (φ = 0 at both; x0, y0, z0 stay 0). Obstacles: the ground (normal +y)
// and the wall (normal +x), static; friction coefficient `mu` at both.
//
// Rigid-rod statics (uniform rod, friction μ at both ends, θ to the
// vertical): it stays when tan θ ≤ 2μ/(1 − μ²), i.e. when the angle to the
// ground θ_g satisfies tan θ_g ≥ (1 − μ²)/(2μ). Claim B-F2 compares this with
// the printed inequality under both readings of θ.
//
// Parameters (defaults; source): angles 30/50/70°, μ 0.2/0.4/0.6 (Brown Fig.
// 9); our choices (the paper gives no size, stiffness or step): E = 1e7 Pa,
// nu = 0.3, rho = 1000, stable neo-Hookean, mesh_size = 0.05, g = 9.81.
#include <cmath>
#include <memory>

#include "problems/contact/contact_body.hpp"
#include "problems/contact/level_set.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> leaning_params() {
  return {real_param("lean", 30.0,
                     "angle between the block's long axis and the vertical [deg] (top toward the "
                     "wall)",
                     Range::closed(0, 89))};
}

std::vector<Obstacle> floor_and_wall(const ParamSet&) {
  return {ground(0.0), {"wall", half_space(Vector3::Zero(), Vector3::UnitX()), {}}};
}

std::shared_ptr<const TetMesh> leaning(const ParamSet& p, const TetMesh& block) {
  const double a = p.real("lean") * M_PI / 180.0;
  Eigen::Matrix3d R;
  R << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1;
  Eigen::Matrix3Xd x = R * block.vertices;
  const Vector3 lowest(x.row(0).minCoeff(), x.row(1).minCoeff(), 0.0);
  x.colwise() -= lowest;
  // The edges on the floor and on the wall are exactly there; the rotation
  // leaves their vertices a few ε off, on either side, which would make
  // the contact's active set flip at rounding level. Snap them.
  const double snap = 1e-12 * block.vertices.cwiseAbs().maxCoeff();
  for (Index v = 0; v < x.cols(); ++v)
    for (int axis = 0; axis < 2; ++axis)
      if (std::abs(x(axis, v)) <= snap) x(axis, v) = 0.0;
  return std::make_shared<const TetMesh>(make_tet_mesh(
      std::move(x), block.tets, "leaning " + p.text("lean") + " deg, of: " + block.description));
}

const ContactScene& leaning_block_scene() {
  static const ContactScene s{
      "leaning-block",
      "stiff block leaning against a wall with friction at floor and wall: stays or slides "
      "(Brown et al. 2018 Fig. 9)",
      {"geometry=box", "lx=0.1", "ly=0.8", "lz=0.1", "mesh_size=0.05", "E=1e7", "nu=0.3", "g=9.81",
       "mu=0.4", "x0=0", "y0=0", "z0=0"},
      leaning_params,
      floor_and_wall,
      {"mesh_size=0.1"},
      {},
      leaning};
  return s;
}

}  // namespace

ProblemInfo leaning_block_problem() { return contact_scene_info<leaning_block_scene>(); }

}  // namespace tibench
