#include "integrators/methods/butcher_tableau.hpp"

#include <stdexcept>

#include "integrators/methods/tableaux/record_arrays.hpp"

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
  ButcherTableau t = from_matrices(std::string(r.id), tableaux::stage_matrix(r.A, r.stages, r.id),
                                   tableaux::stage_vector(r.b, r.stages, r.id));
  if (r.declared.embedded_order) t.b_hat = tableaux::stage_vector(r.b_hat, r.stages, r.id);
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

bool ButcherTableau::last_stage_is_solution() const {
  for (int j = 0; j < stages(); ++j)
    if (A(stages() - 1, j) != b[j]) return false;
  return true;
}

}  // namespace tibench
