// Exact backward-Euler steps on Dinev et al.'s nonconvex test potential
// E_test (problem two-spring): every real root of the BE equation
//
//   f(x) = m (x − x_n − h v_n) + h² E'(x) = 0,
//
// not only the minimizer of the incremental potential. The roots lie in
// [(m y − c)/(m + 2kh²), (m y + c)/(m + 2kh²)], y = x_n + h v_n,
// c = 2√2 k h², because E'(x) = 2k x − 2√2 k x/√(x²+1) differs from 2k x by
// at most 2√2 k. f' = m + h² E'' vanishes at most at ±x_c with
// (x_c² + 1)^{3/2} = √2 / (1 + m/(2kh²)) (E'' = 2k(1 − √2 (x²+1)^{-3/2})),
// so f is monotone on each piece between them: a sign check plus Brent's
// method on each piece finds every root (a double root at ±x_c is detected
// by |f(±x_c)| at rounding level).
#pragma once

#include <memory>
#include <vector>

#include "problems/registry.hpp"

#include "claims/dinev2018/brent.hpp"

namespace tibench::claims {

// E_test and its derivatives, evaluated through the registered problem
// `two-spring` (so that the checks test the code the benchmark runs).
class TwoSpring {
 public:
  TwoSpring(double k, double m);
  double k() const { return k_; }
  double m() const { return m_; }
  double E(double x) const;
  double dE(double x) const;
  double d2E(double x) const;
  const Problem& problem() const { return *p_; }

 private:
  double k_, m_;
  std::unique_ptr<Problem> p_;
  mutable Vec q_, g_;
  mutable Triplets t_;
};

// Every real root of f, ascending.
std::vector<double> backward_euler_roots(const TwoSpring& s, double x_n, double v_n, double h);

// The root that minimizes the incremental potential ½ m (x − y)² + h² E(x).
double backward_euler_minimizer(const TwoSpring& s, double x_n, double v_n, double h);

// x_max = argmax_{[−1,1]} E'(x) and β of Lemma 2 (Eq. 54), by root finding.
double lemma2_x_max(const TwoSpring& s);
double lemma2_beta(const TwoSpring& s);

}  // namespace tibench::claims
