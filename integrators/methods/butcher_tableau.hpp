// Runtime form of a Butcher tableau (Eigen matrices), built from a record.
// c is always derived as the row sums of A (never typed separately).
#pragma once

#include <Eigen/Core>
#include <string>

#include "integrators/methods/tableaux/butcher_record.hpp"

namespace tibench {

struct ButcherTableau {
  std::string id;
  Eigen::MatrixXd A;
  Eigen::VectorXd b;
  Eigen::VectorXd c;
  Eigen::VectorXd b_hat;  // empty when there is no embedded method
  // Relative precision ε of the coefficients (integrators/analysis/rooted_trees.hpp):
  // the order is judged against it. Compiled records are exact to double
  // precision (16 digits); tables entered as printed carry their own.
  double precision = 0.5e-15;

  static ButcherTableau from_record(const tableaux::ButcherRecord& r);
  static ButcherTableau from_matrices(std::string id, Eigen::MatrixXd A, Eigen::VectorXd b);

  int stages() const { return static_cast<int>(b.size()); }
  // The adjoint method (e bᵀ − A, b) (Hairer, Lubich & Wanner II.3), with its
  // stages listed in reverse order so that the adjoint of a DIRK is again
  // lower triangular (and solved stage by stage).
  ButcherTableau adjoint() const;
  bool is_explicit() const;          // strictly lower triangular
  bool is_lower_triangular() const;  // DIRK structure (explicit included)
  // Stiffly accurate in the bitwise sense: the last row of A is b, so the
  // last stage is the step's result.
  bool last_stage_is_solution() const;
};

}  // namespace tibench
