#include "solvers/linear/truncated_cg.hpp"

#include <cmath>

namespace tibench {

TruncatedCgResult truncated_cg(const SparseMatrix& H, const Vec& b, double eta, int max_iterations,
                               bool jacobi, Vec& d) {
  TruncatedCgResult out;
  const Index n = b.size();
  d.setZero(n);
  const double b_norm = b.norm();
  if (b_norm == 0.0) {
    out.reached_tolerance = true;
    out.relative_residual = 0.0;
    return out;
  }
  Vec inv_diag = Vec::Ones(n);
  if (jacobi) {
    const Vec diag = H.diagonal();
    if ((diag.array() > 0).all()) inv_diag = diag.cwiseInverse();
  }
  const auto A = H.selfadjointView<Eigen::Lower>();
  Vec r = b, z = inv_diag.cwiseProduct(r), p = z, Ap(n);
  double rz = r.dot(z);
  const double target = eta * b_norm;
  while (out.iterations < max_iterations) {
    Ap.noalias() = A * p;
    const double curvature = p.dot(Ap);
    if (!(curvature > 0)) {
      out.negative_curvature = true;
      if (out.iterations == 0) d = b;
      break;
    }
    const double step = rz / curvature;
    d.noalias() += step * p;
    r.noalias() -= step * Ap;
    ++out.iterations;
    const double r_norm = r.norm();
    out.relative_residual = r_norm / b_norm;
    if (r_norm <= target) {
      out.reached_tolerance = true;
      break;
    }
    z = inv_diag.cwiseProduct(r);
    const double rz_next = r.dot(z);
    p = z + (rz_next / rz) * p;
    rz = rz_next;
  }
  return out;
}

}  // namespace tibench
