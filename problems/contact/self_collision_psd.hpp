// The PSD projection of a self-contact's local Hessian, H <- V max(Lambda, 0) V^T
// (self_collision_derivatives.hpp, clamp_to_psd), for the local sizes of a
// point-point (6), point-edge (9) and point-triangle (12) contact. Each size
// is instantiated in a unit of its own (self_collision_psd_<M>.cpp): Eigen's
// fixed-size eigensolver at -O3 took about 15 s of compilation per size,
// 53 s in one unit.
#pragma once

#include <Eigen/Eigenvalues>

#include "problems/contact/self_collision_derivatives.hpp"

namespace tibench::self_collision {

// Fixed sizes: Eigen's eigensolver on the bounded dynamic type trips GCC 12's
// -Wmaybe-uninitialized.
template <int M>
void clamp_to_psd_fixed(LocalMat& H) {
  using Mat = Eigen::Matrix<double, M, M>;
  const Mat A = H;
  const Eigen::SelfAdjointEigenSolver<Mat> eig(A);
  const Eigen::Matrix<double, M, 1> lambda = eig.eigenvalues().cwiseMax(0.0);
  H = eig.eigenvectors() * lambda.asDiagonal() * eig.eigenvectors().transpose();
}

extern template void clamp_to_psd_fixed<6>(LocalMat& H);
extern template void clamp_to_psd_fixed<9>(LocalMat& H);
extern template void clamp_to_psd_fixed<12>(LocalMat& H);

}  // namespace tibench::self_collision
