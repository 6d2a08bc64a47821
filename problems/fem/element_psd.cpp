// clamp_to_psd (assembly.hpp), in a unit of its own: Eigen's symmetric
// eigensolver on the element matrix at -O3 was about half of the
// compilation time of elastic_body.cpp.
#include <Eigen/Eigenvalues>

#include "problems/fem/assembly.hpp"

namespace tibench {

void clamp_to_psd(ElementMatrix& H) {
  Eigen::SelfAdjointEigenSolver<ElementMatrix> eig(H);
  const auto& lambda = eig.eigenvalues();
  if (lambda.minCoeff() >= 0.0) return;
  const auto& V = eig.eigenvectors();
  H.setZero();
  for (Index k = 0; k < lambda.size(); ++k)
    if (lambda[k] > 0.0) H.noalias() += lambda[k] * V.col(k) * V.col(k).transpose();
}

}  // namespace tibench
