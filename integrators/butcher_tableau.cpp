#include "integrators/butcher_tableau.hpp"

#include <stdexcept>

namespace tibench {

ButcherTableau ButcherTableau::from_matrices(std::string id, Eigen::MatrixXd A, Eigen::VectorXd b) {
  if (A.rows() != A.cols() || A.rows() != b.size() || b.size() == 0)
    throw std::logic_error("tableau " + id + ": A must be s x s and b of length s >= 1");
  ButcherTableau t;
  t.id = std::move(id);
  t.c = A.rowwise().sum();
  t.A = std::move(A);
  t.b = std::move(b);
  return t;
}

ButcherTableau ButcherTableau::from_record(const tableaux::ButcherRecord& r) {
  const int s = r.stages;
  if (s < 1 || s > tableaux::kMaxStages)
    throw std::logic_error("tableau " + std::string(r.id) + ": invalid stage count");
  Eigen::MatrixXd A(s, s);
  Eigen::VectorXd b(s);
  for (int i = 0; i < s; ++i) {
    b[i] = r.b[i];
    for (int j = 0; j < s; ++j) A(i, j) = r.A[i][j];
  }
  // Entries beyond `stages` must be zero: a nonzero there is a typo that
  // silently changes nothing, so reject it.
  for (int i = 0; i < tableaux::kMaxStages; ++i)
    for (int j = 0; j < tableaux::kMaxStages; ++j)
      if ((i >= s || j >= s) && r.A[i][j] != 0.0)
        throw std::logic_error("tableau " + std::string(r.id) + ": coefficient outside " +
                               std::to_string(s) + " stages");
  ButcherTableau t = from_matrices(std::string(r.id), std::move(A), std::move(b));
  if (r.embedded_order > 0) {
    t.b_hat.resize(s);
    for (int i = 0; i < s; ++i) t.b_hat[i] = r.b_hat[i];
  }
  return t;
}

ButcherTableau ButcherTableau::adjoint() const {
  const int s = stages();
  const Eigen::MatrixXd star = Eigen::VectorXd::Ones(s) * b.transpose() - A;
  Eigen::MatrixXd reversed(s, s);
  Eigen::VectorXd b_reversed(s);
  for (int i = 0; i < s; ++i) {
    b_reversed[i] = b[s - 1 - i];
    for (int j = 0; j < s; ++j) reversed(i, j) = star(s - 1 - i, s - 1 - j);
  }
  return from_matrices(id + "*", reversed, b_reversed);
}

bool ButcherTableau::is_explicit() const {
  for (int i = 0; i < stages(); ++i)
    for (int j = i; j < stages(); ++j)
      if (A(i, j) != 0.0) return false;
  return true;
}

bool ButcherTableau::is_lower_triangular() const {
  for (int i = 0; i < stages(); ++i)
    for (int j = i + 1; j < stages(); ++j)
      if (A(i, j) != 0.0) return false;
  return true;
}

}  // namespace tibench
