// The force kernel of spring-chain (problems/spring_chain.cpp) on raw
// arrays: g = ∇U(q) for N masses between walls at 0 and (N + 1) ℓ, springs
// s = 0 … N with extension d_s = x_{s+1} − x_s − ℓ and force k d + k4 d³.
// The problem's gradient() calls it, and so do the benchmark peers
// (bench/), whose states are not Eigen vectors: every integrator in the
// benchmark then evaluates the same right-hand side with the same rounding.
#pragma once

#include <Eigen/Core>

namespace tibench {

struct SpringChainCoefficients {
  double k, k4, ell;
};

// One pass: spring s's force goes to its left mass (s − 1) and right mass s.
inline void spring_chain_gradient(const double* q, double* g, Eigen::Index n,
                                  const SpringChainCoefficients& c) {
  double left = 0.0;  // x_s, starting at the left wall
  double previous = 0.0;  // force of spring s − 1 on mass s − 1 (its right end)
  for (Eigen::Index s = 0; s <= n; ++s) {
    const double right = s == n ? c.ell * static_cast<double>(n + 1) : q[s];
    const double d = right - left - c.ell, f = c.k * d + c.k4 * d * d * d;
    // (0 + f_{s−1}) − f_s: the rounding (and signed zeros) of accumulating
    // into a zeroed g.
    if (s > 0) g[s - 1] = (0.0 + previous) - f;
    previous = f;
    left = right;
  }
}

}  // namespace tibench
