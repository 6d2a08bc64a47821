// What the element-level FEM tests share: a material and random rotations
// to check frame indifference with.
#pragma once

#include <Eigen/Geometry>

#include "core/random.hpp"
#include "problems/fem/material.hpp"

namespace tibench::test {

// E = 1e5 Pa, nu = 0.4: a soft solid, far enough from incompressibility
// that the volume term does not dominate the checks.
inline const Lame kLame = Lame::from_young_poisson(1e5, 0.4);

// A rotation about a random axis by an angle in [-max_angle, max_angle] rad.
inline Mat3 random_rotation(SplitMix64& rng, double max_angle = 3.0) {
  const Eigen::Vector3d axis(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
  return Eigen::AngleAxisd(rng.uniform(-max_angle, max_angle), axis.normalized())
      .toRotationMatrix();
}

}  // namespace tibench::test
