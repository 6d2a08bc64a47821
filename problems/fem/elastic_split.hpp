// The ADMM split (problems/element_split.hpp) of an elastic body's energy:
// one block per quadrature point, z = vec F (column-major, d = 9),
//
//   E_b(F) = w V Ψ(F, R_e),   F = Σ_a x_a ⊗ ∇N_a  (fixed nodes go into c),
//
// w V the quadrature weight, R_e the element's lagged rotation (corotated
// materials). Weights w_b² = (λ + 2μ/3) w V: Overby et al. 2017's bulk-modulus
// heuristic. The owner adds its linear force (gravity).
#pragma once

#include <memory>

#include "problems/element_split.hpp"
#include "problems/fem/elastic_body.hpp"

namespace tibench {

// The rows of F = D q + c, one 9-row block (vec F, column-major) per
// quadrature point in element order, fixed nodes' contribution in c.
void deformation_gradient_rows(const MeshGeometry& g, Triplets& D, Vec& c);

class ElasticSplit final : public ElementSplit {
 public:
  ElasticSplit(std::shared_ptr<const ElasticBody> body, Vec linear_force);

  int block_size() const override { return 9; }
  Index blocks() const override;
  void reduction(Triplets& D, Vec& c) const override;
  double weight(Index b) const override;
  double energy(Index b, const LocalVector& z) const override;
  void derivatives(Index b, const LocalVector& z, LocalVector& g, LocalMatrix& H) const override;
  void linear_force(Vec& f) const override { f = linear_force_; }

 private:
  std::shared_ptr<const ElasticBody> body_;
  Vec linear_force_;
  double bulk_modulus_;
};

}  // namespace tibench
