#include "solvers/qp/qp_solver.hpp"

namespace tibench {

std::vector<std::string> qp_backend_ids() { return {"ipopt", "cgal"}; }

QpBackend qp_backend(const std::string& id) {
  if (id == "ipopt") return QpBackend::ipopt;
  if (id == "cgal") return QpBackend::cgal;
  throw InputError("unknown QP solver '" + id + "' (accepted: ipopt, cgal)");
}

const char* to_string(QpBackend backend) { return backend == QpBackend::cgal ? "cgal" : "ipopt"; }

QpSolution solve_qp(const ContactQp& qp, QpBackend backend, const QpSolverOptions& options) {
  return backend == QpBackend::cgal ? solve_qp_cgal(qp) : solve_qp_ipopt(qp, options);
}

}  // namespace tibench
