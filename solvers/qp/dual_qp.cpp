// The contact QP through its dual (qp_solver.hpp, solve_qp_dual). With
// v = C⁻¹(c + Gᵀλ), the dual of min ½vᵀCv − cᵀv s.t. Gv ≥ r is
//
//     min_{λ ≥ 0} ½ λᵀ S λ − (r − G C⁻¹ c)ᵀ λ,     S = G C⁻¹ Gᵀ (m × m),
//
// one sparse LDLᵀ of C and m solves, then a dense QP in the m multipliers
// with simple bounds. Löschner et al. 2020 §4 prefer the primal because S
// "would almost certainly be very dense": it is, but with the few dozen rows
// of vertex–obstacle contact it is also small.
#include <Eigen/SparseCholesky>

#include "solvers/qp/qp_solver.hpp"

namespace tibench {

QpSolution solve_qp_dual(const ContactQp& qp, QpBackend backend, const QpSolverOptions& options) {
  QpSolution s;
  const Eigen::SimplicialLDLT<SparseMatrix> ldlt(qp.C);
  if (ldlt.info() != Eigen::Success) {
    s.message = "dual: C is not positive definite";
    return s;
  }
  const Index m = qp.constraints();
  const Eigen::MatrixXd cinv_gt = ldlt.solve(Eigen::MatrixXd(qp.G.transpose()));
  const Vec cinv_c = ldlt.solve(qp.c);
  const Eigen::MatrixXd S = qp.G * cinv_gt;
  ContactQp dual;
  dual.C = (0.5 * (S + S.transpose())).sparseView();
  dual.c = qp.r - qp.G * cinv_c;
  dual.G = SparseMatrix(m, m);
  dual.G.setIdentity();
  dual.r = Vec::Zero(m);
  QpSolverOptions o = options;
  o.start.resize(0);
  const QpSolution d = solve_qp(dual, backend, o);
  s.ok = d.ok;
  s.iterations = d.iterations;
  s.message = d.message;
  if (!d.ok) return s;
  s.lambda = d.v.cwiseMax(0.0);
  s.v = cinv_c + cinv_gt * s.lambda;
  return s;
}

}  // namespace tibench
