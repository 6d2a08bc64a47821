// The force kernel of spring-chain (problems/catalog/spring_chain.cpp) on raw
// arrays: g = ∇U(q) for N masses between walls at 0 and (N + 1) ℓ, springs
// s = 0 … N with extension d_s = x_{s+1} − x_s − ℓ and force k d + k4 d³.
// The problem's gradient() calls it, and so do the benchmark peers
// (bench/), whose states are not Eigen vectors: every integrator in the
// benchmark then evaluates the same right-hand side with the same rounding.
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace tibench {

struct SpringChainCoefficients {
  double k, k4, ell;
};

namespace detail {

// Force of a spring with extension d. One expression, used everywhere, so
// that every evaluation rounds alike.
inline double spring_force(double d, const SpringChainCoefficients& c) {
  return c.k * d + c.k4 * d * d * d;
}

}  // namespace detail

// Linear springs (k4 = +0, k > 0): k d + k4 d³ is k d for every d whose
// cube is finite — the cubic term is ±0 with the sign of d, which leaves a
// nonzero k d unchanged and gives a zero k d its own sign — so it is left
// out. (Only an extension beyond ~10¹⁰² differs: NaN with the term, finite
// without.)
inline bool springs_are_linear(const SpringChainCoefficients& c) {
  return c.k4 == 0.0 && !std::signbit(c.k4) && c.k > 0.0;
}

// g_i = (0 + f_i) − f_{i+1} for mass i, with spring s = 0 … n between x_{s−1}
// and x_s (x_{−1} = 0, x_n = (n + 1) ℓ): the rounding (and signed zeros) of
// accumulating both spring forces into a zeroed g.
//
// Blocks of kBlock springs: the forces of a block go to a stack buffer, then
// the masses of the block take their differences. Both inner loops are free
// of branches and loop-carried values, so the compiler vectorizes them (a
// single pass carrying f_{s−1} from one iteration to the next does not); the
// arithmetic of every g_i is the same as the single pass's, so the results
// are bit-identical (tests/problems/test_spring_chain_kernel.cpp).
//
// `store(i, g_i)` receives each entry (the gradient itself, or the
// acceleration −g_i m⁻¹_i written in the same pass).
template <typename Force, typename Store>
inline void spring_chain_kernel(const double* q, Eigen::Index n, const SpringChainCoefficients& c,
                                Force force, Store store) {
  using Eigen::Index;
  if (n <= 0) return;
  constexpr Index kBlock = 512;
  double f[kBlock + 1];
  const double wall = c.ell * static_cast<double>(n + 1);
  double first = force(q[0] - 0.0 - c.ell);  // spring 0, left wall
  for (Index start = 0; start < n; start += kBlock) {
    const Index end = std::min(start + kBlock, n);  // masses start … end − 1
    // Springs start + 1 … end; spring n (the right wall) is outside the loop.
    const Index interior_end = std::min(end, n - 1);
    f[0] = first;
    const double* qs = q + start;
    // simd: one spring per lane
    for (Index j = 1; j <= interior_end - start; ++j) f[j] = force(qs[j] - qs[j - 1] - c.ell);
    if (end == n) f[n - start] = force(wall - q[n - 1] - c.ell);
    // simd: one mass per lane
    for (Index j = 0; j < end - start; ++j) store(start + j, (0.0 + f[j]) - f[j + 1]);
    first = f[end - start];
  }
}

// The kernel with the force law resolved once (springs_are_linear).
template <typename Store>
inline void spring_chain_pass(const double* q, Eigen::Index n, const SpringChainCoefficients& c,
                              Store store) {
  if (springs_are_linear(c))
    spring_chain_kernel(
        q, n, c, [k = c.k](double d) { return k * d; }, store);
  else
    spring_chain_kernel(
        q, n, c, [&c](double d) { return detail::spring_force(d, c); }, store);
}

inline void spring_chain_gradient(const double* q, double* g, Eigen::Index n,
                                  const SpringChainCoefficients& c) {
  spring_chain_pass(q, n, c, [g](Eigen::Index i, double gi) { g[i] = gi; });
}

// a = −M⁻¹ g in the gradient's pass: a_i = −(g_i m⁻¹_i), the same bits as
// the gradient followed by that product (Problem::potential_acceleration).
inline void spring_chain_acceleration(const double* q, double* a, const double* inverse_mass,
                                      Eigen::Index n, const SpringChainCoefficients& c) {
  spring_chain_pass(
      q, n, c, [a, inverse_mass](Eigen::Index i, double gi) { a[i] = -(gi * inverse_mass[i]); });
}

}  // namespace tibench
