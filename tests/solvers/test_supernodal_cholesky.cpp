// tibench's supernodal Cholesky (solvers/linear/supernodal_cholesky.hpp):
// on hand-made supernodal patterns against Eigen's dense LLᵀ; over
// CHOLMOD's analysis (linear_solver=supernodal) against CHOLMOD's own
// factorization; the same factor, bit for bit, on any number of threads
// (and with another factorization running at once:
// SymmetricSolve.SupernodalFactorizationsOnTwoThreadsAtOnceAreEachAlone);
// non-positive-definite matrices refused; patterns that are not supernodal
// rejected.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "grid_stiffness.hpp"
#include "indefinite_fallback.hpp"
#include "problems/fem/element_loop.hpp"
#include "same_bits.hpp"
#include "solvers/linear/sparse_factorization.hpp"
#include "solvers/linear/supernodal_cholesky.hpp"

namespace tibench {
namespace {

// A random SPD matrix (diagonally dominant) with the given pattern of
// couplings, as a compressed lower triangle.
SparseMatrix spd_lower(int n, const std::vector<std::pair<int, int>>& couplings) {
  Triplets t;
  for (int i = 0; i < n; ++i) t.emplace_back(i, i, 10.0 + i);
  for (const auto& [r, c] : couplings)
    t.emplace_back(std::max(r, c), std::min(r, c), 0.5 + 0.1 * r - 0.07 * c);
  SparseMatrix A(n, n);
  A.setFromTriplets(t.begin(), t.end());
  A.makeCompressed();
  return A;
}

Vec dense_solve(const SparseMatrix& lower, const Vec& b) {
  const SparseMatrix full = lower.selfadjointView<Eigen::Lower>();
  const Eigen::MatrixXd A(full);
  return A.llt().solve(b);
}

// Two leaves {0, 1} and {2, 3} bordered by the root {4}: each leaf's
// block holds its columns and row 4 (an arrow matrix's supernodes).
SupernodalPattern arrow_pattern() { return {{0, 2, 4, 5}, {0, 3, 6, 7}, {0, 1, 4, 2, 3, 4, 4}}; }

TEST(SupernodalCholesky, SolvesAsEigensDenseCholesky) {
  const SparseMatrix A = spd_lower(5, {{1, 0}, {4, 0}, {4, 1}, {3, 2}, {4, 3}});
  const Vec b = Vec::LinSpaced(5, -1.0, 2.0);
  for (const SupernodalPattern& pattern :
       {arrow_pattern(), SupernodalPattern{{0, 5}, {0, 5}, {0, 1, 2, 3, 4}}}) {
    SupernodalCholesky f;
    f.analyze(5, pattern);
    for (int threads : {1, 2}) {
      ASSERT_TRUE(f.factorize(A, threads));
      Vec x = b;
      f.solve(x.data());
      EXPECT_LT((x - dense_solve(A, b)).cwiseAbs().maxCoeff(), 1e-14)
          << f.supernodes() << " supernodes, " << threads << " threads";
    }
  }
}

TEST(SupernodalCholesky, RefusesAMatrixThatIsNotPositiveDefinite) {
  SparseMatrix A = spd_lower(5, {{1, 0}, {4, 0}, {4, 1}, {3, 2}, {4, 3}});
  A.coeffRef(3, 3) = -1.0;  // in the second leaf
  SupernodalCholesky f;
  f.analyze(5, arrow_pattern());
  EXPECT_FALSE(f.factorize(A, 1));
  EXPECT_FALSE(f.factorize(A, 2));
}

TEST(SupernodalCholesky, RejectsPatternsThatAreNotSupernodal) {
  SupernodalCholesky f;
  const auto rejects = [&](const SupernodalPattern& p) {
    EXPECT_THROW(f.analyze(5, p), std::invalid_argument);
  };
  rejects({{0, 2, 4, 6}, {0, 3, 6, 7}, {0, 1, 4, 2, 3, 4, 4}});  // columns beyond n
  rejects({{0, 2, 4, 5}, {0, 3, 6, 7}, {0, 2, 4, 2, 3, 4, 4}});  // a column not its own row
  rejects({{0, 2, 4, 5}, {0, 3, 6, 7}, {0, 1, 4, 2, 3, 3, 4}});  // rows not increasing
  rejects({{0, 2, 4, 5}, {0, 3, 6}, {0, 1, 4, 2, 3, 4}});        // row starts missing
  rejects({{0, 2, 2, 5}, {0, 3, 3, 6}, {0, 1, 4, 2, 3, 4}});     // an empty supernode
  EXPECT_NO_THROW(f.analyze(5, arrow_pattern()));
}

bool have_supernodal() { return linear_solver_available("supernodal"); }

Vec supernodal_solve(const SparseMatrix& A, const Vec& b, int threads) {
  const ElementThreadsScope scope(threads);
  SymmetricFactorization f(LinearSolver::supernodal);
  EXPECT_TRUE(f.factorize(A, true).positive_definite);
  EXPECT_TRUE(f.cholmod_supernodal()) << "the test needs a supernodal analysis";
  Vec x;
  f.solve(b, x);
  return x;
}

// The grid's factor has supernodes large enough to be split in halves
// (supernodal_cholesky.cpp), so three threads take parts of one supernode
// at once, and enough values for the solves to take subtrees on several
// threads (supernodal_solve.cpp); CHOLMOD's own factorization differs in
// rounding only.
TEST(SupernodalCholesky, SameFactorOnAnyNumberOfThreadsAndCholmodsToRounding) {
  if (!have_supernodal()) GTEST_SKIP() << "this build has no CHOLMOD";
  const SparseMatrix A = test::grid_stiffness(13);
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  const Vec one = supernodal_solve(A, b, 1);
  for (int threads : {2, 3}) EXPECT_TRUE(test::same_bits(supernodal_solve(A, b, threads), one));
  const Vec cholmod = SymmetricFactorization::cholmod_reference_solve(A, b);
  ASSERT_EQ(cholmod.size(), A.rows());
  EXPECT_LT((one - cholmod).cwiseAbs().maxCoeff(), 1e-14 * cholmod.cwiseAbs().maxCoeff());
  EXPECT_FALSE(test::same_bits(one, cholmod)) << "another factorization's rounding was expected";
  Vec negated, of_minus_b;
  SymmetricFactorization f(LinearSolver::supernodal);
  ASSERT_TRUE(f.factorize(A, true).positive_definite);
  f.solve_negated(b, negated);
  f.solve(Vec(-b), of_minus_b);
  EXPECT_TRUE(test::same_bits(negated, of_minus_b));
}

// An indefinite matrix: refused and only reported, or factored by LDLᵀ when
// asked (as the cholmod backend does), and the next SPD matrix is the
// supernodal factorization's again.
TEST(SupernodalCholesky, AnIndefiniteMatrixFallsBackAsWithCholmod) {
  if (!have_supernodal()) GTEST_SKIP() << "this build has no CHOLMOD";
  const SparseMatrix A = test::grid_stiffness(8);
  SparseMatrix indefinite = A;
  indefinite.coeffRef(A.rows() / 2, A.rows() / 2) = -1e3;
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  const ElementThreadsScope scope(2);
  SymmetricFactorization f(LinearSolver::supernodal);
  test::expect_ldlt_fallback(f, indefinite, true, b);
  EXPECT_TRUE(f.factorize(A, false).positive_definite);
  Vec x;
  f.solve(b, x);
  EXPECT_TRUE(test::same_bits(x, supernodal_solve(A, b, 1)));
}

}  // namespace
}  // namespace tibench
