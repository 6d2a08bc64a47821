#include "solvers/projective/admm_dissipation.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

#include "problems/fem/element_loop.hpp"

namespace tibench {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr int kMaxRootIterations = 100;

// ρ(g)² = Σ λ_i w_i(g)²/κ² and its logarithmic derivative d ln ρ²/d ln g.
struct RhoSquared {
  double value = 0.0, log_slope = 0.0;
};

RhoSquared rho_squared(const Eigen::VectorXd& lambda, const Eigen::VectorXd& t_hat, double omega,
                       double kappa, double g) {
  double value = 0.0, slope = 0.0;
  for (Index i = 0; i < lambda.size(); ++i) {
    const double b = lambda[i] / kappa;
    const double a = lambda[i] * t_hat[i] * t_hat[i] * omega * omega / (kappa * kappa);
    const double q = omega + g * b;
    value += a / (q * q);
    slope += a * g * b / (q * q * q);
  }
  return {value, value > 0.0 ? -2.0 * slope / value : 0.0};
}

// The multiplier g of the local step (header): the root of
// f(u) = u + (1 − p)/2 ln ρ²(e^u) − ln c, which increases with u (its
// slope is at least min(p, 1)); Newton in u, falling back to bisection or
// to steps of e^8 while the root is not yet bracketed. ∞ for a sticking
// p = 0 block.
double power_law_multiplier(const Eigen::VectorXd& lambda, const Eigen::VectorXd& t_hat,
                            double omega, double kappa, const PowerLaw& law, int& iterations) {
  iterations = 0;
  if (law.p == 1.0) return 1.0;
  const double r2_free = rho_squared(lambda, t_hat, omega, kappa, 0.0).value;
  if (!(r2_free > 0.0)) return 0.0;  // the target has no part that R sees
  const double s = 0.5 * (law.p + 1.0), c = s * std::pow(2.0 * law.A, 0.5 * (1.0 - law.p));
  if (law.p == 0.0) {
    double reach = 0.0;  // (lim_{g→∞} g ρ(g))²
    for (Index i = 0; i < lambda.size(); ++i)
      if (lambda[i] > 0.0) reach += omega * omega * t_hat[i] * t_hat[i] / lambda[i];
    if (c * c >= reach) return kInfinity;
  }
  const double e = 0.5 * (1.0 - law.p), log_c = std::log(c);
  double u = log_c - e * std::log(r2_free), lo = -kInfinity, hi = kInfinity;
  for (iterations = 1; iterations <= kMaxRootIterations; ++iterations) {
    const RhoSquared r = rho_squared(lambda, t_hat, omega, kappa, std::exp(u));
    const double f =
        u + e * std::log(std::max(r.value, std::numeric_limits<double>::min())) - log_c;
    if (f == 0.0) break;
    (f < 0.0 ? lo : hi) = u;
    double next = u - f / (1.0 + e * r.log_slope);
    const bool bracketed = std::isfinite(lo) && std::isfinite(hi);
    if (!(next > lo && next < hi)) next = bracketed ? 0.5 * (lo + hi) : u + (f < 0.0 ? 8.0 : -8.0);
    if (!bracketed) next = std::clamp(next, u - 8.0, u + 8.0);
    next = std::clamp(next, -700.0, 700.0);
    const bool done = std::abs(next - u) <= 1e-14 * std::max(1.0, std::abs(u));
    u = next;
    if (done) break;
  }
  return std::exp(u);
}

}  // namespace

AdmmDissipation::AdmmDissipation(std::vector<const LocalQuadraticDissipation*> models)
    : models_(std::move(models)), versions_(models_.size(), -1) {
  for (const LocalQuadraticDissipation* m : models_)
    for (std::size_t e = 0; e < m->forms().size(); ++e) {
      blocks_.push_back({m, e, rows_, 0.0, {}, {}});
      rows_ += static_cast<Index>(m->forms()[e].dofs.size());
    }
  iterations_.assign(blocks_.size(), 0);
}

void AdmmDissipation::reduction(Index row0, Triplets& D) const {
  for (const Block& b : blocks_) {
    const auto& dofs = form(b).dofs;
    for (std::size_t i = 0; i < dofs.size(); ++i)
      D.emplace_back(row0 + b.row + static_cast<Index>(i), dofs[i], 1.0);
  }
}

void AdmmDissipation::set_weights(double kappa, double scale, Eigen::Ref<Vec> omega) {
  double largest = 0.0;
  for (Block& b : blocks_) {
    const Eigen::MatrixXd& D = form(b).D;
    b.omega = D.trace() / static_cast<double>(D.rows());
    largest = std::max(largest, b.omega);
  }
  for (Block& b : blocks_) {
    // A form that is zero now (a lagged one may not stay so) takes the
    // largest form's weight; all zero: the weight of a unit form.
    if (!(b.omega > 0.0)) b.omega = largest > 0.0 ? largest : 1.0;
    b.omega *= scale / kappa;
    omega.segment(b.row, form(b).D.rows()).setConstant(b.omega);
  }
}

void AdmmDissipation::set_stage(const Vec& anchor, const Vec* v0, double kappa) {
  kappa_ = kappa;
  rest_.resize(rows_);
  for (const Block& b : blocks_) {
    const auto& dofs = form(b).dofs;
    for (std::size_t i = 0; i < dofs.size(); ++i)
      rest_[b.row + static_cast<Index>(i)] = anchor[dofs[i]] - (v0 ? kappa * (*v0)[dofs[i]] : 0.0);
  }
  bool changed = false;
  for (std::size_t m = 0; m < models_.size(); ++m) {
    changed = changed || versions_[m] != models_[m]->version();
    versions_[m] = models_[m]->version();
  }
  if (changed) refresh_eigensystems();
}

void AdmmDissipation::refresh_eigensystems() {
  for_each_element(static_cast<Index>(blocks_.size()), [&](Index k) {
    Block& b = blocks_[static_cast<std::size_t>(k)];
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(form(b).D);
    b.V = eig.eigenvectors();
    b.lambda = eig.eigenvalues().cwiseMax(0.0);
  });
}

long AdmmDissipation::local_step(const Eigen::Ref<const Vec>& t, Eigen::Ref<Vec> z) {
  for_each_element(static_cast<Index>(blocks_.size()), [&](Index k) {
    const Block& b = blocks_[static_cast<std::size_t>(k)];
    const Index n = b.lambda.size();
    const Eigen::VectorXd t_hat = b.V.transpose() * (t.segment(b.row, n) - rest_.segment(b.row, n));
    int& iterations = iterations_[static_cast<std::size_t>(k)];
    const double g =
        power_law_multiplier(b.lambda, t_hat, b.omega, kappa_, b.model->law(), iterations);
    Eigen::VectorXd w(n);
    for (Index i = 0; i < n; ++i) {
      if (std::isinf(g))
        w[i] = b.lambda[i] > 0.0 ? 0.0 : t_hat[i];
      else
        w[i] = b.omega * t_hat[i] / (b.omega + g * b.lambda[i] / kappa_);
    }
    z.segment(b.row, n) = rest_.segment(b.row, n) + b.V * w;
  });
  long total = 0;
  for (const int n : iterations_) total += n;
  return total;
}

double AdmmDissipation::energy(const Eigen::Ref<const Vec>& z) const {
  double sum = 0.0;
  for (const Block& b : blocks_) {
    const Eigen::MatrixXd& D = form(b).D;
    const Eigen::VectorXd x = z.segment(b.row, D.rows()) - rest_.segment(b.row, D.rows());
    const double r = 0.5 * x.dot(D * x) / (kappa_ * kappa_);
    const PowerLaw& law = b.model->law();
    const double s = 0.5 * (law.p + 1.0);
    sum += kappa_ * (law.p == 1.0 ? r : std::pow(law.A, 1.0 - s) * std::pow(std::max(r, 0.0), s));
  }
  return sum;
}

}  // namespace tibench
