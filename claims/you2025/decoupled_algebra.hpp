// Dense 2×2 algebra of Runge–Kutta methods on the harmonic oscillator
// x'' = −x (z = (x, v), y' = Jy, J = [[0, 1], [−1, 0]]), independent of the
// integrator engines: the stability matrix R(hJ) of a tableau and the
// decoupled update Q_Ξ of You, Zheng & Li App. C–D (positions from Φ,
// velocities from its adjoint Φ* = (e bᵀ − A, b)). The checks step the
// registry's engines and compare against these.
#pragma once

#include <Eigen/Core>
#include <Eigen/LU>

namespace tibench::claims {

// I + (bᵀ⊗Z)(I − A⊗Z)⁻¹(e⊗I) with Z = hJ.
inline Eigen::Matrix2d rk_matrix(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                                 const Eigen::Matrix2d& Z) {
  const Eigen::Index s = A.rows();
  Eigen::MatrixXd big = Eigen::MatrixXd::Identity(2 * s, 2 * s);
  for (Eigen::Index i = 0; i < s; ++i)
    for (Eigen::Index j = 0; j < s; ++j) big.block(2 * i, 2 * j, 2, 2) -= A(i, j) * Z;
  Eigen::MatrixXd E(2 * s, 2);
  for (Eigen::Index i = 0; i < s; ++i) E.block(2 * i, 0, 2, 2) = Eigen::Matrix2d::Identity();
  const Eigen::MatrixXd Y = big.partialPivLu().solve(E);
  Eigen::Matrix2d R = Eigen::Matrix2d::Identity();
  for (Eigen::Index i = 0; i < s; ++i) R += b[i] * Z * Y.block(2 * i, 0, 2, 2);
  return R;
}

inline Eigen::Matrix2d oscillator_Z(double h) {
  Eigen::Matrix2d Z;
  Z << 0, h, -h, 0;
  return Z;
}

// The adjoint tableau's A: e bᵀ − A (You et al. §3.2).
inline Eigen::MatrixXd adjoint_A(const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  return Eigen::VectorXd::Ones(A.rows()) * b.transpose() - A;
}

// Q_Ξ: the position row of Φ's step and the velocity row of Φ*'s step.
inline Eigen::Matrix2d decoupled_algebraic(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                                           double h) {
  const Eigen::Matrix2d R = rk_matrix(A, b, oscillator_Z(h)),
                        Rs = rk_matrix(adjoint_A(A, b), b, oscillator_Z(h));
  Eigen::Matrix2d Q;
  Q.row(0) = R.row(0);
  Q.row(1) = Rs.row(1);
  return Q;
}

}  // namespace tibench::claims
