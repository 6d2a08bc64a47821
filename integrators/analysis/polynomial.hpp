// Real polynomials in ascending coefficients, for stability functions.
#pragma once

#include <Eigen/Core>
#include <complex>
#include <vector>

namespace tibench {

struct Polynomial {
  std::vector<double> coeffs;  // p(z) = Σ_k coeffs[k] z^k

  std::complex<double> operator()(std::complex<double> z) const;
  double operator()(double x) const;
  // Degree after dropping leading coefficients with |c_k| ≤ tol · max|c|.
  int degree(double tol = 1e-12) const;
  double coefficient(int k) const { return k < static_cast<int>(coeffs.size()) ? coeffs[k] : 0.0; }
  // Complex roots of the polynomial truncated to degree(tol) (companion matrix).
  std::vector<std::complex<double>> roots(double tol = 1e-12) const;
  Polynomial derivative() const;
};

Polynomial operator*(const Polynomial& a, const Polynomial& b);
Polynomial operator-(const Polynomial& a, const Polynomial& b);

// det(I − zA) as a polynomial in z, via the Faddeev–LeVerrier recurrence for
// the characteristic polynomial of A.
Polynomial det_identity_minus_zA(const Eigen::MatrixXd& A);

}  // namespace tibench
