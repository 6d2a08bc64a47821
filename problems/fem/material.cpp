#include "problems/fem/material.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

#include "core/parameters.hpp"

namespace tibench {
namespace {

Eigen::Matrix<double, 9, 1> vec(const Mat3& A) {
  return Eigen::Map<const Eigen::Matrix<double, 9, 1>>(A.data());
}

Mat3 cross_matrix(const Eigen::Vector3d& a) {
  Mat3 m;
  m << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return m;
}

// Adds s ∂²J/∂F² to D: blocks (a, b) over the columns of F, the
// derivative of cof F = [f1×f2, f2×f0, f0×f1].
void add_scaled_det_hessian(Mat9& D, const Mat3& F, double s) {
  const Mat3 c0 = cross_matrix(F.col(0)), c1 = cross_matrix(F.col(1)), c2 = cross_matrix(F.col(2));
  D.block<3, 3>(0, 3) -= s * c2;
  D.block<3, 3>(0, 6) += s * c1;
  D.block<3, 3>(3, 0) += s * c2;
  D.block<3, 3>(3, 6) -= s * c0;
  D.block<3, 3>(6, 0) -= s * c1;
  D.block<3, 3>(6, 3) += s * c0;
}

// F = U diag(sigma) Vᵀ with U, V orthogonal and det(U Vᵀ) = +1: when the
// plain SVD has det U det V < 0 the sign goes to the smallest singular
// value (Irving, Teran, Fedkiw 2004), so sigma(2) < 0 for inverted F.
struct SignedSvd {
  Mat3 U, V;
  Eigen::Vector3d sigma;
};

SignedSvd signed_svd(const Mat3& F) {
  Eigen::JacobiSVD<Mat3> svd(F, Eigen::ComputeFullU | Eigen::ComputeFullV);
  SignedSvd r{svd.matrixU(), svd.matrixV(), svd.singularValues()};
  if (r.U.determinant() * r.V.determinant() < 0) {  // singular values sorted
    r.U.col(2) *= -1.0;
    r.sigma(2) *= -1.0;
  }
  return r;
}

// Lower bound on σ̂_i + σ̂_j in ∂R/∂F. The sums are ≥ 0 (σ_2 ≥ |σ̂_3|) and
// vanish only on the degenerate set (two smallest singular values equal in
// an inverted F, or rank F ≤ 1), where R jumps and has no derivative; the
// floor keeps ∂P/∂F finite there (a stiff, negative twist mode, not inf or
// NaN) and changes nothing where σ̂_i + σ̂_j ≥ 1e-6.
constexpr double kTwistSumFloor = 1e-6;

// ∂vec R/∂vec F for R = rotation_of(F). Differentiating RᵀF = S (symmetric)
// with dR = R W, W skew, gives the Sylvester equation W S + S W = RᵀdF −
// dFᵀR; in the eigenbasis V of S = V Σ̂ Vᵀ (R V = U), W̃ = VᵀW V solves
// (σ̂_i + σ̂_j) W̃_ij = (UᵀdF V)_ij − (UᵀdF V)_ji and dR = U W̃ Vᵀ. Only the
// sums enter, so repeated singular values need no special case (U, V are
// not unique there but R and this derivative are). Hence
// ∂vec R/∂vec F = Σ_{i<j} t_ij t_ijᵀ / (σ̂_i + σ̂_j),
// t_ij = vec(U (e_i e_jᵀ − e_j e_iᵀ) Vᵀ): symmetric, rank 3.
Mat9 rotation_derivative(const SignedSvd& svd) {
  Mat9 D = Mat9::Zero();
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      const Mat3 T =
          svd.U.col(i) * svd.V.col(j).transpose() - svd.U.col(j) * svd.V.col(i).transpose();
      const Eigen::Matrix<double, 9, 1> t = vec(T);
      const double sum = std::max(svd.sigma(i) + svd.sigma(j), kTwistSumFloor);
      D.noalias() += (1.0 / sum) * t * t.transpose();
    }
  return D;
}

// The stress formulas of the four models per lane (Material::stress_lanes).
// Entry k of a column-major 3 × 3 matrix is m[k][l]; every lane loop is
// straight-line arithmetic, which GCC vectorizes (the `// simd:` lines are
// checked by scripts/vectorization-report.sh; P must not overlap F or R,
// which spares the loops GCC's run-time overlap checks, too many for it
// with three arrays of nine rows). Sums run in index order;
// the cofactor columns are f1×f2, f2×f0, f0×f1 and J = f0 · (f1×f2).

// The entries f of F at lane l, its cofactor columns c (f1×f2, f2×f0,
// f0×f1) and J = f0 · (f1×f2).
template <int N>
inline double load_with_cofactor(const double (&F)[9][N], int l, double (&f)[9], double (&c)[9]) {
  for (int k = 0; k < 9; ++k) f[k] = F[k][l];
  c[0] = f[4] * f[8] - f[5] * f[7];
  c[1] = f[5] * f[6] - f[3] * f[8];
  c[2] = f[3] * f[7] - f[4] * f[6];
  c[3] = f[7] * f[2] - f[8] * f[1];
  c[4] = f[8] * f[0] - f[6] * f[2];
  c[5] = f[6] * f[1] - f[7] * f[0];
  c[6] = f[1] * f[5] - f[2] * f[4];
  c[7] = f[2] * f[3] - f[0] * f[5];
  c[8] = f[0] * f[4] - f[1] * f[3];
  return f[0] * c[0] + f[1] * c[1] + f[2] * c[2];
}

// (AᵀB)_ij at lane l.
template <int N>
inline void transpose_product(const double (&A)[9][N], const double (&B)[9][N], int l,
                              double (&out)[9]) {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      out[i + 3 * j] = A[3 * i][l] * B[3 * j][l] + A[3 * i + 1][l] * B[3 * j + 1][l] +
                       A[3 * i + 2][l] * B[3 * j + 2][l];
}

// p = A_l (2μ E + λ tr(E) I) for a symmetric strain E. (The callers store
// p into P themselves: stores through their restrict-qualified P keep the
// lane loop free of run-time overlap checks.)
template <int N>
inline void linear_stress_times(const double (&A)[9][N], int l, const double (&E)[9], double two_mu,
                                double lambda, double (&p)[9]) {
  const double t = lambda * (E[0] + E[4] + E[8]);
  double S[9];
  for (int k = 0; k < 9; ++k) S[k] = two_mu * E[k] + (k % 4 == 0 ? t : 0.0);
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      p[i + 3 * j] = A[i][l] * S[3 * j] + A[i + 3][l] * S[3 * j + 1] + A[i + 6][l] * S[3 * j + 2];
}

template <int N>
void neo_hookean_lanes(double mu_s, double lambda_s, double a, const double (&F)[9][N],
                       double (&__restrict P)[9][N]) {
  // simd: one quadrature point per lane
  for (int l = 0; l < N; ++l) {
    double f[9], c[9];
    const double J = load_with_cofactor(F, l, f, c);
    double Ic = f[0] * f[0];
    for (int k = 1; k < 9; ++k) Ic += f[k] * f[k];
    const double s = mu_s * (1.0 - 1.0 / (Ic + 1.0)), t = lambda_s * (J - a);
    for (int k = 0; k < 9; ++k) P[k][l] = s * f[k] + t * c[k];
  }
}

// P = F S, S = 2μ E + λ tr(E) I, E = ½ (FᵀF − I).
template <int N>
void st_venant_kirchhoff_lanes(const Lame& lame, const double (&F)[9][N],
                               double (&__restrict P)[9][N]) {
  const double two_mu = 2.0 * lame.mu, lambda = lame.lambda;
  // simd: one quadrature point per lane
  for (int l = 0; l < N; ++l) {
    double E[9];
    transpose_product(F, F, l, E);
    for (int k = 0; k < 9; ++k) E[k] = 0.5 * (k % 4 == 0 ? E[k] - 1.0 : E[k]);
    double p[9];
    linear_stress_times(F, l, E, two_mu, lambda, p);
    for (int k = 0; k < 9; ++k) P[k][l] = p[k];
  }
}

// P = R (2μ ε + λ tr(ε) I), ε = sym(RᵀF) − I.
template <int N>
void corotated_linear_lanes(const Lame& lame, const double (&F)[9][N], const double (&R)[9][N],
                            double (&__restrict P)[9][N]) {
  const double two_mu = 2.0 * lame.mu, lambda = lame.lambda;
  // simd: one quadrature point per lane
  for (int l = 0; l < N; ++l) {
    // G = RᵀF written out: through transpose_product GCC leaves this loop
    // scalar ("no vectype" for R's loads).
    double G[9], eps[9];
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i)
        G[i + 3 * j] = R[3 * i][l] * F[3 * j][l] + R[3 * i + 1][l] * F[3 * j + 1][l] +
                       R[3 * i + 2][l] * F[3 * j + 2][l];
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) {
        const double s = 0.5 * (G[i + 3 * j] + G[j + 3 * i]);
        eps[i + 3 * j] = i == j ? s - 1.0 : s;
      }
    double p[9];
    linear_stress_times(R, l, eps, two_mu, lambda, p);
    for (int k = 0; k < 9; ++k) P[k][l] = p[k];
  }
}

// P = 2μ (F − R) + λ (J − 1) cof F with R = rotation_of(F).
template <int N>
void fixed_corotated_lanes(const Lame& lame, const double (&F)[9][N], const double (&R)[9][N],
                           double (&__restrict P)[9][N]) {
  const double two_mu = 2.0 * lame.mu, lambda = lame.lambda;
  // simd: one quadrature point per lane
  for (int l = 0; l < N; ++l) {
    double f[9], c[9];
    const double t = lambda * (load_with_cofactor(F, l, f, c) - 1.0);
    for (int k = 0; k < 9; ++k) P[k][l] = two_mu * (f[k] - R[k][l]) + t * c[k];
  }
}

}  // namespace

std::vector<std::string> material_model_ids() {
  return {"stable-neo-hookean", "corotated-linear", "st-venant-kirchhoff", "fixed-corotated"};
}

MaterialModel material_model(const std::string& id) {
  if (id == "stable-neo-hookean") return MaterialModel::stable_neo_hookean;
  if (id == "corotated-linear") return MaterialModel::corotated_linear;
  if (id == "st-venant-kirchhoff") return MaterialModel::st_venant_kirchhoff;
  if (id == "fixed-corotated") return MaterialModel::fixed_corotated;
  throw InputError("unknown material '" + id +
                   "' (accepted: stable-neo-hookean, corotated-linear, st-venant-kirchhoff, "
                   "fixed-corotated)");
}

Lame Lame::from_young_poisson(double E, double nu) {
  return {E / (2.0 * (1.0 + nu)), E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu))};
}

Mat3 cofactor(const Mat3& F) {
  Mat3 c;
  c.col(0) = F.col(1).cross(F.col(2));
  c.col(1) = F.col(2).cross(F.col(0));
  c.col(2) = F.col(0).cross(F.col(1));
  return c;
}

Mat3 rotation_of(const Mat3& F) {
  const SignedSvd svd = signed_svd(F);
  return svd.U * svd.V.transpose();
}

Material::Material(MaterialModel model, Lame lame) : model_(model), lame_(lame) {
  if (model_ == MaterialModel::stable_neo_hookean) {
    mu_s_ = 4.0 / 3.0 * lame_.mu;
    lambda_s_ = lame_.lambda + 5.0 / 6.0 * lame_.mu;
    a_ = 1.0 + 3.0 * mu_s_ / (4.0 * lambda_s_);
    psi0_ = 0.5 * lambda_s_ * (1.0 - a_) * (1.0 - a_) - 0.5 * mu_s_ * std::log(4.0);
  }
}

double Material::energy(const Mat3& F, const Mat3& R) const {
  switch (model_) {
    case MaterialModel::stable_neo_hookean: {
      const double Ic = F.squaredNorm(), J = F.determinant();
      return 0.5 * mu_s_ * (Ic - 3.0) + 0.5 * lambda_s_ * (J - a_) * (J - a_) -
             0.5 * mu_s_ * std::log(Ic + 1.0) - psi0_;
    }
    case MaterialModel::corotated_linear: {
      const Mat3 G = R.transpose() * F;
      const Mat3 eps = 0.5 * (G + G.transpose()) - Mat3::Identity();
      const double tr = eps.trace();
      return lame_.mu * eps.squaredNorm() + 0.5 * lame_.lambda * tr * tr;
    }
    case MaterialModel::st_venant_kirchhoff: {
      const Mat3 E = 0.5 * (F.transpose() * F - Mat3::Identity());
      const double tr = E.trace();
      return lame_.mu * E.squaredNorm() + 0.5 * lame_.lambda * tr * tr;
    }
    case MaterialModel::fixed_corotated: {
      const double J = F.determinant();
      return lame_.mu * (F - rotation_of(F)).squaredNorm() + 0.5 * lame_.lambda * (J - 1) * (J - 1);
    }
  }
  return 0.0;
}

Material::LaneRotation Material::lane_rotation() const {
  switch (model_) {
    case MaterialModel::corotated_linear: return LaneRotation::lagged;
    case MaterialModel::fixed_corotated: return LaneRotation::polar;
    case MaterialModel::stable_neo_hookean:
    case MaterialModel::st_venant_kirchhoff: break;
  }
  return LaneRotation::none;
}

template <int N>
void Material::stress_lanes(const double (&F)[9][N], const double (&R)[9][N],
                            double (&P)[9][N]) const {
  switch (model_) {
    case MaterialModel::stable_neo_hookean: return neo_hookean_lanes(mu_s_, lambda_s_, a_, F, P);
    case MaterialModel::corotated_linear: return corotated_linear_lanes(lame_, F, R, P);
    case MaterialModel::st_venant_kirchhoff: return st_venant_kirchhoff_lanes(lame_, F, P);
    case MaterialModel::fixed_corotated: return fixed_corotated_lanes(lame_, F, R, P);
  }
}

template void Material::stress_lanes<1>(const double (&)[9][1], const double (&)[9][1],
                                        double (&)[9][1]) const;
template void Material::stress_lanes<kStressLanes>(const double (&)[9][kStressLanes],
                                                   const double (&)[9][kStressLanes],
                                                   double (&)[9][kStressLanes]) const;

Mat3 Material::stress(const Mat3& F, const Mat3& R) const {
  double f[9][1], r[9][1], p[9][1];
  const LaneRotation rotation = lane_rotation();
  const Mat3 polar = rotation == LaneRotation::polar ? rotation_of(F) : Mat3::Identity();
  for (int k = 0; k < 9; ++k) {
    f[k][0] = F(k);
    r[k][0] = rotation == LaneRotation::polar ? polar(k) : R(k);
  }
  stress_lanes<1>(f, r, p);
  Mat3 P;
  for (int k = 0; k < 9; ++k) P(k) = p[k][0];
  return P;
}

Mat9 Material::stress_derivative(const Mat3& F, const Mat3& R) const {
  switch (model_) {
    case MaterialModel::stable_neo_hookean: {
      const double Ic = F.squaredNorm(), J = F.determinant();
      const Eigen::Matrix<double, 9, 1> f = vec(F), g = vec(cofactor(F));
      Mat9 D = mu_s_ * (1.0 - 1.0 / (Ic + 1.0)) * Mat9::Identity();
      D.noalias() += (2.0 * mu_s_ / ((Ic + 1.0) * (Ic + 1.0))) * f * f.transpose();
      D.noalias() += lambda_s_ * g * g.transpose();
      add_scaled_det_hessian(D, F, lambda_s_ * (J - a_));
      return D;
    }
    case MaterialModel::corotated_linear: {
      const double mu = lame_.mu, lambda = lame_.lambda;
      return matrix_of([&](const Mat3& dF) -> Mat3 {
        const Mat3 dG = R.transpose() * dF;
        return R * (mu * (dG + dG.transpose()) + lambda * dG.trace() * Mat3::Identity());
      });
    }
    case MaterialModel::st_venant_kirchhoff: {
      const double mu = lame_.mu, lambda = lame_.lambda;
      const Mat3 E = 0.5 * (F.transpose() * F - Mat3::Identity());
      const Mat3 S = 2.0 * mu * E + lambda * E.trace() * Mat3::Identity();
      return matrix_of([&](const Mat3& dF) -> Mat3 {
        const Mat3 FtdF = F.transpose() * dF;
        const Mat3 dE = 0.5 * (FtdF + FtdF.transpose());
        return dF * S + F * (2.0 * mu * dE + lambda * dE.trace() * Mat3::Identity());
      });
    }
    case MaterialModel::fixed_corotated: {
      // 2μ (I − ∂R/∂F) + λ g gᵀ + λ (J − 1) ∂²J/∂F², g = vec(cof F).
      const Eigen::Matrix<double, 9, 1> g = vec(cofactor(F));
      Mat9 D = 2.0 * lame_.mu * (Mat9::Identity() - rotation_derivative(signed_svd(F)));
      D.noalias() += lame_.lambda * g * g.transpose();
      add_scaled_det_hessian(D, F, lame_.lambda * (F.determinant() - 1.0));
      return D;
    }
  }
  return Mat9::Zero();
}

}  // namespace tibench
