#include "problems/fem/elastic_split.hpp"

namespace tibench {

ElasticSplit::ElasticSplit(std::shared_ptr<const ElasticBody> body, Vec linear_force)
    : body_(std::move(body)), linear_force_(std::move(linear_force)) {
  const Lame& lame = body_->material().lame();
  bulk_modulus_ = lame.lambda + 2.0 * lame.mu / 3.0;
}

Index ElasticSplit::blocks() const {
  const MeshGeometry& g = body_->geometry();
  return g.elements() * g.quadrature_points();
}

void ElasticSplit::reduction(Triplets& D, Vec& c) const {
  deformation_gradient_rows(body_->geometry(), D, c);
}

void deformation_gradient_rows(const MeshGeometry& g, Triplets& D, Vec& c) {
  const int nq = g.quadrature_points();
  c.setZero(9 * g.elements() * nq);
  for (Index e = 0; e < g.elements(); ++e)
    for (int qp = 0; qp < nq; ++qp) {
      const Index row0 = 9 * (e * nq + qp);
      const ShapeGradients& G = g.gradients(e, qp);
      for (int a = 0; a < g.nodes_per_element(); ++a) {
        const int node = g.node(e, a);
        const Index dof = g.node_dof(node);
        // F(i, j) = Σ_a x_a,i ∂N_a/∂X_j, at row i + 3j of the block.
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) {
            if (dof >= 0)
              D.emplace_back(row0 + i + 3 * j, dof + i, G(a, j));
            else
              c[row0 + i + 3 * j] += g.mesh().rest(i, node) * G(a, j);
          }
      }
    }
}

double ElasticSplit::weight(Index b) const {
  const MeshGeometry& g = body_->geometry();
  const int nq = g.quadrature_points();
  return bulk_modulus_ * g.weight(b / nq, static_cast<int>(b % nq));
}

double ElasticSplit::energy(Index b, const LocalVector& z) const {
  const MeshGeometry& g = body_->geometry();
  const int nq = g.quadrature_points();
  const Index e = b / nq;
  const Eigen::Map<const Mat3> F(z.data());
  return g.weight(e, static_cast<int>(b % nq)) *
         body_->material().energy(F, body_->lagged_rotation(e));
}

void ElasticSplit::derivatives(Index b, const LocalVector& z, LocalVector& grad,
                               LocalMatrix& H) const {
  const MeshGeometry& g = body_->geometry();
  const int nq = g.quadrature_points();
  const Index e = b / nq;
  const double w = g.weight(e, static_cast<int>(b % nq));
  const Eigen::Map<const Mat3> F(z.data());
  const Mat3& R = body_->lagged_rotation(e);
  const Mat3 P = body_->material().stress(F, R);
  grad = w * Eigen::Map<const Eigen::Matrix<double, 9, 1>>(P.data());
  H = w * body_->material().stress_derivative(F, R);
}

}  // namespace tibench
