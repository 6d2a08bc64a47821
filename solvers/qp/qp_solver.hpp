// Solvers for the contact QP (contact_qp.hpp), each a library from Debian:
//
//   ipopt  Ipopt 3.11 (coinor-libipopt-dev; Wächter & Biegler 2006), a
//          primal-dual interior-point method with MUMPS for its sparse
//          KKT systems, told that the problem is a QP (constant Hessian and
//          Jacobians) and run with mu_strategy = adaptive, the setting its
//          documentation recommends for QPs; tolerance `tol` on its scaled
//          KKT error. MUMPS's sequential build is not thread-safe, so solves
//          are serialized process-wide (a mutex).
//   cgal   CGAL's QP solver (libcgal-dev; Gärtner & Schönherr's simplex-type
//          method for convex QPs) over the exact type Gmpzf: the solution of
//          the rounded data is exact, then rounded to double. Slow for
//          large problems; the reference the other backend is judged by.
//
// OSQP, the solver Löschner et al. 2020 §4.2 use, is not packaged by
// Debian. The measurement behind the default is in docs/contact.md.
#pragma once

#include <string>
#include <vector>

#include "solvers/qp/contact_qp.hpp"

namespace tibench {

enum class QpBackend { ipopt, cgal };

std::vector<std::string> qp_backend_ids();
// Throws InputError naming the id and the accepted ones.
QpBackend qp_backend(const std::string& id);
const char* to_string(QpBackend backend);

struct QpSolverOptions {
  double tolerance = 1e-8;    // ipopt: tol (its scaled KKT error; its default)
  int max_iterations = 3000;  // ipopt: max_iter
  Vec start;                  // initial v (ipopt); empty: v = 0
};

// Never throws for a solver failure: it is reported in QpSolution::ok and
// ::message (the corrector turns it into the run status solver_failed).
QpSolution solve_qp(const ContactQp& qp, QpBackend backend, const QpSolverOptions& options);

QpSolution solve_qp_ipopt(const ContactQp& qp, const QpSolverOptions& options);
// The same problem through its dual in the multipliers (dual_qp.cpp), the
// dual solved by `backend`.
QpSolution solve_qp_dual(const ContactQp& qp, QpBackend backend, const QpSolverOptions& options);
QpSolution solve_qp_cgal(const ContactQp& qp);

}  // namespace tibench
