#include "integrators/tableau_properties.hpp"

#include <cmath>
#include <limits>

#include "integrators/rooted_trees.hpp"

namespace tibench {

namespace {

constexpr double kCoefficientTol = 1e-12;  // identities among coefficients
constexpr double kStabilityTol = 1e-10;    // |R| ≤ 1 + tol counts as ≤ 1

// Largest q ≤ max_q with B(q): Σ b_i c_i^{k−1} = 1/k and
// C(q): Σ_j a_ij c_j^{k−1} = c_i^k / k for all k ≤ q (nodepy's definition).
int stage_order(const ButcherTableau& t, int max_q) {
  const int s = t.stages();
  for (int k = 1; k <= max_q; ++k) {
    const Eigen::VectorXd ck1 = t.c.array().pow(k - 1);
    if (std::abs(t.b.dot(ck1) - 1.0 / k) > kCoefficientTol) return k - 1;
    for (int i = 0; i < s; ++i) {
      const double lhs = t.A.row(i).dot(ck1);
      const double rhs = std::pow(t.c[i], k) / k;
      if (std::abs(lhs - rhs) > kCoefficientTol) return k - 1;
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

StabilityFunction stability_function(const ButcherTableau& t) {
  const Eigen::MatrixXd ebT = Eigen::VectorXd::Ones(t.stages()) * t.b.transpose();
  return {det_identity_minus_zA(t.A - ebT), det_identity_minus_zA(t.A)};
}

TableauProperties compute_properties(const ButcherTableau& t) {
  TableauProperties p;
  const int s = t.stages();
  p.order = order_from_conditions(t.A, t.b, kMaxCheckedOrder);
  if (t.b_hat.size() == s) p.embedded_order = order_from_conditions(t.A, t.b_hat, kMaxCheckedOrder);
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

  p.stiffly_accurate = (t.A.row(s - 1).transpose() - t.b).cwiseAbs().maxCoeff() <= kCoefficientTol;

  p.R = stability_function(t);
  p.r_inf = p.R.at_infinity();
  p.poles_in_right_half_plane = true;
  for (const auto& pole : p.R.Q.roots())
    if (!(pole.real() > kCoefficientTol * std::max(1.0, std::abs(pole))))
      p.poles_in_right_half_plane = false;
  p.max_abs_r_imag_axis = max_on_imaginary_axis(p.R);
  p.max_abs_r_left_half_plane = max_on_left_half_plane(p.R);
  p.a_stable = p.poles_in_right_half_plane && std::isfinite(p.r_inf) &&
               std::abs(p.r_inf) <= 1.0 + kStabilityTol &&
               p.max_abs_r_imag_axis <= 1.0 + kStabilityTol &&
               p.max_abs_r_left_half_plane <= 1.0 + kStabilityTol;
  p.l_stable = p.a_stable && std::abs(p.r_inf) <= kStabilityTol;

  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j)
      p.symplectic_defect = std::max(
          p.symplectic_defect, std::abs(t.b[i] * t.A(i, j) + t.b[j] * t.A(j, i) - t.b[i] * t.b[j]));
  p.symplectic = p.symplectic_defect <= kCoefficientTol;
  return p;
}

std::vector<std::string> property_mismatches(const tableaux::DeclaredProperties& d,
                                             const TableauProperties& c) {
  std::vector<std::string> out;
  auto check_int = [&](const char* name, int declared, int computed) {
    if (declared != computed)
      out.push_back(std::string(name) + ": declared " + std::to_string(declared) +
                    ", computed " + std::to_string(computed));
  };
  auto check_bool = [&](const char* name, bool declared, bool computed) {
    if (declared != computed)
      out.push_back(std::string(name) + ": declared " + (declared ? "true" : "false") +
                    ", computed " + (computed ? "true" : "false"));
  };
  check_int("order", d.order, c.order);
  check_int("stage_order", d.stage_order, c.stage_order);
  check_bool("stiffly_accurate", d.stiffly_accurate, c.stiffly_accurate);
  check_bool("a_stable", d.a_stable, c.a_stable);
  check_bool("l_stable", d.l_stable, c.l_stable);
  check_bool("symplectic", d.symplectic, c.symplectic);
  return out;
}

}  // namespace tibench
