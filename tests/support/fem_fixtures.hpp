// What the element-level FEM tests share: a material, random rotations
// to check frame indifference with, and a tetrahedral mesh.
#pragma once

#include <Eigen/Geometry>
#include <utility>

#include "core/random.hpp"
#include "problems/fem/material.hpp"
#include "problems/fem/solid_mesh.hpp"

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

// nx × ny × nz hexahedra, each cut into six tetrahedra around its diagonal
// from corner 0 to corner 7, positively oriented.
inline SolidMesh kuhn_tetrahedra(int nx, int ny, int nz) {
  const SolidMesh hexes = hex_grid(nx, ny, nz, {0.3, 0.2, 0.25});
  SolidMesh m;
  m.rest = hexes.rest;
  m.nodes_per_element = 4;
  m.fixed = hexes.fixed;
  const int cut[6][4] = {{0, 1, 3, 7}, {0, 3, 2, 7}, {0, 2, 6, 7},
                         {0, 6, 4, 7}, {0, 4, 5, 7}, {0, 5, 1, 7}};
  for (Index h = 0; h < hexes.element_count(); ++h)
    for (const auto& t : cut) {
      int v[4];
      for (int a = 0; a < 4; ++a) v[a] = hexes.elements[static_cast<std::size_t>(8 * h + t[a])];
      Mat3 D;
      for (int c = 0; c < 3; ++c) D.col(c) = m.rest.col(v[c + 1]) - m.rest.col(v[0]);
      if (D.determinant() < 0) std::swap(v[1], v[2]);
      m.elements.insert(m.elements.end(), v, v + 4);
    }
  return m;
}

}  // namespace tibench::test
