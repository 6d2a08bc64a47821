#include "claims/dinev2018/two_spring_roots.hpp"

#include <algorithm>
#include <cmath>

namespace tibench::claims {

TwoSpring::TwoSpring(double k, double m)
    : k_(k),
      m_(m),
      p_(make_problem("two-spring", {"k=" + format_real(k), "m=" + format_real(m)})),
      q_(1) {}

double TwoSpring::E(double x) const {
  q_[0] = x;
  return p_->potential(q_);
}
double TwoSpring::dE(double x) const {
  q_[0] = x;
  p_->gradient(q_, g_);
  return g_[0];
}
double TwoSpring::d2E(double x) const {
  q_[0] = x;
  t_.clear();
  p_->hessian(q_, t_, false);
  return t_[0].value();
}

std::vector<double> backward_euler_roots(const TwoSpring& s, double x_n, double v_n, double h) {
  const double y = x_n + h * v_n, h2 = h * h;
  auto f = [&](double x) { return s.m() * (x - y) + h2 * s.dE(x); };
  const double slope = s.m() + 2.0 * s.k() * h2, c = 2.0 * std::sqrt(2.0) * s.k() * h2;
  const double lo = (s.m() * y - c) / slope, hi = (s.m() * y + c) / slope;
  const double pad = 1e-12 * (1.0 + std::abs(lo) + std::abs(hi));
  std::vector<double> cuts{lo - pad};
  const double s3 = std::sqrt(2.0) / (1.0 + s.m() / (2.0 * s.k() * h2));  // (x_c² + 1)^{3/2}
  if (s3 > 1.0) {
    const double xc = std::sqrt(std::pow(s3, 2.0 / 3.0) - 1.0);
    for (double x : {-xc, xc})
      if (x > cuts.back() && x < hi + pad) cuts.push_back(x);
  }
  cuts.push_back(hi + pad);
  std::vector<double> roots;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double a = cuts[i], b = cuts[i + 1], fa = f(a), fb = f(b);
    if (fa == 0.0 || fb == 0.0 || (fa > 0) != (fb > 0)) roots.push_back(brent_root(f, a, b));
  }
  // A tangency at ±x_c is a (double) root without a sign change.
  for (std::size_t i = 1; i + 1 < cuts.size(); ++i) {
    const double x = cuts[i];
    const double noise = 1e-13 * (s.m() * (std::abs(x) + std::abs(y)) + h2 * std::abs(s.dE(x)));
    if (std::abs(f(x)) <= noise) roots.push_back(x);
  }
  std::sort(roots.begin(), roots.end());
  roots.erase(
      std::unique(roots.begin(), roots.end(),
                  [](double a, double b) { return std::abs(a - b) <= 1e-14 * (1 + std::abs(a)); }),
      roots.end());
  return roots;
}

double backward_euler_minimizer(const TwoSpring& s, double x_n, double v_n, double h) {
  const double y = x_n + h * v_n;
  auto phi = [&](double x) { return 0.5 * s.m() * (x - y) * (x - y) + h * h * s.E(x); };
  double best = 0.0, best_phi = INFINITY;
  for (double x : backward_euler_roots(s, x_n, v_n, h))
    if (phi(x) < best_phi) best = x, best_phi = phi(x);
  return best;
}

double lemma2_x_max(const TwoSpring& s) {
  // E' is increasing where E'' > 0 and decreasing where E'' < 0; on [−1, 1]
  // its maximum is at the zero of E'' in (−1, 0) (E' < 0 on (0, 1)).
  return brent_root([&](double x) { return s.d2E(x); }, -1.0, 0.0);
}

double lemma2_beta(const TwoSpring& s) {
  const double slope = s.dE(lemma2_x_max(s)), E0 = s.E(0.0);
  return brent_root([&](double b) { return s.E(b) - E0 - (b + 1.0) * slope; }, 1.0, 1e3);
}

}  // namespace tibench::claims
