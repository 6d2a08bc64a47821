// Collision objects as analytic signed-distance level sets (Gast & Schroeder
// 2014 §5.1: "φ_b(x) < 0 in the interior of the collision object b"), with
// exact first and second derivatives:
//
//   half-space   φ = n·(x − p)                      (n: unit outward normal)
//   sphere       φ = ‖x − c‖ − r                     (solid ball)
//   bowl         φ = r − ‖x − c‖                     (the outside of a ball: a
//                                                   spherical container)
//   box          φ = ‖max(q, 0)‖ + min(max_i q_i, 0),  q_i = |x_i − c_i| − e_i
//                (axis-aligned, half-extents e; Quilez's exact box SDF)
//   union        φ = min_b φ_b  (derivatives of the minimizing member; the
//                first one on ties)
//
// ∇φ and ∇²φ are the derivatives of φ where it is twice differentiable; on
// the sets where it is not (the medial axes: the centre of a sphere, the
// planes where two box faces are equally near inside the box, the surface
// where a union's members are equal) one side's derivatives are returned by
// a fixed rule, so evaluation is deterministic. Every φ here is 1-Lipschitz
// (|∇φ| = 1 wherever it exists), which the conservative collision detection
// of contact_model.hpp relies on.
//
// Kinematic obstacles (Obstacle) move by a scripted rigid translation d(t),
// φ(x, t) = φ_0(x − d(t)): a sum of segments, each moving at a constant
// velocity from its t_start to its t_stop (at rest outside them), so that
// d is continuous and piecewise linear. Rotations are not scripted.
#pragma once

#include <Eigen/Core>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace tibench {

using Vector3 = Eigen::Vector3d;
using Matrix3 = Eigen::Matrix3d;

struct LevelSetValue {
  double phi = 0.0;
  Vector3 grad = Vector3::Zero();
  Matrix3 hess = Matrix3::Zero();
};

// A level set's shape as data (the scene files' [[obstacle]] tables): kind
// half-space (point, normal as given), sphere and bowl (centre, radius), box
// (centre, half_extents) or union (members).
struct ShapeSpec {
  std::string kind;
  Vector3 point = Vector3::Zero(), normal = Vector3::UnitY();
  Vector3 centre = Vector3::Zero(), half_extents = Vector3::Ones();
  double radius = 1.0;
  std::vector<ShapeSpec> members;
};

class LevelSet {
 public:
  virtual ~LevelSet() = default;
  virtual double phi(const Vector3& x) const = 0;
  virtual LevelSetValue evaluate(const Vector3& x) const = 0;
  // One line: the shape and its parameters, for provenance.
  virtual std::string describe() const = 0;
  // The data that rebuilds this shape through make_shape, bit for bit.
  virtual ShapeSpec spec() const = 0;
  // The smallest s ≥ 0 with φ(x + s d) = level, for level < φ(x) (∞ if φ
  // stays above it): continuous collision detection of a straight motion.
  // Exact for half-spaces, spheres and bowls; conservative advancement
  // (never past the crossing, since φ is 1-Lipschitz) for the others.
  virtual double first_crossing(const Vector3& x, const Vector3& d, double level) const;
};

std::shared_ptr<const LevelSet> half_space(const Vector3& point, const Vector3& normal);
std::shared_ptr<const LevelSet> sphere(const Vector3& centre, double radius);
std::shared_ptr<const LevelSet> bowl(const Vector3& centre, double radius);
std::shared_ptr<const LevelSet> box(const Vector3& centre, const Vector3& half_extents);
std::shared_ptr<const LevelSet> level_set_union(
    std::vector<std::shared_ptr<const LevelSet>> members);

// The shape of `spec`; throws InputError naming the kind or the value
// (unknown kind, zero normal, radius or half-extent not > 0, empty union).
std::shared_ptr<const LevelSet> make_shape(const ShapeSpec& spec);
// half-space, sphere, bowl, box, union
const std::vector<std::string>& shape_kinds();

struct MotionSegment {
  Vector3 velocity = Vector3::Zero();
  double t_start = 0.0;
  double t_stop = std::numeric_limits<double>::infinity();
};

struct Motion {
  std::vector<MotionSegment> segments;  // none: at rest

  bool moves() const;
  Vector3 displacement(double t) const;
  Vector3 velocity_at(double t) const;
};

struct Obstacle {
  std::string name;
  std::shared_ptr<const LevelSet> shape;
  Motion motion;

  double phi(const Vector3& x, double t) const { return shape->phi(x - motion.displacement(t)); }
  LevelSetValue evaluate(const Vector3& x, double t) const {
    return shape->evaluate(x - motion.displacement(t));
  }
};

}  // namespace tibench
