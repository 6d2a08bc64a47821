// Volumetric meshes of linear tetrahedra (4 nodes) or trilinear hexahedra
// (8 nodes), with Dirichlet (fixed) nodes, and their precomputed geometry:
// shape-function gradients ∇_X N_a and weights w·|det J| at every quadrature
// point (1-point rule for tetrahedra, exact for linear elements; 2×2×2 Gauss
// for hexahedra, as Löschner et al. 2020 §5.3 use).
//
// Degrees of freedom: the free nodes, in mesh order, three coordinates each
// (node-major), as the Problem interface expects. Fixed nodes keep their
// rest positions.
//
// Hexahedron node a = i + 2j + 4k sits at the reference corner
// ξ = (2i−1, 2j−1, 2k−1); N_a = ⅛ Π_d (1 + ξ_a,d ξ_d).
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "problems/fem/material.hpp"
#include "problems/problem.hpp"

namespace tibench {

// Fixed-capacity element types: evaluation never allocates.
constexpr int kMaxElementNodes = 8;
using ElementPositions = Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, kMaxElementNodes>;
using ShapeGradients = Eigen::Matrix<double, Eigen::Dynamic, 3, 0, kMaxElementNodes, 3>;
using ElementVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3 * kMaxElementNodes, 1>;
using ElementMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 3 * kMaxElementNodes,
                                    3 * kMaxElementNodes>;

struct SolidMesh {
  Eigen::Matrix3Xd rest;      // rest positions of all nodes
  int nodes_per_element = 4;  // 4 or 8
  std::vector<int> elements;  // connectivity, nodes_per_element entries each
  std::vector<bool> fixed;    // one flag per node

  Index element_count() const { return static_cast<Index>(elements.size()) / nodes_per_element; }
};

// nx × ny × nz hexahedra filling [0, size.x] × [0, size.y] × [0, size.z];
// node (i, j, k) has index i + (nx+1)(j + (ny+1) k). No node is fixed.
SolidMesh hex_grid(int nx, int ny, int nz, const Eigen::Vector3d& size);

// Quadrature points in blocks of kStressLanes for the vectorized force
// kernel (ElasticBody::add_gradient): a block holds whole elements (Q
// divides kStressLanes: one hexahedron's 8 points or 8 one-point
// tetrahedra), lane l holding point l mod Q of its element l / Q. The
// blocks take the elements in MeshGeometry::spatial_elements() order, so
// that a run of blocks covers one region of the body; an element's
// position in that order is where its per-element results go. Lanes past
// the last element have G = 0 and w = 0.
struct PointBlock {
  Index first_position = 0;  // position of element[0] in spatial_elements()
  int elements = 0;
  Index element[kStressLanes] = {};
  double G[kMaxElementNodes][3][kStressLanes];  // ∂N_a/∂X_j at the lane's point
  double w[kStressLanes];
};

class MeshGeometry {
 public:
  explicit MeshGeometry(SolidMesh mesh);

  const SolidMesh& mesh() const { return mesh_; }
  Index elements() const { return mesh_.element_count(); }
  int nodes_per_element() const { return mesh_.nodes_per_element; }
  int quadrature_points() const { return qp_; }
  Index free_nodes() const { return free_nodes_; }
  Index dofs() const { return 3 * free_nodes_; }

  int node(Index e, int a) const { return mesh_.elements[static_cast<std::size_t>(e * npe() + a)]; }
  // First dof of a node, or −1 if it is fixed.
  Index node_dof(int node) const { return node_dof_[static_cast<std::size_t>(node)]; }
  // Global dof of local dof 3a + i of element e, or −1 if its node is fixed.
  Index element_dof(Index e, int local) const {
    return element_dofs_[static_cast<std::size_t>(e * 3 * npe() + local)];
  }
  const ShapeGradients& gradients(Index e, int qp) const {
    return grads_[static_cast<std::size_t>(e * qp_ + qp)];
  }
  double weight(Index e, int qp) const { return weights_[static_cast<std::size_t>(e * qp_ + qp)]; }
  const std::vector<PointBlock>& point_blocks() const { return blocks_; }
  // The elements sorted along a Z-order curve through their rest centroids,
  // and each element's position in that order; the free nodes sorted the
  // same way by rest position. Loops that split these orders into ranges
  // give each thread a compact region: what one thread writes per element,
  // the per-node sums of that region read back on the same core.
  const std::vector<Index>& spatial_elements() const { return spatial_elements_; }
  Index spatial_position(Index e) const { return spatial_position_[static_cast<std::size_t>(e)]; }
  const std::vector<Index>& spatial_free_nodes() const { return spatial_free_nodes_; }
  double element_volume(Index e) const;
  double volume() const;

  // Current positions of the element's nodes (fixed nodes at rest).
  void gather(const Vec& q, Index e, ElementPositions& x) const;
  // Element velocities (fixed nodes at rest: zero).
  void gather_velocity(const Vec& v, Index e, ElementPositions& x) const;
  // Free-node positions of the rest configuration (the q of the rest state).
  Vec rest_q() const;
  // Lumped masses of the free dofs: ρ V_e / nodes_per_element to each node.
  Vec lumped_mass(double density) const;

 private:
  int npe() const { return mesh_.nodes_per_element; }
  void build_spatial_orders();
  void build_point_blocks();

  SolidMesh mesh_;
  int qp_ = 1;
  Index free_nodes_ = 0;
  std::vector<Index> node_dof_, element_dofs_;
  std::vector<ShapeGradients> grads_;
  std::vector<double> weights_;
  std::vector<PointBlock> blocks_;
  std::vector<Index> spatial_elements_, spatial_position_, spatial_free_nodes_;
};

// F = Σ_a x_a ⊗ ∇N_a, summed from +0 in node order (the rounding of
// ElasticBody's vectorized force kernel, which must equal this).
inline Eigen::Matrix3d deformation_gradient(const ElementPositions& x, const ShapeGradients& G) {
  Eigen::Matrix3d F = Eigen::Matrix3d::Zero();
  for (Index a = 0; a < G.rows(); ++a)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) F(i, j) += x(i, a) * G(a, j);
  return F;
}

}  // namespace tibench
