#include "integrators/analysis/linear_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tibench {

namespace {

class LinearTestProblem final : public Problem, private Dissipation {
 public:
  LinearTestProblem(double m, double c, double k)
      : Problem(ParamSet("linear test problem", {}), 1, Vec::Constant(1, m)), c_(c), k_(k) {}
  std::string_view id() const override { return "linear-test"; }
  double potential(const Vec& q) const override { return 0.5 * k_ * q[0] * q[0]; }
  void gradient(const Vec& q, Vec& g) const override { g = Vec::Constant(1, k_ * q[0]); }
  void hessian(const Vec&, Triplets& out, bool) const override { out.emplace_back(0, 0, k_); }
  const Dissipation* dissipation() const override { return c_ != 0.0 ? this : nullptr; }
  State initial_state() const override { return {Vec::Ones(1), Vec::Zero(1), 0.0}; }

 private:
  bool depends_on_q() const override { return false; }
  double value(const Vec&, const Vec& v) const override { return 0.5 * c_ * v[0] * v[0]; }
  void gradient_v(const Vec&, const Vec& v, Vec& g) const override {
    g = Vec::Constant(1, c_ * v[0]);
  }
  void hessian_vv(const Vec&, const Vec&, Triplets& out) const override {
    out.emplace_back(0, 0, c_);
  }
  double c_, k_;
};

// The error of one step Q from exact solutions of x'' = −x (cos and sin,
// with their exact history): O(h^{p+1}).
double local_error(const Eigen::MatrixXd& Q, double h) {
  const Eigen::Index n = Q.rows();
  double err = 0;
  for (double phase : {0.0, 0.5 * std::acos(-1.0)}) {
    Eigen::VectorXd u(n), exact(n);
    for (Eigen::Index k = 0; k < n / 2; ++k) {
      const double t = -h * static_cast<double>(k);  // current state, then history
      u[2 * k] = std::cos(t + phase);
      u[2 * k + 1] = -std::sin(t + phase);
      exact[2 * k] = std::cos(t + h + phase);
      exact[2 * k + 1] = -std::sin(t + h + phase);
    }
    err = std::max(err, (Q * u - exact).cwiseAbs().maxCoeff());
  }
  return err;
}

// For a carried acceleration (odd-sized Q), which approximates ẍ at a
// shifted time to first order only, a one-step error has no exact start:
// the error in (x, v) at t = 2 after 2/h steps from the start the stepper
// makes itself (a_0 = M⁻¹f(x_0, v_0) = −x_0): O(h^p).
double global_error(const Eigen::MatrixXd& Q, double h) {
  const long steps = std::lround(2.0 / h);
  double err = 0;
  for (double phase : {0.0, 0.5 * std::acos(-1.0)}) {
    Eigen::Vector3d u(std::cos(phase), -std::sin(phase), -std::cos(phase));
    for (long k = 0; k < steps; ++k) u = Q * u;
    const double t = h * static_cast<double>(steps);
    err =
        std::max({err, std::abs(u[0] - std::cos(t + phase)), std::abs(u[1] + std::sin(t + phase))});
  }
  return err;
}

double spectral_radius(const Eigen::MatrixXd& Q, double s) {
  return balanced_eigenvalues(Q, s).cwiseAbs().maxCoeff();
}

}  // namespace

std::unique_ptr<Problem> make_linear_test_problem(double m, double c, double k) {
  return std::make_unique<LinearTestProblem>(m, c, k);
}

Eigen::MatrixXd update_matrix(const StepperMaker& make, double m, double c, double k, double h) {
  const auto problem = make_linear_test_problem(m, c, k);
  const auto probe = make(*problem, h);
  const int history = probe->history_size();
  const bool acceleration = probe->carries_acceleration();
  const int pairs = 2 * (1 + history);
  const int n = pairs + (acceleration ? 1 : 0);
  Eigen::MatrixXd Q(n, n);
  for (int j = 0; j < n; ++j) {
    Eigen::VectorXd u = Eigen::VectorXd::Unit(n, j);
    // A fresh stepper per column: no cached stage or history carries over.
    auto stepper = make(*problem, h);
    State s{Vec::Constant(1, u[0]), Vec::Constant(1, u[1]), 0.0};
    std::vector<State> previous;
    for (int k2 = 0; k2 < history; ++k2)
      previous.push_back(
          {Vec::Constant(1, u[2 + 2 * k2]), Vec::Constant(1, u[3 + 2 * k2]), -h * (k2 + 1)});
    if (history > 0) stepper->set_history(previous);
    if (acceleration) stepper->set_carried_acceleration(s, Vec::Constant(1, u[pairs]));
    const StepReport r = stepper->step(s);
    if (r.status != StepStatus::ok)
      throw std::runtime_error("linear analysis: step failed: " + r.message);
    Q(0, j) = s.q[0];
    Q(1, j) = s.v[0];
    const auto after = stepper->history();
    for (int k2 = 0; k2 < history; ++k2) {
      Q(2 + 2 * k2, j) = after[k2].q[0];
      Q(3 + 2 * k2, j) = after[k2].v[0];
    }
    if (acceleration) Q(pairs, j) = stepper->carried_acceleration()[0];
  }
  return Q;
}

Eigen::MatrixXd update_matrix_at(const StepperMaker& make, std::complex<double> z) {
  return update_matrix(make, 1.0, -2.0 * z.real(), std::norm(z), 1.0);
}

Eigen::MatrixXd update_matrix_real(const StepperMaker& make, double z1, double z2) {
  return update_matrix(make, 1.0, -(z1 + z2), z1 * z2, 1.0);
}

namespace {

// ξ̄ and the period error from the principal (complex, largest) eigenvalue.
void damping_and_period(const Eigen::VectorXcd& mu, double hbar, StabilityRow& row) {
  row.damping_ratio = row.period_error = std::numeric_limits<double>::quiet_NaN();
  Eigen::Index principal = -1;
  for (Eigen::Index i = 0; i < mu.size(); ++i)
    if (std::abs(mu[i].imag()) > 1e-12 * std::abs(mu[i]) &&
        (principal < 0 || std::abs(mu[i]) > std::abs(mu[principal])))
      principal = i;
  if (principal < 0) return;
  const double omega_bar = std::abs(std::arg(mu[principal]));
  row.damping_ratio = -std::log(std::abs(mu[principal])) / omega_bar;
  row.period_error = std::sqrt(hbar) / omega_bar - 1.0;
}

}  // namespace

std::vector<StabilityRow> oscillator_stability(const StepperMaker& make,
                                               const std::vector<double>& hbars) {
  std::vector<StabilityRow> rows;
  for (double hbar : hbars) {
    const Eigen::MatrixXd Q = update_matrix(make, 1.0, 0.0, 1.0, std::sqrt(hbar));
    const Eigen::VectorXcd mu = balanced_eigenvalues(Q, 1.0);
    Eigen::Index top = 0;
    mu.cwiseAbs().maxCoeff(&top);
    StabilityRow row{hbar, Q.determinant(), Q.trace(), std::abs(mu[top]),
                     std::abs(std::arg(mu[top]))};
    damping_and_period(mu, hbar, row);
    rows.push_back(row);
  }
  return rows;
}

LinearProperties analyze_linear(const StepperMaker& make) {
  LinearProperties p;
  // Order from the local error: one step from an exact solution of
  // x'' = −x (and, for multistep methods, its exact history) misses the exact
  // solution by O(h^{p+1}). (Matching eigenvalues alone is not enough: A-1's
  // eigenvalues are second-order accurate, its eigenvectors only first.)
  // Methods that carry an acceleration: from the global error instead.
  std::vector<double> lh, le;
  bool global = false;
  for (double h : {0.4, 0.2, 0.1, 0.05, 0.025}) {
    const Eigen::MatrixXd Q = update_matrix(make, 1.0, 0.0, 1.0, h);
    global = Q.rows() % 2 == 1;
    const double err = global ? global_error(Q, h) : local_error(Q, h);
    if (err > 1e-13) {
      lh.push_back(std::log(h));
      le.push_back(std::log(err));
    }
  }
  if (lh.size() >= 2) {
    // Least squares over the smallest three usable step sizes (asymptotic range).
    const std::size_t first = lh.size() > 3 ? lh.size() - 3 : 0;
    double mx = 0, my = 0;
    const double n = static_cast<double>(lh.size() - first);
    for (std::size_t k = first; k < lh.size(); ++k) mx += lh[k] / n, my += le[k] / n;
    double sxx = 0, sxy = 0;
    for (std::size_t k = first; k < lh.size(); ++k)
      sxx += (lh[k] - mx) * (lh[k] - mx), sxy += (lh[k] - mx) * (le[k] - my);
    p.order_slope = sxy / sxx;
    p.order = static_cast<int>(std::lround(p.order_slope)) - (global ? 0 : 1);
  }
  // Imaginary axis (undamped oscillator): ħ from 1e-4 to 1e12.
  for (int k = 0; k <= 96; ++k) {
    const double y = std::pow(10.0, -2.0 + 8.0 * k / 96.0);
    const Eigen::MatrixXd Q = update_matrix_at(make, {0.0, y});
    p.max_rho_imaginary = std::max(p.max_rho_imaginary, spectral_radius(Q, y));
    if (Q.rows() == 2)
      p.max_det_deviation = std::max(p.max_det_deviation, std::abs(Q.determinant() - 1));
  }
  // Open left half-plane: conjugate pairs on rays strictly between the
  // imaginary and the negative real axis, and distinct real pairs (z, 2z)
  // (overdamped oscillators) for the negative real axis, where a conjugate
  // pair would be a defective double eigenvalue.
  const double pi = std::acos(-1.0);
  for (int k = 0; k <= 40; ++k) {
    const double r = std::pow(10.0, -2.0 + 8.0 * k / 40.0);
    for (int a = 1; a < 8; ++a) {
      const std::complex<double> z = std::polar(r, 0.5 * pi + 0.5 * pi * a / 8.0);
      p.max_rho_left = std::max(p.max_rho_left, spectral_radius(update_matrix_at(make, z), r));
    }
    p.max_rho_left = std::max(
        p.max_rho_left, spectral_radius(update_matrix_real(make, -r, -2 * r), std::sqrt(2.0) * r));
  }
  // Behaviour as |hλ| → ∞, read at |z| = 1e4 and 1e6 on three rays: far
  // enough for the limit (|R(z) − R(∞)| = O(1/|z|) for Runge–Kutta methods),
  // near enough that rounding does not dominate methods whose state
  // variables scale like |z|² (Newmark's accelerations).
  auto rho_at = [&](double r) {
    return std::max({spectral_radius(update_matrix_at(make, {0.0, r}), r),
                     spectral_radius(update_matrix_at(make, std::polar(r, 0.75 * pi)), r),
                     spectral_radius(update_matrix_real(make, -r, -2 * r), std::sqrt(2.0) * r)});
  };
  const double rho_near = rho_at(1e4);
  p.rho_inf = rho_at(1e6);
  p.a_stable = p.max_rho_imaginary <= 1 + 1e-10 && p.max_rho_left <= 1 + 1e-10;
  // L-stable: ρ → 0 as |z| → ∞. Runge–Kutta methods decay like 1/|z|, BDF2's
  // parasitic root like |z|^{-1/2}; a nonzero limit shows as no decay.
  p.l_stable = p.a_stable && p.rho_inf <= 1e-2 && p.rho_inf <= rho_near / 5;
  return p;
}

}  // namespace tibench
