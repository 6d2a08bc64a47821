// Fully implicit Rayleigh damping (Brown et al. 2018 §5.1.2, Eqs. 46–48):
//
//   R(q, v) = ½ α vᵀ M v + ½ β vᵀ K(q) v,   K = ∇²U (tangent stiffness),
//   ∇_v R = α M v + β K(q) v,
//   ∇_q R = ½ β [vᵀ ∂K/∂q_i v]_i = ½ β d²/ds² ∇U(q + s v)|_{s=0}   (Eqs. 48–50),
//   ∂(∇_v R)/∂q = β d/ds K(q + s v)|_{s=0}.
//
// Unlike the lagged model (LocalQuadraticDissipation with K(q_n)), R depends
// on q within a step: this is the model whose ∇₁R term makes the uncorrected
// optimization integrators first order (Brown et al. §4.1–4.2). K is not
// projected (a projection would make R non-differentiable in q), so R can be
// negative where K is indefinite.
//
// The third derivatives of U come from the problem. For potentials that are
// polynomials of degree ≤ 4 in q (St. Venant–Kirchhoff, mass-spring energies
// in squared lengths) `polynomial_stiffness_derivatives` computes them
// exactly from gradients and Hessians: ∇U(q + s v) is a cubic and K(q + s v)
// a quadratic in s, so the central differences below are exact for any s.
#pragma once

#include <functional>

#include "problems/dissipation/dissipation_model.hpp"

namespace tibench {

struct StiffnessDerivatives {
  std::function<void(const Vec& q, Triplets& out)> stiffness;  // appends K(q)
  // out = d²/ds² ∇U(q + s w)|₀ = [wᵀ ∂K/∂q_i w]_i
  std::function<void(const Vec& q, const Vec& w, Vec& out)> curvature_gradient;
  // appends d/ds K(q + s w)|₀
  std::function<void(const Vec& q, const Vec& w, Triplets& out)> stiffness_derivative;
};

// Exact third-derivative contractions of a potential of degree ≤ 4 in q.
// `length` is a length scale of q: the difference step is chosen so that
// s‖w‖_∞ = length, which keeps the rounding error of the differences at the
// level of ε times the terms.
StiffnessDerivatives polynomial_stiffness_derivatives(
    std::function<void(const Vec& q, Vec& g)> gradient,
    std::function<void(const Vec& q, Triplets& out)> hessian, double length);

class ImplicitRayleighDissipation final : public DissipationModel {
 public:
  ImplicitRayleighDissipation(Vec mass, double alpha, double beta, StiffnessDerivatives k);

  bool depends_on_q() const override { return true; }
  double value(const Vec& q, const Vec& v) const override;
  void add_gradient_v(const Vec& q, const Vec& v, Vec& g) const override;
  void add_hessian_vv(const Vec& q, const Vec& v, Triplets& out) const override;
  void add_gradient_q(const Vec& q, const Vec& v, Vec& g) const override;
  void add_mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const override;

 private:
  const SparseMatrix& stiffness(const Vec& q) const;

  Vec mass_;
  double alpha_, beta_;
  StiffnessDerivatives k_;
  mutable Triplets triplets_;
  mutable SparseMatrix K_;
  mutable Vec scratch_;
};

}  // namespace tibench
