// The eigenvalues of a dense symmetric matrix (Eigen's SelfAdjointEigenSolver)
// for the problems' tests, instantiated in one unit: the dynamic-size
// eigensolver is about 10 s of compilation wherever it is instantiated.
#pragma once

#include <Eigen/Core>

namespace tibench::test {

// In increasing order.
Eigen::VectorXd symmetric_eigenvalues(const Eigen::MatrixXd& symmetric);

}  // namespace tibench::test
