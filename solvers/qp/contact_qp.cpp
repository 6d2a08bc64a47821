#include "solvers/qp/contact_qp.hpp"

#include <algorithm>
#include <cmath>

namespace tibench {
namespace {

constexpr double kTiny = 1e-300;

double inf_norm(const Vec& x) { return x.size() ? x.cwiseAbs().maxCoeff() : 0.0; }

// ‖G‖_∞: the largest absolute row sum.
double row_sum_norm(const SparseMatrix& G) {
  Vec sums = Vec::Zero(G.rows());
  for (Index k = 0; k < G.outerSize(); ++k)
    for (SparseMatrix::InnerIterator it(G, k); it; ++it) sums[it.row()] += std::abs(it.value());
  return inf_norm(sums);
}

}  // namespace

double KktResiduals::max() const { return std::max({stationarity, primal, dual, complementarity}); }

KktResiduals kkt_residuals(const ContactQp& qp, const Vec& v, const Vec& lambda) {
  KktResiduals k;
  const Vec Cv = qp.C * v;
  const Vec Gtl = qp.G.transpose() * lambda;
  const double scale_s = std::max({inf_norm(Cv), inf_norm(qp.c), inf_norm(Gtl), kTiny});
  k.stationarity = inf_norm(Cv - qp.c - Gtl) / scale_s;
  if (qp.constraints() == 0) return k;
  const Vec slack = qp.G * v - qp.r;
  const double g_norm = row_sum_norm(qp.G);
  const double v_scale = std::max({g_norm * inf_norm(v), inf_norm(qp.r), kTiny});
  // Multipliers are judged against the forces they balance: one of size
  // ‖C v‖/‖G‖ would change C v by its own size.
  const double lambda_scale = std::max(
      {inf_norm(lambda), std::max(inf_norm(Cv), inf_norm(qp.c)) / std::max(g_norm, kTiny), kTiny});
  k.primal = std::max(0.0, -slack.minCoeff()) / v_scale;
  k.dual = std::max(0.0, -lambda.minCoeff()) / lambda_scale;
  k.complementarity = inf_norm(lambda.cwiseProduct(slack)) / (lambda_scale * v_scale);
  return k;
}

ScaledQp scale_qp(const ContactQp& qp) {
  ScaledQp s;
  s.p_sqrt = qp.C.diagonal().cwiseInverse().cwiseSqrt();
  s.e = Vec::Zero(qp.constraints());
  for (Index k = 0; k < qp.G.outerSize(); ++k)
    for (SparseMatrix::InnerIterator it(qp.G, k); it; ++it)
      s.e[it.row()] = std::max(s.e[it.row()], std::abs(it.value()));
  s.e = s.e.cwiseInverse();
  s.qp.C = s.p_sqrt.asDiagonal() * qp.C * s.p_sqrt.asDiagonal();
  s.qp.c = s.p_sqrt.cwiseProduct(qp.c);
  s.qp.G = s.e.asDiagonal() * qp.G * s.p_sqrt.asDiagonal();
  s.qp.r = s.e.cwiseProduct(qp.r);
  return s;
}

QpSolution ScaledQp::unscale(QpSolution scaled) const {
  if (scaled.v.size() == p_sqrt.size()) scaled.v = p_sqrt.cwiseProduct(scaled.v);
  if (scaled.lambda.size() == e.size()) scaled.lambda = e.cwiseProduct(scaled.lambda);
  return scaled;
}

}  // namespace tibench
