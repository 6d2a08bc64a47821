// Truncated CG (solvers/linear/truncated_cg.hpp): on positive definite systems
// it reaches the requested relative residual; on indefinite ones it stops at
// the first non-positive curvature with a descent direction (bᵀd > 0 for
// the system H d = b = −∇E), the right-hand side itself if that happens at
// once.
#include <gtest/gtest.h>

#include <random>

#include "solvers/linear/truncated_cg.hpp"

namespace tibench {
namespace {

// A random symmetric sparse matrix: a path Laplacian-like band plus a
// diagonal shift (lower triangle stored).
SparseMatrix banded(int n, double shift, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.5, 1.5);
  Triplets t;
  for (int i = 0; i < n; ++i) {
    t.emplace_back(i, i, shift + 2 * u(rng));
    if (i + 1 < n) t.emplace_back(i + 1, i, -u(rng));
    if (i + 3 < n) t.emplace_back(i + 3, i, 0.3 * (u(rng) - 1));
  }
  SparseMatrix H(n, n);
  H.setFromTriplets(t.begin(), t.end());
  return H;
}

Vec random_vec(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> g;
  Vec v(n);
  for (int i = 0; i < n; ++i) v[i] = g(rng);
  return v;
}

TEST(TruncatedCg, ReachesTheForcingToleranceOnPositiveDefiniteSystems) {
  for (bool jacobi : {false, true})
    for (double eta : {0.5, 1e-3, 1e-10}) {
      const SparseMatrix H = banded(200, 1.0, 7);
      const Vec b = random_vec(200, 3);
      Vec d;
      const TruncatedCgResult r = truncated_cg(H, b, eta, 2000, jacobi, d);
      EXPECT_TRUE(r.reached_tolerance);
      EXPECT_FALSE(r.negative_curvature);
      const Vec residual = b - H.selfadjointView<Eigen::Lower>() * d;
      EXPECT_LE(residual.norm(), eta * b.norm() * (1 + 1e-6)) << "eta " << eta;
    }
}

TEST(TruncatedCg, ReturnsTheRightHandSideOnImmediateNegativeCurvature) {
  SparseMatrix H(2, 2);
  H.insert(0, 0) = -1.0;
  H.insert(1, 1) = 1.0;
  Vec b(2);
  b << 1.0, 0.0;
  Vec d;
  const TruncatedCgResult r = truncated_cg(H, b, 1e-8, 10, false, d);
  EXPECT_TRUE(r.negative_curvature);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(d, b);
}

TEST(TruncatedCg, StopsOnIndefiniteSystemsWithADescentDirection) {
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const SparseMatrix H = banded(100, -1.5, seed);  // indefinite
    const Vec b = random_vec(100, seed + 100);
    Vec d;
    const TruncatedCgResult r = truncated_cg(H, b, 1e-12, 1000, true, d);
    EXPECT_TRUE(r.negative_curvature) << "seed " << seed;
    EXPECT_GT(b.dot(d), 0.0) << "seed " << seed;
  }
}

}  // namespace
}  // namespace tibench
