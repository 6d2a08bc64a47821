#include "integrators/analysis/tableau_properties.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

#include "integrators/analysis/rooted_trees.hpp"

namespace tibench {

namespace {

constexpr double kCoefficientTol = 1e-12;  // identities among coefficients
constexpr double kStabilityTol = 1e-10;    // |R| ≤ 1 + tol counts as ≤ 1

// Coefficients entered as printed (precision ε above the double's) widen both
// tolerances to the rounding they carry (rounding_tolerance); exact tables
// keep the fixed ones.
double widened(double fixed, const ButcherTableau& t) {
  return rounding_tolerance(fixed, t.stages(), t.precision);
}

// Largest q ≤ max_q with B(q): Σ b_i c_i^{k−1} = 1/k and
// C(q): Σ_j a_ij c_j^{k−1} = c_i^k / k for all k ≤ q (nodepy's definition).
int stage_order(const ButcherTableau& t, int max_q) {
  const int s = t.stages();
  const double tol = widened(kCoefficientTol, t);
  for (int k = 1; k <= max_q; ++k) {
    const Eigen::VectorXd ck1 = t.c.array().pow(k - 1);
    if (std::abs(t.b.dot(ck1) - 1.0 / k) > tol) return k - 1;
    for (int i = 0; i < s; ++i) {
      const double lhs = t.A.row(i).dot(ck1);
      const double rhs = std::pow(t.c[i], k) / k;
      if (std::abs(lhs - rhs) > tol) return k - 1;
    }
  }
  return max_q;
}

// Max of |R(iy)| over a dense logarithmic sample of y ≥ 0 and over the
// critical points of E(y) = |Q(iy)|² − |P(iy)|².
double max_on_imaginary_axis(const StabilityFunction& R) {
  double worst = std::abs(R({0.0, 0.0}));
  for (int k = 0; k <= 4000; ++k) {
    const double y = std::pow(10.0, -6.0 + 14.0 * k / 4000.0);
    worst = std::max(worst, std::abs(R({0.0, y})));
  }
  // |Q(iy)|² as a real polynomial in y: coefficients Σ_{j+k=m} c_j conj(c_k)
  // with c_k = q_k i^k.
  auto abs2_on_axis = [](const Polynomial& p) {
    std::vector<std::complex<double>> c(p.coeffs.size());
    std::complex<double> ik = 1.0;
    for (std::size_t k = 0; k < c.size(); ++k, ik *= std::complex<double>(0, 1))
      c[k] = p.coeffs[k] * ik;
    Polynomial out;
    out.coeffs.assign(2 * c.size() - 1, 0.0);
    for (std::size_t j = 0; j < c.size(); ++j)
      for (std::size_t k = 0; k < c.size(); ++k)
        out.coeffs[j + k] += (c[j] * std::conj(c[k])).real();
    return out;
  };
  const Polynomial E = abs2_on_axis(R.Q) - abs2_on_axis(R.P);
  for (const auto& r : E.derivative().roots()) {
    if (std::abs(r.imag()) <= 1e-8 * std::max(1.0, std::abs(r)) && r.real() > 0)
      worst = std::max(worst, std::abs(R({0.0, r.real()})));
  }
  return worst;
}

double max_on_left_half_plane(const StabilityFunction& R) {
  const double pi = std::acos(-1.0);
  double worst = 0.0;
  for (int a = 0; a < 64; ++a) {
    const double theta = 0.5 * pi + pi * (a + 0.5) / 64.0;  // open left half-plane
    for (int k = 0; k <= 180; ++k) {
      const double r = std::pow(10.0, -3.0 + 9.0 * k / 180.0);
      worst = std::max(worst, std::abs(R(std::polar(r, theta))));
    }
  }
  return worst;
}

}  // namespace

double StabilityFunction::at_infinity() const {
  const int dq = Q.degree();
  const int dp = P.degree();
  if (dp > dq) return std::numeric_limits<double>::infinity();
  return P.coefficient(dq) / Q.coefficient(dq) + 0.0;  // + 0.0 turns -0 into 0
}

namespace {

Polynomial linear_factor(double a) { return Polynomial{{1.0, -a}}; }  // 1 − a z

Polynomial sum(const Polynomial& a, const Polynomial& b) {
  Polynomial out;
  out.coeffs.assign(std::max(a.coeffs.size(), b.coeffs.size()), 0.0);
  for (std::size_t k = 0; k < out.coeffs.size(); ++k)
    out.coeffs[k] = a.coefficient(static_cast<int>(k)) + b.coefficient(static_cast<int>(k));
  return out;
}

Polynomial scaled_shift(const Polynomial& a, double c) {  // c z a(z)
  Polynomial out;
  out.coeffs.assign(a.coeffs.size() + 1, 0.0);
  for (std::size_t k = 0; k < a.coeffs.size(); ++k) out.coeffs[k + 1] = c * a.coeffs[k];
  return out;
}

// Lower-triangular A: the stage values of y' = λy are Y_i = N_i / D_i with
// D_i = Π_{j≤i} (1 − z a_jj) and
//   N_i = D_{i−1} + z Σ_{j<i} a_ij N_j Π_{j<k<i} (1 − z a_kk),
// so P = D_s + z Σ_i b_i N_i Π_{k>i} (1 − z a_kk) and Q = D_s. Only
// products of polynomials are formed (no traces of matrix powers), which
// keeps the coefficients accurate to rounding.
StabilityFunction lower_triangular_stability(const ButcherTableau& t) {
  const int s = t.stages();
  auto between = [&](int from, int to) {  // Π_{from ≤ k < to} (1 − z a_kk)
    Polynomial p{{1.0}};
    for (int k = from; k < to; ++k) p = p * linear_factor(t.A(k, k));
    return p;
  };
  std::vector<Polynomial> N(static_cast<std::size_t>(s));
  for (int i = 0; i < s; ++i) {
    Polynomial n = between(0, i);
    for (int j = 0; j < i; ++j)
      if (t.A(i, j) != 0.0) n = sum(n, scaled_shift(N[j] * between(j + 1, i), t.A(i, j)));
    N[static_cast<std::size_t>(i)] = n;
  }
  const Polynomial Q = between(0, s);
  Polynomial P = Q;
  for (int i = 0; i < s; ++i)
    if (t.b[i] != 0.0) P = sum(P, scaled_shift(N[i] * between(i + 1, s), t.b[i]));
  return {P, Q};
}

}  // namespace

StabilityFunction stability_function(const ButcherTableau& t) {
  if (t.is_lower_triangular()) return lower_triangular_stability(t);
  const Eigen::MatrixXd ebT = Eigen::VectorXd::Ones(t.stages()) * t.b.transpose();
  return {det_identity_minus_zA(t.A - ebT), det_identity_minus_zA(t.A)};
}

namespace {

// Is |R| ≤ 1 on the ray z = −r e^{iθ}, θ in radians?
bool stable_ray(const StabilityFunction& R, const std::vector<std::complex<double>>& poles,
                double theta) {
  for (const auto& pole : poles)
    if (std::abs(std::arg(-pole)) <= theta + 1e-12) return false;
  const std::complex<double> direction = -std::polar(1.0, theta);
  for (int k = 0; k < 600; ++k) {
    const double r = std::pow(10.0, -6.0 + 14.0 * k / 599);
    if (std::abs(R(r * direction)) > 1.0 + kStabilityTol) return false;
  }
  const double inf = R.at_infinity();
  return std::isfinite(inf) && std::abs(inf) <= 1.0 + kStabilityTol;
}

}  // namespace

double a_alpha_degrees(const StabilityFunction& R) {
  const auto poles = R.Q.roots();
  const double deg = M_PI / 180;
  if (!stable_ray(R, poles, 0.0)) return std::numeric_limits<double>::quiet_NaN();
  double good = 0.0;
  for (double step = 0.5; good + step <= 90.0 + 1e-9; good += step)
    if (!stable_ray(R, poles, (good + step) * deg)) {
      double bad = good + step;
      while (bad - good > 1e-3) {
        const double mid = 0.5 * (good + bad);
        (stable_ray(R, poles, mid * deg) ? good : bad) = mid;
      }
      return good;
    }
  return 90.0;
}

int exp_agreement_order(const StabilityFunction& R, int max_p, double tol) {
  // Series of P/Q: r_k = (P_k − Σ_{j=1..k} Q_j r_{k−j}) / Q_0.
  std::vector<double> r;
  double factorial = 1;
  for (int k = 0; k <= max_p; ++k) {
    double v = R.P.coefficient(k);
    for (int j = 1; j <= k; ++j) v -= R.Q.coefficient(j) * r[static_cast<std::size_t>(k - j)];
    r.push_back(v / R.Q.coefficient(0));
    if (k > 0) factorial *= k;
    if (std::abs(r.back() - 1.0 / factorial) > tol / factorial) return k - 1;
  }
  return max_p;
}

TableauProperties compute_properties(const ButcherTableau& t) {
  TableauProperties p;
  const int s = t.stages();
  const OrderEvidence order = order_evidence(t.A, t.b, kMaxCheckedOrder, t.precision);
  p.order = order.order;
  p.order_residuals = order.relative_residual;
  p.coefficient_precision = order.precision;
  if (t.b_hat.size() == s)
    p.embedded_order = order_from_conditions(t.A, t.b_hat, kMaxCheckedOrder, t.precision);
  p.stage_order = stage_order(t, kMaxCheckedOrder + 2);
  p.is_explicit = t.is_explicit();
  p.lower_triangular = t.is_lower_triangular();

  double diag = 0.0;
  p.singly_diagonal = !p.is_explicit;
  for (int i = 0; i < s; ++i) {
    if (t.A(i, i) == 0.0) continue;
    if (diag == 0.0) diag = t.A(i, i);
    p.singly_diagonal = p.singly_diagonal && t.A(i, i) == diag;
  }
  p.explicit_first_stage = !p.is_explicit && t.A(0, 0) == 0.0;

  const double coefficient_tol = widened(kCoefficientTol, t);
  const double stability_tol = widened(kStabilityTol, t);
  p.stiffly_accurate = (t.A.row(s - 1).transpose() - t.b).cwiseAbs().maxCoeff() <= coefficient_tol;

  p.R = stability_function(t);
  p.r_inf = p.R.at_infinity();
  p.poles_in_right_half_plane = true;
  for (const auto& pole : p.R.Q.roots())
    if (!(pole.real() > kCoefficientTol * std::max(1.0, std::abs(pole))))
      p.poles_in_right_half_plane = false;
  p.max_abs_r_imag_axis = max_on_imaginary_axis(p.R);
  p.max_abs_r_left_half_plane = max_on_left_half_plane(p.R);
  p.a_stable = p.poles_in_right_half_plane && std::isfinite(p.r_inf) &&
               std::abs(p.r_inf) <= 1.0 + stability_tol &&
               p.max_abs_r_imag_axis <= 1.0 + stability_tol &&
               p.max_abs_r_left_half_plane <= 1.0 + stability_tol;
  p.l_stable = p.a_stable && std::abs(p.r_inf) <= stability_tol;

  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j)
      p.symplectic_defect = std::max(
          p.symplectic_defect, std::abs(t.b[i] * t.A(i, j) + t.b[j] * t.A(j, i) - t.b[i] * t.b[j]));
  p.symplectic = p.symplectic_defect <= coefficient_tol;

  const Eigen::MatrixXd B = t.b.asDiagonal();
  const Eigen::MatrixXd Malg = B * t.A + t.A.transpose() * B - t.b * t.b.transpose();
  p.algebraic_min_eigenvalue =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Malg).eigenvalues().minCoeff();
  p.min_weight = t.b.minCoeff();
  p.algebraically_stable =
      p.min_weight >= -coefficient_tol && p.algebraic_min_eigenvalue >= -coefficient_tol;
  return p;
}

MethodProperties to_method_properties(const TableauProperties& c) {
  MethodProperties m;
  m.order = c.order;
  m.order_source = "rooted trees";
  m.stage_order = c.stage_order;
  if (c.embedded_order > 0) m.embedded_order = c.embedded_order;
  m.stiffly_accurate = c.stiffly_accurate;
  m.a_stable = c.a_stable;
  m.l_stable = c.l_stable;
  m.r_inf = c.r_inf;
  m.stability_source = "R(z)";
  m.symplectic = c.symplectic;
  m.order_residuals = c.order_residuals;
  m.coefficient_precision = c.coefficient_precision;
  return m;
}

}  // namespace tibench
