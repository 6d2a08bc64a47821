#include "problems/fem/solid_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace tibench {

SolidMesh hex_grid(int nx, int ny, int nz, const Eigen::Vector3d& size) {
  if (nx < 1 || ny < 1 || nz < 1) throw std::logic_error("hex_grid needs at least one cell");
  SolidMesh m;
  m.nodes_per_element = 8;
  const int px = nx + 1, py = ny + 1, pz = nz + 1;
  m.rest.resize(3, px * py * pz);
  for (int k = 0; k < pz; ++k)
    for (int j = 0; j < py; ++j)
      for (int i = 0; i < px; ++i)
        m.rest.col(i + px * (j + py * k)) =
            Eigen::Vector3d(size.x() * i / nx, size.y() * j / ny, size.z() * k / nz);
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        for (int c = 0; c < 8; ++c)
          m.elements.push_back((i + (c & 1)) + px * ((j + ((c >> 1) & 1)) + py * (k + (c >> 2))));
  m.fixed.assign(static_cast<std::size_t>(m.rest.cols()), false);
  return m;
}

MeshGeometry::MeshGeometry(SolidMesh mesh) : mesh_(std::move(mesh)) {
  const int npe = mesh_.nodes_per_element;
  if (npe != 4 && npe != 8) throw std::logic_error("elements must have 4 or 8 nodes");
  if (mesh_.fixed.size() != static_cast<std::size_t>(mesh_.rest.cols()))
    throw std::logic_error("one fixed flag per node expected");
  node_dof_.assign(mesh_.fixed.size(), -1);
  for (std::size_t n = 0; n < mesh_.fixed.size(); ++n)
    if (!mesh_.fixed[n]) node_dof_[n] = 3 * free_nodes_++;
  qp_ = npe == 4 ? 1 : 8;

  const Index E = elements();
  for (Index e = 0; e < E; ++e)
    for (int a = 0; a < npe; ++a)
      for (int i = 0; i < 3; ++i) {
        const Index d = node_dof(node(e, a));
        element_dofs_.push_back(d < 0 ? -1 : d + i);
      }

  grads_.reserve(static_cast<std::size_t>(E * qp_));
  weights_.reserve(static_cast<std::size_t>(E * qp_));
  for (Index e = 0; e < E; ++e) {
    ElementPositions X(3, npe);
    for (int a = 0; a < npe; ++a) X.col(a) = mesh_.rest.col(node(e, a));
    if (npe == 4) {
      Eigen::Matrix3d Dm;
      for (int c = 0; c < 3; ++c) Dm.col(c) = X.col(c + 1) - X.col(0);
      const double det = Dm.determinant();
      if (!(det > 0)) throw std::logic_error("tetrahedron with non-positive rest volume");
      const Eigen::Matrix3d Dinv = Dm.inverse();
      ShapeGradients G(4, 3);
      for (int a = 1; a < 4; ++a) G.row(a) = Dinv.row(a - 1);
      G.row(0) = -(G.row(1) + G.row(2) + G.row(3));
      grads_.push_back(G);
      weights_.push_back(det / 6.0);
      continue;
    }
    const double g = 1.0 / std::sqrt(3.0);
    for (int qp = 0; qp < 8; ++qp) {
      const Eigen::Vector3d xi((qp & 1) ? g : -g, ((qp >> 1) & 1) ? g : -g, (qp >> 2) ? g : -g);
      ShapeGradients dN(8, 3);  // ∂N_a/∂ξ
      for (int a = 0; a < 8; ++a) {
        const Eigen::Vector3d s((a & 1) ? 1 : -1, ((a >> 1) & 1) ? 1 : -1, (a >> 2) ? 1 : -1);
        const Eigen::Vector3d f = (Eigen::Vector3d::Ones() + s.cwiseProduct(xi)) / 2.0;
        // N_a = f_x f_y f_z with f_d = (1 + s_d ξ_d)/2
        dN(a, 0) = 0.5 * s.x() * f.y() * f.z();
        dN(a, 1) = 0.5 * f.x() * s.y() * f.z();
        dN(a, 2) = 0.5 * f.x() * f.y() * s.z();
      }
      const Eigen::Matrix3d J = X * dN;  // ∂X/∂ξ
      const double det = J.determinant();
      if (!(det > 0)) throw std::logic_error("hexahedron with non-positive Jacobian");
      grads_.push_back(dN * J.inverse());
      weights_.push_back(det);  // Gauss weights are 1
    }
  }
  build_spatial_orders();
  build_point_blocks();
}

namespace {

// 21 bits of each coordinate, scaled to the bounding box, interleaved.
std::uint64_t morton_code(const Eigen::Vector3d& x, const Eigen::Vector3d& low,
                          const Eigen::Vector3d& extent) {
  std::uint64_t code = 0;
  for (int i = 0; i < 3; ++i) {
    const double t = extent[i] > 0 ? (x[i] - low[i]) / extent[i] : 0.0;
    const auto cell = static_cast<std::uint64_t>(std::clamp(t, 0.0, 1.0) * ((1 << 21) - 1));
    for (int bit = 0; bit < 21; ++bit) code |= ((cell >> bit) & 1u) << (3 * bit + i);
  }
  return code;
}

// The indices 0 … n−1 sorted by the Z-order code of point(i), ties by index.
template <class Point>
std::vector<Index> z_order(Index n, const Eigen::Vector3d& low, const Eigen::Vector3d& extent,
                           const Point& point) {
  std::vector<std::pair<std::uint64_t, Index>> keyed(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i)
    keyed[static_cast<std::size_t>(i)] = {morton_code(point(i), low, extent), i};
  std::sort(keyed.begin(), keyed.end());
  std::vector<Index> order(keyed.size());
  for (std::size_t k = 0; k < keyed.size(); ++k) order[k] = keyed[k].second;
  return order;
}

}  // namespace

void MeshGeometry::build_spatial_orders() {
  const Eigen::Vector3d low = mesh_.rest.rowwise().minCoeff();
  const Eigen::Vector3d extent = mesh_.rest.rowwise().maxCoeff() - low;
  spatial_elements_ = z_order(elements(), low, extent, [&](Index e) {
    Eigen::Vector3d c = Eigen::Vector3d::Zero();
    for (int a = 0; a < npe(); ++a) c += mesh_.rest.col(node(e, a));
    return Eigen::Vector3d(c / npe());
  });
  spatial_position_.resize(spatial_elements_.size());
  for (std::size_t p = 0; p < spatial_elements_.size(); ++p)
    spatial_position_[static_cast<std::size_t>(spatial_elements_[p])] = static_cast<Index>(p);
  std::vector<Index> mesh_node;  // free node k → its mesh node
  for (std::size_t n = 0; n < node_dof_.size(); ++n)
    if (node_dof_[n] >= 0) mesh_node.push_back(static_cast<Index>(n));
  spatial_free_nodes_ = z_order(free_nodes_, low, extent, [&](Index k) {
    return Eigen::Vector3d(mesh_.rest.col(mesh_node[static_cast<std::size_t>(k)]));
  });
}

void MeshGeometry::build_point_blocks() {
  static_assert(kStressLanes % 8 == 0, "a block holds whole hexahedra (8 points)");
  const int per_block = kStressLanes / qp_;
  for (Index first = 0; first < elements(); first += per_block) {
    PointBlock& b = blocks_.emplace_back();
    b.first_position = first;
    b.elements = static_cast<int>(std::min<Index>(per_block, elements() - first));
    for (int k = 0; k < b.elements; ++k)
      b.element[k] = spatial_elements_[static_cast<std::size_t>(first + k)];
    for (int l = 0; l < kStressLanes; ++l) {
      const bool used = l < b.elements * qp_;
      const Index e = used ? b.element[l / qp_] : 0;
      const int qp = l % qp_;
      b.w[l] = used ? weight(e, qp) : 0.0;
      for (int a = 0; a < kMaxElementNodes; ++a)
        for (int j = 0; j < 3; ++j) b.G[a][j][l] = used && a < npe() ? gradients(e, qp)(a, j) : 0.0;
    }
  }
}

double MeshGeometry::element_volume(Index e) const {
  double v = 0.0;
  for (int qp = 0; qp < qp_; ++qp) v += weight(e, qp);
  return v;
}

double MeshGeometry::volume() const {
  double v = 0.0;
  for (double w : weights_) v += w;
  return v;
}

void MeshGeometry::gather(const Vec& q, Index e, ElementPositions& x) const {
  x.resize(3, npe());
  for (int a = 0; a < npe(); ++a) {
    const int n = node(e, a);
    const Index d = node_dof(n);
    if (d < 0)
      x.col(a) = mesh_.rest.col(n);
    else
      x.col(a) = q.segment<3>(d);
  }
}

void MeshGeometry::gather_velocity(const Vec& v, Index e, ElementPositions& x) const {
  x.resize(3, npe());
  for (int a = 0; a < npe(); ++a) {
    const Index d = node_dof(node(e, a));
    if (d < 0)
      x.col(a).setZero();
    else
      x.col(a) = v.segment<3>(d);
  }
}

Vec MeshGeometry::rest_q() const {
  Vec q(dofs());
  for (std::size_t n = 0; n < node_dof_.size(); ++n)
    if (node_dof_[n] >= 0) q.segment<3>(node_dof_[n]) = mesh_.rest.col(static_cast<Index>(n));
  return q;
}

Vec MeshGeometry::lumped_mass(double density) const {
  Vec m = Vec::Zero(dofs());
  for (Index e = 0; e < elements(); ++e) {
    const double share = density * element_volume(e) / npe();
    for (int a = 0; a < npe(); ++a) {
      const Index d = node_dof(node(e, a));
      if (d >= 0) m.segment<3>(d).array() += share;
    }
  }
  return m;
}

}  // namespace tibench
