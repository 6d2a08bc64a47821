// The contact QP through CGAL's exact QP solver: min xᵀDx + cᵀx s.t. A x ≥ b
// with free variables, D = C/2 (CGAL's set_d takes 2D_ij, lower triangle),
// A = G, b = r, c = −c. The data (doubles) convert exactly to Gmpzf, so the
// solution is the exact optimum of the rounded data. CGAL's optimality
// certificate λ_c satisfies c + 2Dx + Aᵀλ_c = 0 (its sign convention for
// ≤ rows, y ≥ 0), so the multipliers of the ≥ rows are λ = −λ_c ≥ 0.
#include <CGAL/Gmpzf.h>
#include <CGAL/QP_functions.h>
#include <CGAL/QP_models.h>

#include "solvers/qp/qp_solver.hpp"

namespace tibench {

QpSolution solve_qp_cgal(const ContactQp& qp) {
  const int n = static_cast<int>(qp.variables());
  CGAL::Quadratic_program<double> program(CGAL::LARGER, false, 0.0, false, 0.0);
  for (Index j = 0; j < qp.C.outerSize(); ++j)
    for (SparseMatrix::InnerIterator it(qp.C, j); it; ++it)
      if (it.row() >= j) program.set_d(static_cast<int>(it.row()), static_cast<int>(j), it.value());
  for (Index j = 0; j < qp.G.outerSize(); ++j)
    for (SparseMatrix::InnerIterator it(qp.G, j); it; ++it)
      program.set_a(static_cast<int>(j), static_cast<int>(it.row()), it.value());
  for (Index i = 0; i < qp.constraints(); ++i) {
    program.set_b(static_cast<int>(i), qp.r[i]);
    program.set_r(static_cast<int>(i), CGAL::LARGER);
  }
  for (int j = 0; j < n; ++j) program.set_c(j, -qp.c[j]);
  // Variables without a constraint or a D entry would be dropped: the
  // solver's n is the largest index it saw plus one.
  if (n > 0) program.set_l(n - 1, false);
  QpSolution s;
  const auto solution = CGAL::solve_quadratic_program(program, CGAL::Gmpzf());
  s.iterations = solution.number_of_iterations();
  if (!solution.is_optimal()) {
    s.message = solution.is_infeasible() ? "CGAL: the QP is infeasible" : "CGAL: no optimum";
    return s;
  }
  s.v.resize(n);
  int k = 0;
  for (auto it = solution.variable_values_begin(); k < n; ++it, ++k) s.v[k] = CGAL::to_double(*it);
  s.lambda.resize(qp.constraints());
  k = 0;
  for (auto it = solution.optimality_certificate_begin(); k < qp.constraints(); ++it, ++k)
    s.lambda[k] = -CGAL::to_double(*it);
  s.ok = true;
  return s;
}

}  // namespace tibench
