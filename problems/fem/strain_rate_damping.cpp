#include "problems/fem/strain_rate_damping.hpp"

#include "problems/fem/assembly.hpp"

namespace tibench {
namespace {

Mat3 sym(const Mat3& A) { return 0.5 * (A + A.transpose()); }

}  // namespace

StrainRateDamping::StrainRateDamping(std::shared_ptr<const MeshGeometry> geometry, double psi,
                                     double phi)
    : geo_(std::move(geometry)), psi_(psi), phi_(phi) {}

Mat3 StrainRateDamping::viscous_stress_factor(const Mat3& F, const Mat3& Fdot) const {
  const Mat3 Edot = sym(F.transpose() * Fdot);
  return 2.0 * psi_ * Edot + phi_ * Edot.trace() * Mat3::Identity();
}

template <class PointVisitor>
void StrainRateDamping::each_element(const Vec& q, const Vec& v, PointVisitor visit) const {
  ElementPositions x, u;
  for (Index e = 0; e < geo_->elements(); ++e) {
    geo_->gather(q, e, x);
    geo_->gather_velocity(v, e, u);
    visit(e, x, u);
  }
}

double StrainRateDamping::density(const Mat3& F, const Mat3& Fdot) const {
  const Mat3 Edot = sym(F.transpose() * Fdot);
  const double tr = Edot.trace();
  return psi_ * Edot.squaredNorm() + 0.5 * phi_ * tr * tr;
}

double StrainRateDamping::value(const Vec& q, const Vec& v) const {
  double r = 0.0;
  each_element(q, v, [&](Index e, const ElementPositions& x, const ElementPositions& u) {
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      r += geo_->weight(e, qp) * density(x * G, u * G);
    }
  });
  return r;
}

// ∇_v R (F S per point) or ∇_q R (Ḟ S per point), S = 2ψĖ + φ tr(Ė) I.
void StrainRateDamping::add_stress_gradient(const Vec& q, const Vec& v, bool wrt_q, Vec& g) const {
  ElementVector ge;
  each_element(q, v, [&](Index e, const ElementPositions& x, const ElementPositions& u) {
    ge.setZero(3 * geo_->nodes_per_element());
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 F = x * G, Fdot = u * G;
      accumulate_bt(G, (wrt_q ? Fdot : F) * viscous_stress_factor(F, Fdot), geo_->weight(e, qp),
                    ge);
    }
    scatter(*geo_, e, ge, g);
  });
}

void StrainRateDamping::add_gradient_v(const Vec& q, const Vec& v, Vec& g) const {
  add_stress_gradient(q, v, false, g);
}

void StrainRateDamping::add_gradient_q(const Vec& q, const Vec& v, Vec& g) const {
  add_stress_gradient(q, v, true, g);
}

void StrainRateDamping::add_hessian_vv(const Vec& q, const Vec& v, Triplets& out) const {
  ElementMatrix H;
  each_element(q, v, [&](Index e, const ElementPositions& x, const ElementPositions&) {
    H.setZero(3 * geo_->nodes_per_element(), 3 * geo_->nodes_per_element());
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 F = x * G;
      // ∂(F S)/∂Ḟ in direction dḞ: F (2ψ dĖ + φ tr(dĖ) I), dĖ = sym(Fᵀ dḞ)
      const Mat9 D =
          matrix_of([&](const Mat3& dFdot) { return Mat3(F * viscous_stress_factor(F, dFdot)); });
      accumulate_btdb_lower(G, D, geo_->weight(e, qp), H);  // ∂²R/∂Ḟ² is symmetric
    }
    mirror_lower(H);
    emit(*geo_, e, H, out);
  });
}

void StrainRateDamping::add_mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const {
  ElementMatrix H;
  each_element(q, v, [&](Index e, const ElementPositions& x, const ElementPositions& u) {
    H.setZero(3 * geo_->nodes_per_element(), 3 * geo_->nodes_per_element());
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 F = x * G, Fdot = u * G;
      const Mat3 S = viscous_stress_factor(F, Fdot);
      // d(F S) in direction dF: dF S + F (2ψ dĖ + φ tr(dĖ) I), dĖ = sym(dFᵀ Ḟ)
      const Mat9 D = matrix_of(
          [&](const Mat3& dF) { return Mat3(dF * S + F * viscous_stress_factor(dF, Fdot)); });
      accumulate_btdb(G, D, geo_->weight(e, qp), H);
    }
    emit(*geo_, e, H, out);
  });
}

}  // namespace tibench
