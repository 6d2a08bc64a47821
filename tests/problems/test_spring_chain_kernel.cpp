// The blocked spring-chain kernel (problems/catalog/spring_chain_kernel.hpp) against
// the plain single pass it replaces, written out here as the specification:
// bit-identical gradients for every chain length around the block size, for
// linear (the kernel's k d form) and FPUT springs, at random and at
// equilibrium positions (where the signed zeros of (0 + f_i) − f_{i+1} and of
// k d + k4 d³ matter).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "problems/catalog/spring_chain_kernel.hpp"

namespace tibench {
namespace {

std::vector<double> single_pass(const std::vector<double>& q, const SpringChainCoefficients& c) {
  const Eigen::Index n = static_cast<Eigen::Index>(q.size());
  std::vector<double> g(q.size());
  double left = 0.0, previous = 0.0;
  for (Eigen::Index s = 0; s <= n; ++s) {
    const double right = s == n ? c.ell * static_cast<double>(n + 1) : q[s];
    const double d = right - left - c.ell, f = c.k * d + c.k4 * d * d * d;
    if (s > 0) g[s - 1] = (0.0 + previous) - f;
    previous = f;
    left = right;
  }
  return g;
}

void expect_bit_identical(const std::vector<double>& q, const SpringChainCoefficients& c) {
  const auto expected = single_pass(q, c);
  std::vector<double> g(q.size(), -1.0);
  spring_chain_gradient(q.data(), g.data(), static_cast<Eigen::Index>(q.size()), c);
  for (std::size_t i = 0; i < q.size(); ++i)
    ASSERT_EQ(std::memcmp(&g[i], &expected[i], sizeof(double)), 0)
        << "n = " << q.size() << ", mass " << i << ": " << g[i] << " vs " << expected[i];
}

// The fused acceleration against the gradient followed by −(g_i m⁻¹_i), with
// masses that differ per entry.
void expect_acceleration_bit_identical(const std::vector<double>& q,
                                       const SpringChainCoefficients& c) {
  const auto n = static_cast<Eigen::Index>(q.size());
  std::vector<double> inverse_mass(q.size()), g(q.size()), a(q.size(), -1.0);
  for (std::size_t i = 0; i < q.size(); ++i) inverse_mass[i] = 1.0 / (1.0 + 0.37 * double(i % 7));
  spring_chain_gradient(q.data(), g.data(), n, c);
  spring_chain_acceleration(q.data(), a.data(), inverse_mass.data(), n, c);
  for (std::size_t i = 0; i < q.size(); ++i) {
    const double expected = -(g[i] * inverse_mass[i]);
    ASSERT_EQ(std::memcmp(&a[i], &expected, sizeof(double)), 0) << "n = " << n << ", mass " << i;
  }
}

TEST(SpringChainKernel, BitIdenticalToTheSinglePass) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> jitter(-0.3, 0.3);
  for (const SpringChainCoefficients c :
       {SpringChainCoefficients{1.0, 0.0, 1.0}, SpringChainCoefficients{3.7, 100.0, 0.25},
        // (outside the linear form's guard: the generic force)
        SpringChainCoefficients{1.0, -0.0, 1.0}, SpringChainCoefficients{-2.0, 0.0, 1.0}}) {
    for (const long n : {1L, 2L, 3L, 511L, 512L, 513L, 1000L, 1024L, 1025L, 1537L, 4099L}) {
      std::vector<double> equilibrium(n), perturbed(n);
      for (long i = 0; i < n; ++i) {
        equilibrium[i] = c.ell * static_cast<double>(i + 1);
        perturbed[i] = equilibrium[i] + c.ell * jitter(rng);
      }
      expect_bit_identical(equilibrium, c);
      expect_bit_identical(perturbed, c);
      expect_acceleration_bit_identical(perturbed, c);
    }
  }
}

}  // namespace
}  // namespace tibench
