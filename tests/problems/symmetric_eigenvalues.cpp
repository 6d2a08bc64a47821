#include "symmetric_eigenvalues.hpp"

#include <Eigen/Eigenvalues>

namespace tibench::test {

Eigen::VectorXd symmetric_eigenvalues(const Eigen::MatrixXd& symmetric) {
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(symmetric).eigenvalues();
}

}  // namespace tibench::test
