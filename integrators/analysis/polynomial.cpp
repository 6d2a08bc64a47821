#include "integrators/analysis/polynomial.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace tibench {

std::complex<double> Polynomial::operator()(std::complex<double> z) const {
  std::complex<double> acc = 0.0;
  for (auto it = coeffs.rbegin(); it != coeffs.rend(); ++it) acc = acc * z + *it;
  return acc;
}

double Polynomial::operator()(double x) const {
  double acc = 0.0;
  for (auto it = coeffs.rbegin(); it != coeffs.rend(); ++it) acc = acc * x + *it;
  return acc;
}

int Polynomial::degree(double tol) const {
  double big = 0.0;
  for (double c : coeffs) big = std::max(big, std::abs(c));
  for (int k = static_cast<int>(coeffs.size()) - 1; k >= 0; --k)
    if (std::abs(coeffs[k]) > tol * big) return k;
  return 0;
}

std::vector<std::complex<double>> Polynomial::roots(double tol) const {
  const int d = degree(tol);
  std::vector<std::complex<double>> out;
  if (d < 1) return out;
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(d, d);
  for (int i = 1; i < d; ++i) C(i, i - 1) = 1.0;
  for (int i = 0; i < d; ++i) C(i, d - 1) = -coeffs[i] / coeffs[d];
  Eigen::EigenSolver<Eigen::MatrixXd> es(C, false);
  for (int i = 0; i < d; ++i) out.push_back(es.eigenvalues()[i]);
  return out;
}

Polynomial Polynomial::derivative() const {
  Polynomial d;
  for (std::size_t k = 1; k < coeffs.size(); ++k)
    d.coeffs.push_back(static_cast<double>(k) * coeffs[k]);
  if (d.coeffs.empty()) d.coeffs.push_back(0.0);
  return d;
}

Polynomial operator*(const Polynomial& a, const Polynomial& b) {
  Polynomial p;
  p.coeffs.assign(a.coeffs.size() + b.coeffs.size() - 1, 0.0);
  for (std::size_t i = 0; i < a.coeffs.size(); ++i)
    for (std::size_t j = 0; j < b.coeffs.size(); ++j) p.coeffs[i + j] += a.coeffs[i] * b.coeffs[j];
  return p;
}

Polynomial operator-(const Polynomial& a, const Polynomial& b) {
  Polynomial p;
  p.coeffs.assign(std::max(a.coeffs.size(), b.coeffs.size()), 0.0);
  for (std::size_t i = 0; i < p.coeffs.size(); ++i)
    p.coeffs[i] = a.coefficient(int(i)) - b.coefficient(int(i));
  return p;
}

Polynomial det_identity_minus_zA(const Eigen::MatrixXd& A) {
  // Characteristic polynomial p(λ) = det(λI − A) = Σ_k c_k λ^k (c_n = 1):
  //   M_1 = I, c_{n−1} = −tr(A);  M_k = A M_{k−1} + c_{n−k+1} I,  c_{n−k} = −tr(A M_k)/k.
  // Then det(I − zA) = z^n p(1/z) has coefficient c_{n−j} at z^j.
  const Eigen::Index n = A.rows();
  std::vector<double> c(n + 1, 0.0);
  c[n] = 1.0;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(n, n);
  for (Eigen::Index k = 1; k <= n; ++k) {
    M = A * M + c[n - k + 1] * I;
    c[n - k] = -(A * M).trace() / static_cast<double>(k);
  }
  Polynomial p;
  p.coeffs.resize(n + 1);
  for (Eigen::Index j = 0; j <= n; ++j) p.coeffs[j] = c[n - j];
  return p;
}

}  // namespace tibench
