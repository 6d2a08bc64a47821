// Penalty self-collisions of one tetrahedral body (Gast & Schroeder 2014
// §5.3):
//
//   detection   a vertex p is colliding when it lies inside a tetrahedron of
//               which it is not a vertex (point-in-tetrahedron tests,
//               accelerated by a bounding-volume hierarchy over the
//               tetrahedra);
//   distance    for a colliding vertex, d = the squared distance from x_p to
//               the closest surface primitive (triangle, edge or vertex of
//               the boundary) among the surface triangles not incident to p;
//   energy      Φ_p = k d √(d + ε)  (≈ k |depth|³: "approximately cubic in
//               the penetration depth"; ε = 1e-15 in the paper, which only
//               keeps the derivatives finite at d = 0).
//
// Φ = Σ_p Φ_p is a function of the positions alone (the closest primitive is
// searched at x, not carried over from earlier steps as the paper's
// estimate is), so that it is a potential energy: its gradient and Hessian
// are exact derivatives of the energy as evaluated, within each region of
// the closest-point map (triangle interior, edge, vertex), and the tests
// check them against finite differences.
//
// The Hessian couples a colliding vertex with its primitive's vertices, so
// its sparsity pattern depends on x (Problem::hessian_pattern_is_fixed()
// is false for bodies with self-collisions).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <array>
#include <memory>
#include <vector>

#include "meshes/tet_mesh.hpp"

namespace tibench {

// One colliding vertex and the primitive closest to it. The closest point is
// Σ_i w_i x_{primitive[i]} over the primitive's `count` vertices (3 for a
// triangle, 2 for an edge, 1 for a vertex).
struct SelfContact {
  int point = -1;
  std::array<int, 3> primitive{-1, -1, -1};
  int count = 0;
  std::array<double, 3> weights{0, 0, 0};
  double distance_squared = 0.0;
};

class SelfCollisionPenalty {
 public:
  // `mesh`: the body's rest mesh (its vertex i is dof block i of the
  // positions passed below). k > 0 [J/m³], eps ≥ 0 [m²].
  SelfCollisionPenalty(std::shared_ptr<const TetMesh> mesh, double k, double eps = 1e-15);
  ~SelfCollisionPenalty();
  SelfCollisionPenalty(const SelfCollisionPenalty&) = delete;
  SelfCollisionPenalty& operator=(const SelfCollisionPenalty&) = delete;

  // x: 3 × N vertex positions (N = mesh vertex count).
  std::vector<SelfContact> contacts(const Eigen::Matrix3Xd& x) const;
  double energy(const Eigen::Matrix3Xd& x) const;
  // g += ∇Φ (g is 3 × N).
  void add_gradient(const Eigen::Matrix3Xd& x, Eigen::Matrix3Xd& g) const;
  // Appends ∇²Φ as triplets on the flattened positions (row 3i + a is
  // coordinate a of vertex i); with project_psd each contact's block is
  // replaced by its positive semidefinite part (negative eigenvalues
  // clamped to zero).
  void add_hessian(const Eigen::Matrix3Xd& x, std::vector<Eigen::Triplet<double>>& out,
                   bool project_psd) const;

  double stiffness() const { return k_; }
  double epsilon() const { return eps_; }

 private:
  struct Index;  // the bounding-volume hierarchies (CGAL), built per query
  std::shared_ptr<const TetMesh> mesh_;
  double k_, eps_;
};

}  // namespace tibench
