// SymmetricFactorization's triangular solves (solvers/linear/sparse_factorization.cpp)
// against Eigen's SimplicialLDLT solve of the same factor, bit for bit, on
// every registry problem's stage matrix that is not tridiagonal, and on a
// chain with scrambled labels: the general solves and the path form (at
// most one entry per column of L) must both be Eigen's operations in
// Eigen's order. solve_negated(b) must be solve(−b), exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "grid_stiffness.hpp"
#include "indefinite_fallback.hpp"
#include "problem_cases.hpp"
#include "problems/fem/element_loop.hpp"
#include "same_bits.hpp"
#include "solvers/linear/elimination_ordering.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench {
namespace {

// Eigen's factorization and solve with a given elimination sequence.
struct EigenWithOrder : Eigen::SimplicialLDLT<SparseMatrix> {
  EigenWithOrder(const SparseMatrix& A, const Permutation& order) {
    SparseMatrix upper(A.rows(), A.cols());
    upper.selfadjointView<Eigen::Upper>() =
        A.selfadjointView<Eigen::Lower>().twistedBy(order.inverse());
    m_Pinv = order;
    m_P = order.inverse();
    analyzePattern_preordered(upper, true);
    factorize_preordered<true>(upper);
  }
};

// Compares f's solves of A with Eigen's; counts which form f took.
void expect_eigens_solve(const SparseMatrix& A, const std::string& label, int& path, int& general) {
  const Index n = A.rows();
  SymmetricFactorization f;
  ASSERT_TRUE(f.factorize(A, true).factorized) << label;
  (f.solves_as_path() ? path : general) += 1;
  const EigenWithOrder eigen(A, choose_ordering(A).order);
  ASSERT_EQ(eigen.info(), Eigen::Success) << label;
  // A right-hand side with zeros (skipped columns) and both signs.
  Vec b = Vec::LinSpaced(n, -1.0, 2.0);
  for (Index i = 0; i < n; i += 3) b[i] = 0.0;
  Vec x, negated, of_minus_b;
  f.solve(b, x);
  const Vec expected = eigen.solve(b);
  EXPECT_TRUE(test::same_bits(x, expected))
      << label << (f.solves_as_path() ? " (path form)" : " (general form)")
      << ": largest difference " << (x - expected).cwiseAbs().maxCoeff();
  f.solve_negated(b, negated);
  f.solve(Vec(-b), of_minus_b);
  EXPECT_TRUE(test::same_bits(negated, of_minus_b)) << label;
}

// A chain of n unknowns labelled in a scrambled order: a path graph that is
// not tridiagonal, so it takes the center-out ordering's path form.
SparseMatrix scrambled_chain(Index n) {
  std::vector<Index> label(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) label[static_cast<std::size_t>(i)] = (7 * i) % n;  // n prime
  Triplets t;
  for (Index i = 0; i < n; ++i) {
    const Index li = label[static_cast<std::size_t>(i)];
    t.emplace_back(li, li, 3.0 + 0.01 * static_cast<double>(i));
    if (i + 1 < n) {
      const Index lj = label[static_cast<std::size_t>(i + 1)];
      t.emplace_back(std::max(li, lj), std::min(li, lj), -1.0 - 0.001 * static_cast<double>(i));
    }
  }
  SparseMatrix A(n, n);
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

// Tridiagonal matrices take the partitioned form, which is not Eigen's
// arithmetic (test_partitioned_tridiagonal.cpp checks it).
TEST(SymmetricSolve, BitIdenticalToEigensSolveInBothForms) {
  int path = 0, general = 0;
  for (const auto& c : test::problem_cases()) {
    const SparseMatrix A = test::stage_matrix(*c.make(), 1e3);
    if (PartitionedTridiagonalLDLT::applies(A)) continue;
    expect_eigens_solve(A, c.label, path, general);
  }
  const SparseMatrix chain = scrambled_chain(101);
  ASSERT_FALSE(PartitionedTridiagonalLDLT::applies(chain));
  expect_eigens_solve(chain, "scrambled chain", path, general);
  // Both forms were exercised (the scrambled chain's factor is a path under
  // the center-out ordering; meshes are not).
  EXPECT_GT(path, 0);
  EXPECT_GT(general, 0);
}

bool have_cholmod() { return linear_solver_available("cholmod"); }

// An indefinite matrix, which CHOLMOD's LLᵀ refuses: factored by LDLᵀ when
// asked (its inertia has a negative pivot), only reported otherwise, and a
// report leaves no factor behind (the same matrix asked again is factored).
TEST(SymmetricSolve, CholmodReportsAnIndefiniteMatrixWithoutFactoringIt) {
  if (!have_cholmod()) GTEST_SKIP() << "this build has no CHOLMOD";
  SparseMatrix A(3, 3);
  const std::vector<Eigen::Triplet<double>> t{{0, 0, 1.0}, {1, 0, 2.0}, {1, 1, 1.0}, {2, 2, 4.0}};
  A.setFromTriplets(t.begin(), t.end());  // eigenvalues 3, −1, 4
  SymmetricFactorization f(LinearSolver::cholmod);
  using Indefinite = SymmetricFactorization::Indefinite;
  const FactorizationOutcome reported = f.factorize(A, true, Indefinite::report);
  EXPECT_FALSE(reported.factorized);
  EXPECT_FALSE(reported.positive_definite);
  const FactorizationOutcome factored = f.factorize(A, false, Indefinite::factor);
  EXPECT_TRUE(factored.factorized);
  EXPECT_FALSE(factored.positive_definite);
  EXPECT_FALSE(factored.reused);
  Vec x;
  f.solve(Vec::Ones(3), x);  // A x = 1: x = (1/3, 1/3, 1/4)
  EXPECT_NEAR((A.selfadjointView<Eigen::Lower>() * x - Vec::Ones(3)).cwiseAbs().maxCoeff(), 0.0,
              1e-14);
  // A positive definite matrix after a report is CHOLMOD's again.
  SparseMatrix B = A;
  B.coeffRef(1, 0) = 0.5;
  EXPECT_TRUE(f.factorize(B, false, Indefinite::report).positive_definite);
}

// CHOLMOD orders by AMD and by METIS and keeps the one with fewer nonzeros
// in L (its default would try METIS only after a poor AMD). On a 3-D body's
// pattern that is METIS's nested dissection, and the factor solves.
TEST(SymmetricSolve, CholmodKeepsTheOrderingWithTheSparserFactor) {
  if (!have_cholmod()) GTEST_SKIP() << "this build has no CHOLMOD";
  const SparseMatrix A = test::grid_stiffness(12);
  SymmetricFactorization f(LinearSolver::cholmod);
  ASSERT_TRUE(f.factorize(A, true).positive_definite);
  const std::vector<CholmodOrdering> tried = f.cholmod_orderings();
  const auto find = [&](const std::string& method) {
    return std::find_if(tried.begin(), tried.end(),
                        [&](const CholmodOrdering& o) { return o.method == method; });
  };
  ASSERT_NE(find("amd"), tried.end());
  ASSERT_NE(find("metis"), tried.end());
  ASSERT_EQ(std::count_if(tried.begin(), tried.end(), [](const auto& o) { return o.kept; }), 1);
  for (const CholmodOrdering& o : tried) {
    EXPECT_GT(o.factor_nonzeros, 0) << o.method;
    if (!o.kept) continue;
    for (const CholmodOrdering& other : tried)
      EXPECT_LE(o.factor_nonzeros, other.factor_nonzeros)
          << o.method << " kept over " << other.method;
  }
  EXPECT_TRUE(find("metis")->kept) << "AMD nnz(L) " << find("amd")->factor_nonzeros << ", METIS "
                                   << find("metis")->factor_nonzeros;
  Vec x;
  f.solve(Vec::Ones(A.rows()), x);
  EXPECT_LT((A.selfadjointView<Eigen::Lower>() * x - Vec::Ones(A.rows())).cwiseAbs().maxCoeff(),
            1e-12);
}

// The supernodes of a supernodal factor tile L's columns in order, each a
// block at least as tall as it is wide, and form a tree whose parents come
// after their children (the bench's root-chain share walks it from the
// last). The blocks hold at least the analysis's nnz(L) (relaxed
// supernodes store some zeros), and the last supernode, the top separator
// of the nested dissection of a grid, is the widest.
TEST(SymmetricSolve, CholmodSupernodesTileTheColumnsIntoATree) {
  if (!have_cholmod()) GTEST_SKIP() << "this build has no CHOLMOD";
  const SparseMatrix A = test::grid_stiffness(10);
  SymmetricFactorization f(LinearSolver::cholmod);
  EXPECT_TRUE(f.cholmod_supernodes().empty()) << "before the first factorization";
  ASSERT_TRUE(f.factorize(A, true).positive_definite);
  ASSERT_TRUE(f.cholmod_supernodal()) << "the test needs a supernodal analysis";
  const std::vector<CholmodSupernode> supernodes = f.cholmod_supernodes();
  ASSERT_GT(supernodes.size(), 1u);
  Index next_column = 0, roots = 0, widest = 0;
  double stored = 0.0;
  for (std::size_t k = 0; k < supernodes.size(); ++k) {
    const CholmodSupernode& s = supernodes[k];
    EXPECT_EQ(s.first_column, next_column) << "supernode " << k;
    EXPECT_GE(s.rows, s.columns) << "supernode " << k;
    EXPECT_LE(s.first_column + s.rows, A.rows()) << "supernode " << k;
    if (s.parent < 0) {
      ++roots;
      EXPECT_EQ(s.rows, s.columns) << "a root has no rows below its diagonal block";
    } else {
      EXPECT_GT(s.parent, static_cast<Index>(k)) << "supernode " << k;
      EXPECT_LT(s.parent, static_cast<Index>(supernodes.size()));
    }
    next_column += s.columns;
    widest = std::max(widest, s.columns);
    for (Index j = 0; j < s.columns; ++j) stored += static_cast<double>(s.rows - j);
  }
  EXPECT_EQ(next_column, A.rows());
  EXPECT_EQ(roots, 1) << "a connected grid has one elimination tree";
  EXPECT_EQ(supernodes.back().parent, -1);
  EXPECT_EQ(supernodes.back().columns, widest);
  const std::vector<CholmodOrdering> tried = f.cholmod_orderings();
  const auto kept =
      std::find_if(tried.begin(), tried.end(), [](const CholmodOrdering& o) { return o.kept; });
  ASSERT_NE(kept, tried.end());
  EXPECT_GE(stored, kept->factor_nonzeros);
}

// Cells of a matrix run on several threads (`--jobs`), each with its own
// factorization. Two supernodal factorizations at once, each with its
// analysis, must give what each gives alone, bit for bit. With CHOLMOD's:
// Debian's serial OpenBLAS is not safe for concurrent calls (without the
// lock around the factorization, half of the solves here differed), and
// neither are the orderings of the analysis (without the lock around it, a
// matrix of ball cells on two threads differed from one thread at rounding
// level). With tibench's (linear_solver=supernodal), which calls no BLAS and
// holds no lock, each of the two on two threads of its own.
TEST(SymmetricSolve, SupernodalFactorizationsOnTwoThreadsAtOnceAreEachAlone) {
  if (!have_cholmod()) GTEST_SKIP() << "this build has no CHOLMOD";
  const SparseMatrix A = test::grid_stiffness(10);
  SparseMatrix B = A;
  for (Index k = 0; k < B.nonZeros(); ++k)
    B.valuePtr()[k] *= 1.0 + 1e-3 * static_cast<double>(k % 5);
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  for (const LinearSolver backend : {LinearSolver::cholmod, LinearSolver::supernodal}) {
    const int threads = backend == LinearSolver::supernodal ? 2 : 1;
    const auto alone = [&](const SparseMatrix& M) {
      const ElementThreadsScope scope(threads);
      SymmetricFactorization f(backend);
      EXPECT_TRUE(f.factorize(M, true).positive_definite);
      EXPECT_TRUE(f.cholmod_supernodal()) << "the test needs a supernodal analysis";
      Vec x;
      f.solve(b, x);
      return x;
    };
    const Vec xa = alone(A), xb = alone(B);
    constexpr int kRounds = 20;
    std::atomic<int> bad_factor{0}, bad_solve{0};
    const auto rounds = [&](SparseMatrix M, const Vec& expected) {
      const ElementThreadsScope scope(threads);
      SymmetricFactorization f(backend);
      for (int r = 0; r < kRounds; ++r) {
        M.valuePtr()[0] += r % 2 == 0 ? 1.0 : -1.0;  // a new value each round: factored again
        // Every other round analyzed again too: the orderings run at once.
        if (!f.factorize(M, r % 4 < 2).positive_definite) ++bad_factor;
        Vec x;
        f.solve(b, x);
        if (r % 2 == 1 && !test::same_bits(x, expected)) ++bad_solve;
      }
    };
    std::thread other([&] { rounds(B, xb); });
    rounds(A, xa);
    other.join();
    const char* name = backend == LinearSolver::cholmod ? "cholmod" : "supernodal";
    EXPECT_EQ(bad_factor.load(), 0) << name << ": factorizations refused out of " << 2 * kRounds;
    EXPECT_EQ(bad_solve.load(), 0) << name << ": solves that differ from the factorization alone";
  }
}

// A supernodal factorization is handed P A Pᵀ gathered by
// SymmetricFactorization itself: the factor, hence every solve, must be
// cholmod_factorize_p's bit for bit, for a second matrix of the same pattern
// too (the gather refreshed), and an indefinite one must still be refused.
TEST(SymmetricSolve, CholmodSupernodalFactorIsCholmodFactorizesOwn) {
  if (!have_cholmod()) GTEST_SKIP() << "this build has no CHOLMOD";
  SparseMatrix A = test::grid_stiffness(10);
  SymmetricFactorization f(LinearSolver::cholmod);
  ASSERT_TRUE(f.factorize(A, true).positive_definite);
  ASSERT_TRUE(f.cholmod_supernodal()) << "the test needs a supernodal analysis";
  const Vec b = Vec::LinSpaced(A.rows(), -1.0, 2.0);
  for (int round = 0; round < 2; ++round) {
    if (round == 1) {
      for (Index k = 0; k < A.nonZeros(); ++k)
        A.valuePtr()[k] *= 1.0 + 1e-3 * static_cast<double>(k % 7);
      ASSERT_TRUE(f.factorize(A, false).positive_definite);
    }
    Vec x;
    f.solve(b, x);
    const Vec expected = SymmetricFactorization::cholmod_reference_solve(A, b);
    ASSERT_EQ(expected.size(), A.rows());
    EXPECT_TRUE(test::same_bits(x, expected))
        << "round " << round << ": largest difference " << (x - expected).cwiseAbs().maxCoeff();
  }
  SparseMatrix indefinite = A;
  indefinite.coeffRef(A.rows() / 2, A.rows() / 2) = -1e3;
  test::expect_ldlt_fallback(f, indefinite, false, b);
}

}  // namespace
}  // namespace tibench
