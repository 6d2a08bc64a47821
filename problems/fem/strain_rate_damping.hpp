// Strain-rate proportional viscous damping (Brown et al. 2018 §5.1.1,
// Eqs. 41–44, after O'Brien & Hodgins 1999):
//
//   R(F, Ḟ) = ψ ‖Ė‖² + φ/2 tr²(Ė),   Ė = ½ (ḞᵀF + FᵀḞ),
//   ∇_Ḟ R = F (2ψ Ė + φ tr(Ė) I)   (viscous first Piola–Kirchhoff stress),
//   ∇_F R = Ḟ (2ψ Ė + φ tr(Ė) I),
//
// summed over the quadrature points with weights w|det J|; ψ and φ are the
// shear and bulk damping coefficients [Pa·s]. R is invariant to rigid
// velocities, so the forces conserve linear and angular momentum (§6.1). R
// depends on q through F, so the model provides ∇_q R and ∂(∇_v R)/∂q.
#pragma once

#include <memory>

#include "problems/dissipation/dissipation_model.hpp"
#include "problems/fem/material.hpp"
#include "problems/fem/solid_mesh.hpp"

namespace tibench {

class StrainRateDamping final : public DissipationModel {
 public:
  StrainRateDamping(std::shared_ptr<const MeshGeometry> geometry, double psi, double phi);

  bool depends_on_q() const override { return true; }
  double value(const Vec& q, const Vec& v) const override;
  void add_gradient_v(const Vec& q, const Vec& v, Vec& g) const override;
  void add_hessian_vv(const Vec& q, const Vec& v, Triplets& out) const override;
  void add_gradient_q(const Vec& q, const Vec& v, Vec& g) const override;
  void add_mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const override;
  const StrainRateDamping* strain_rate() const override { return this; }

  const MeshGeometry& geometry() const { return *geo_; }
  // R(F, Ḟ) per unit weight at one quadrature point.
  double density(const Mat3& F, const Mat3& Fdot) const;
  // S = 2ψ Ė + φ tr(Ė) I with Ė = sym(Fᵀ Ḟ) (linear in each argument):
  // ∇_Ḟ R = F S, ∇_F R = Ḟ S per unit weight.
  Mat3 viscous_stress_factor(const Mat3& F, const Mat3& Fdot) const;
  // The curvature scale of R in Ḟ at F = I: 2ψ + 3φ.
  double rate_stiffness() const { return 2.0 * psi_ + 3.0 * phi_; }

 private:
  void add_stress_gradient(const Vec& q, const Vec& v, bool wrt_q, Vec& g) const;
  // visit(e, x_e, v_e) for every element.
  template <class PointVisitor>
  void each_element(const Vec& q, const Vec& v, PointVisitor visit) const;

  std::shared_ptr<const MeshGeometry> geo_;
  double psi_, phi_;
};

}  // namespace tibench
