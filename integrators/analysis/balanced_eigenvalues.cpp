// balanced_eigenvalues (linear_analysis.hpp), in a unit of its own: Eigen's
// real nonsymmetric eigensolver at -O3 is most of the compilation time of
// the linear analysis.
#include <Eigen/Eigenvalues>

#include "integrators/analysis/linear_analysis.hpp"

namespace tibench {

// Eigenvalues of Q in the balanced coordinates (x, v/s): the velocity rows
// of Q scale like s = |λ|, which at |hλ| ~ 1e10 makes the raw matrix so
// badly scaled that a near-double eigenvalue is computed with an error of
// order √(ε‖Q‖). The similarity D⁻¹QD changes no eigenvalue. A carried
// acceleration (the last row of an odd-sized Q) scales like s².
Eigen::VectorXcd balanced_eigenvalues(const Eigen::MatrixXd& Q, double s) {
  Eigen::VectorXd d(Q.rows());
  for (Eigen::Index i = 0; i < d.size(); ++i) d[i] = (i % 2 == 0) ? 1.0 : s;
  if (Q.rows() % 2 == 1) d[Q.rows() - 1] = s * s;
  const Eigen::MatrixXd B = d.cwiseInverse().asDiagonal() * Q * d.asDiagonal();
  return B.eigenvalues();
}

}  // namespace tibench
