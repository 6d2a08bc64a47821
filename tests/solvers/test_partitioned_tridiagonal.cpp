// The partitioned tridiagonal LDLᵀ (solvers/linear/partitioned_tridiagonal.hpp):
// at every order from the smallest to several block lengths (every
// remainder of the block split), its solves are backward stable, agree with
// Eigen's LDLᵀ to the conditioning, take the sign exactly and may overwrite
// their right-hand side; its pivots report positive definiteness as the
// spectrum does, and a zero pivot stops it. SymmetricFactorization takes it
// for every tridiagonal matrix of that order, and only for those.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cstring>
#include <random>
#include <vector>

#include "problem_cases.hpp"
#include "same_bits.hpp"
#include "solvers/linear/partitioned_tridiagonal.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench {
namespace {

using Tri = PartitionedTridiagonalLDLT;

// A symmetric tridiagonal matrix, full storage: diagonal a, off-diagonal e
// (e[i] = A(i + 1, i)).
SparseMatrix tridiagonal(const Vec& a, const Vec& e) {
  Triplets t;
  for (Index i = 0; i < a.size(); ++i) {
    t.emplace_back(i, i, a[i]);
    if (i + 1 < a.size()) {
      t.emplace_back(i + 1, i, e[i]);
      t.emplace_back(i, i + 1, e[i]);
    }
  }
  SparseMatrix A(a.size(), a.size());
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

// A random diagonally dominant (positive definite) tridiagonal matrix whose
// couplings span orders of magnitude and include exact zeros.
SparseMatrix random_spd(Index n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Vec e(n), a(n);
  for (Index i = 0; i < n; ++i) e[i] = i % 11 == 5 ? 0.0 : std::pow(10.0, 3 * u(rng)) * u(rng);
  for (Index i = 0; i < n; ++i)
    a[i] = std::abs(e[i]) + (i > 0 ? std::abs(e[i - 1]) : 0.0) + 1.0 + std::abs(u(rng));
  return tridiagonal(a, e);
}

TEST(PartitionedTridiagonal, BackwardStableAtEveryOrderAndRemainder) {
  std::mt19937 rng(7);
  const double eps = std::numeric_limits<double>::epsilon();
  std::vector<Index> orders;
  for (Index n = Tri::minimum_order; n <= 8 * Tri::lanes + 3; ++n) orders.push_back(n);
  for (Index n : {1000, 1003, 100001}) orders.push_back(n);
  for (Index n : orders) {
    const SparseMatrix A = random_spd(n, rng);
    ASSERT_TRUE(Tri::applies(A)) << n;
    Tri f;
    f.analyze(A);
    f.factorize(A);
    ASSERT_TRUE(f.factorized()) << n;
    EXPECT_TRUE(f.positive_definite()) << n;
    const Vec b = Vec::Random(n);
    Vec x(n);
    f.solve(b.data(), x.data(), 1.0);
    // Componentwise backward error (Higham 2002, Thm. 9.14: LDLᵀ of a
    // tridiagonal matrix): |b − A x| ≤ c ε |A| |x|.
    const SparseMatrix absA = A.cwiseAbs();
    const Vec bound = absA * x.cwiseAbs();
    const Vec residual = (b - A * x).cwiseAbs();
    EXPECT_TRUE((residual.array() <= 16 * eps * bound.array()).all())
        << n << ": worst ratio " << (residual.array() / (eps * bound.array())).maxCoeff();
    // The same solution as Eigen's LDLᵀ, to its conditioning (these
    // diagonally dominant matrices have condition numbers below 10⁴).
    const Vec expected = Eigen::SimplicialLDLT<SparseMatrix>(A).solve(b);
    EXPECT_LE((x - expected).cwiseAbs().maxCoeff(), 1e-11 * expected.cwiseAbs().maxCoeff()) << n;
    // The sign is exact, and the solve may overwrite b.
    Vec negated(n), of_minus_b(n);
    f.solve(b.data(), negated.data(), -1.0);
    const Vec minus_b = -b;
    f.solve(minus_b.data(), of_minus_b.data(), 1.0);
    EXPECT_TRUE(test::same_bits(negated, of_minus_b)) << n;
    Vec in_place = b;
    f.solve(in_place.data(), in_place.data(), 1.0);
    EXPECT_TRUE(test::same_bits(in_place, x)) << n;
  }
}

// Random symmetric tridiagonal matrices, definite and indefinite, with
// eigenvalues kept away from zero: positive_definite() is λ_min > 0.
TEST(PartitionedTridiagonal, PivotsReportDefinitenessAsTheSpectrum) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int definite = 0, indefinite = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Index n = Tri::minimum_order + trial % 13;
    Vec a(n), e(n);
    const double shift = 2.0 * u(rng);
    for (Index i = 0; i < n; ++i) {
      a[i] = 2.0 + shift + 0.5 * u(rng);
      e[i] = u(rng);
    }
    const SparseMatrix A = tridiagonal(a, e);
    const Vec lambda =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Eigen::MatrixXd(A), Eigen::EigenvaluesOnly)
            .eigenvalues();
    if (lambda.cwiseAbs().minCoeff() < 1e-3) continue;
    Tri f;
    f.analyze(A);
    f.factorize(A);
    if (!f.factorized()) continue;  // a zero pivot by chance: nothing to compare
    const bool pd = lambda.minCoeff() > 0;
    EXPECT_EQ(f.positive_definite(), pd) << "trial " << trial << ", λ_min " << lambda.minCoeff();
    (pd ? definite : indefinite) += 1;
  }
  EXPECT_GT(definite, 50);
  EXPECT_GT(indefinite, 50);
}

TEST(PartitionedTridiagonal, ZeroPivotStopsTheFactorization) {
  const Index n = 3 * Tri::lanes;
  for (Index at = 0; at < n; ++at) {
    // A diagonal matrix with one zero: some pivot is exactly zero wherever
    // it sits (a block unknown or a separator).
    Vec a = Vec::Ones(n), e = Vec::Zero(n);
    a[at] = 0.0;
    const SparseMatrix A = tridiagonal(a, e);
    Tri f;
    f.analyze(A);
    f.factorize(A);
    EXPECT_FALSE(f.factorized()) << at;
    SymmetricFactorization s;
    EXPECT_FALSE(s.factorize(A, true).factorized) << at;
  }
}

TEST(PartitionedTridiagonal, AppliesToTridiagonalPatternsOnly) {
  const Index n = 20;
  const SparseMatrix T = tridiagonal(Vec::Constant(n, 4.0), Vec::Constant(n, -1.0));
  EXPECT_TRUE(Tri::applies(T));
  SparseMatrix lower = T.triangularView<Eigen::Lower>();
  EXPECT_TRUE(Tri::applies(lower));
  SparseMatrix wide = T;
  wide.coeffRef(5, 3) = 0.5;  // one entry two off the diagonal
  EXPECT_FALSE(Tri::applies(wide));
  const SparseMatrix small = tridiagonal(Vec::Constant(Tri::minimum_order - 1, 4.0),
                                         Vec::Constant(Tri::minimum_order - 1, -1.0));
  EXPECT_FALSE(Tri::applies(small));
  // SymmetricFactorization: the partitioned form for T (lower triangle
  // alone is enough), Eigen's for the others.
  for (const SparseMatrix* A : std::vector<const SparseMatrix*>{&T, &lower, &wide, &small}) {
    SymmetricFactorization s;
    ASSERT_TRUE(s.factorize(*A, true).factorized);
    EXPECT_EQ(s.partitioned(), Tri::applies(*A));
    EXPECT_EQ(s.ordering() == Ordering::partitioned, s.partitioned());
  }
}

// Every registry problem whose stage matrix is tridiagonal (spring chains,
// 1-D bars) is solved in the partitioned form, to backward stability.
TEST(PartitionedTridiagonal, RegistryStageMatrices) {
  const double eps = std::numeric_limits<double>::epsilon();
  int tridiagonal_cases = 0;
  for (const auto& c : test::problem_cases()) {
    const SparseMatrix A = test::stage_matrix(*c.make(), 1e3);
    SymmetricFactorization f;
    ASSERT_TRUE(f.factorize(A, true).factorized) << c.label;
    EXPECT_EQ(f.partitioned(), Tri::applies(A)) << c.label;
    if (!f.partitioned()) continue;
    ++tridiagonal_cases;
    const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
    Vec x;
    f.solve(b, x);
    const SparseMatrix full = A.selfadjointView<Eigen::Lower>();
    const Vec bound = SparseMatrix(full.cwiseAbs()) * x.cwiseAbs();
    EXPECT_TRUE(((b - full * x).cwiseAbs().array() <= 16 * eps * bound.array()).all()) << c.label;
  }
  EXPECT_GT(tridiagonal_cases, 0);
}

}  // namespace
}  // namespace tibench
