// One implicit stage of a contact-free problem,
//   Φ(y) = ½ (y − ŷ)ᵀ W (y − ŷ) + P(x_a + y),   W = diag(w),
// from the problem's own pieces, and its minimizer subject to obstacle
// constraints φ_b(x_a,p + y_p) ≥ 0 by Ipopt (interior point, exact first and
// second derivatives, MUMPS): the independent constrained solver that
// test_constraint_solver.cpp compares tibench's gradient projection with.
// Ipopt's headers and its NLP adapter, and the dense decompositions of the
// other references (an eigensolver and LDLT: about 15 s of compilation
// each), are compiled here only.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "problems/contact/level_set.hpp"
#include "problems/problem.hpp"

namespace tibench::test {

using Matrix = Eigen::MatrixXd;

// The problem's Hessian at q as a dense matrix.
Matrix dense_hessian(const Problem& p, const Vec& q);

struct Stage {
  // Φ of the problem p (contact `none`): anchor x_a, inertial target ŷ and
  // the diagonal w of W.
  const Problem& p;
  Vec x_anchor, y_hat, w;
  double value(const Vec& y) const {
    const Vec r = y - y_hat;
    return 0.5 * r.dot(w.cwiseProduct(r)) + p.potential(x_anchor + y);
  }
  Vec gradient(const Vec& y) const {
    Vec g;
    p.gradient(x_anchor + y, g);
    return g + w.cwiseProduct(y - y_hat);
  }
  Matrix hessian(const Vec& y) const {
    Matrix H = dense_hessian(p, x_anchor + y);
    H.diagonal() += w;
    return H;
  }
};

// Ipopt's minimizer y and the pairs' multipliers μ ≥ 0 (index p·B + b).
struct IpoptSolution {
  bool ok = false;
  Vec y, mu;
  std::string output;  // whatever Ipopt wrote to stdout / stderr (must be empty)
};

// Solves min Φ s.t. every vertex outside every obstacle, from y = 0 (the
// anchor, feasible); Ipopt's console output is captured into `output`.
IpoptSolution solve_with_ipopt(const Stage& stage, const std::vector<Obstacle>& obstacles);

// Φ's unconstrained minimizer by dense Newton with backtracking (Φ strictly
// convex).
Vec unconstrained_minimizer(const Stage& s);

// The smallest eigenvalue of a symmetric matrix.
double smallest_eigenvalue(const Matrix& symmetric);

}  // namespace tibench::test
