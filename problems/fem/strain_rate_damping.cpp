#include "problems/fem/strain_rate_damping.hpp"

#include "problems/fem/assembly.hpp"

namespace tibench {
namespace {

Mat3 sym(const Mat3& A) { return 0.5 * (A + A.transpose()); }

template <class Directional>
Mat9 by_columns(Directional d) {
  Mat9 D;
  for (int c = 0; c < 9; ++c) {
    Mat3 E = Mat3::Zero();
    E(c % 3, c / 3) = 1.0;
    const Mat3 out = d(E);
    D.col(c) = Eigen::Map<const Eigen::Matrix<double, 9, 1>>(out.data());
  }
  return D;
}

}  // namespace

StrainRateDamping::StrainRateDamping(std::shared_ptr<const MeshGeometry> geometry, double psi,
                                     double phi)
    : geo_(std::move(geometry)), psi_(psi), phi_(phi) {}

double StrainRateDamping::value(const Vec& q, const Vec& v) const {
  double r = 0.0;
  ElementPositions x, u;
  for (Index e = 0; e < geo_->elements(); ++e) {
    geo_->gather(q, e, x);
    geo_->gather_velocity(v, e, u);
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 Edot = sym((x * G).transpose() * (u * G));
      const double tr = Edot.trace();
      r += geo_->weight(e, qp) * (psi_ * Edot.squaredNorm() + 0.5 * phi_ * tr * tr);
    }
  }
  return r;
}

void StrainRateDamping::add_gradient_v(const Vec& q, const Vec& v, Vec& g) const {
  ElementPositions x, u;
  ElementVector ge;
  for (Index e = 0; e < geo_->elements(); ++e) {
    geo_->gather(q, e, x);
    geo_->gather_velocity(v, e, u);
    ge.setZero(3 * geo_->nodes_per_element());
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 F = x * G;
      const Mat3 Edot = sym(F.transpose() * (u * G));
      const Mat3 S = 2.0 * psi_ * Edot + phi_ * Edot.trace() * Mat3::Identity();
      accumulate_bt(G, F * S, geo_->weight(e, qp), ge);
    }
    scatter(*geo_, e, ge, g);
  }
}

void StrainRateDamping::add_hessian_vv(const Vec& q, const Vec&, Triplets& out) const {
  ElementPositions x;
  ElementMatrix H;
  for (Index e = 0; e < geo_->elements(); ++e) {
    geo_->gather(q, e, x);
    const Index n = 3 * geo_->nodes_per_element();
    H.setZero(n, n);
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 F = x * G;
      const Mat9 D = by_columns([&](const Mat3& dFdot) -> Mat3 {
        const Mat3 dE = sym(F.transpose() * dFdot);
        return F * (2.0 * psi_ * dE + phi_ * dE.trace() * Mat3::Identity());
      });
      accumulate_btdb_lower(G, D, geo_->weight(e, qp), H);  // ∂²R/∂Ḟ² is symmetric
    }
    mirror_lower(H);
    emit(*geo_, e, H, out);
  }
}

void StrainRateDamping::add_gradient_q(const Vec& q, const Vec& v, Vec& g) const {
  ElementPositions x, u;
  ElementVector ge;
  for (Index e = 0; e < geo_->elements(); ++e) {
    geo_->gather(q, e, x);
    geo_->gather_velocity(v, e, u);
    ge.setZero(3 * geo_->nodes_per_element());
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 Fdot = u * G;
      const Mat3 Edot = sym((x * G).transpose() * Fdot);
      const Mat3 S = 2.0 * psi_ * Edot + phi_ * Edot.trace() * Mat3::Identity();
      accumulate_bt(G, Fdot * S, geo_->weight(e, qp), ge);
    }
    scatter(*geo_, e, ge, g);
  }
}

void StrainRateDamping::add_mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const {
  ElementPositions x, u;
  ElementMatrix H;
  for (Index e = 0; e < geo_->elements(); ++e) {
    geo_->gather(q, e, x);
    geo_->gather_velocity(v, e, u);
    const Index n = 3 * geo_->nodes_per_element();
    H.setZero(n, n);
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      const ShapeGradients& G = geo_->gradients(e, qp);
      const Mat3 F = x * G, Fdot = u * G;
      const Mat3 Edot = sym(F.transpose() * Fdot);
      const Mat3 S = 2.0 * psi_ * Edot + phi_ * Edot.trace() * Mat3::Identity();
      // d(F S) in direction dF: dF S + F (2ψ dĖ + φ tr(dĖ) I), dĖ = sym(dFᵀ Ḟ)
      const Mat9 D = by_columns([&](const Mat3& dF) -> Mat3 {
        const Mat3 dE = sym(dF.transpose() * Fdot);
        return dF * S + F * (2.0 * psi_ * dE + phi_ * dE.trace() * Mat3::Identity());
      });
      accumulate_btdb(G, D, geo_->weight(e, qp), H);
    }
    emit(*geo_, e, H, out);
  }
}

}  // namespace tibench
