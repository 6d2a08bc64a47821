#include "problems/dissipation/momentum_correction.hpp"

#include <Eigen/Eigenvalues>

namespace tibench {

Eigen::MatrixXd nonrigid_projector(const Eigen::Matrix3Xd& x) {
  const Eigen::Index n = x.cols();
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(3 * n, 6);
  for (Eigen::Index i = 0; i < n; ++i) {
    C.block<3, 3>(3 * i, 0).setIdentity();
    // t + ω × x_i = t − [x_i]× ω
    const Eigen::Vector3d p = x.col(i);
    Eigen::Matrix3d cross;
    cross << 0, -p.z(), p.y(), p.z(), 0, -p.x(), -p.y(), p.x(), 0;
    C.block<3, 3>(3 * i, 3) = -cross;
  }
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eig(C.transpose() * C);
  const Eigen::Matrix<double, 6, 1> lambda = eig.eigenvalues();
  const double cutoff = 1e-12 * lambda.maxCoeff();
  Eigen::Matrix<double, 6, 6> pinv = Eigen::Matrix<double, 6, 6>::Zero();
  for (int k = 0; k < 6; ++k)
    if (lambda[k] > cutoff)
      pinv += eig.eigenvectors().col(k) * eig.eigenvectors().col(k).transpose() / lambda[k];
  return Eigen::MatrixXd::Identity(3 * n, 3 * n) - C * pinv * C.transpose();
}

Eigen::Matrix<double, 9, 9> nonrigid_rate_operator(const Eigen::Matrix3d& F) {
  const Eigen::Matrix3d Finv_T = F.inverse().transpose();
  Eigen::Matrix<double, 9, 9> G;
  for (int c = 0; c < 9; ++c) {
    Eigen::Matrix3d E = Eigen::Matrix3d::Zero();
    E(c % 3, c / 3) = 1.0;
    const Eigen::Matrix3d out = 0.5 * (E + Finv_T * E.transpose() * F);
    G.col(c) = Eigen::Map<const Eigen::Matrix<double, 9, 1>>(out.data());
  }
  return G;
}

}  // namespace tibench
