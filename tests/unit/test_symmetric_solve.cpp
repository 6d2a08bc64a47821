// SymmetricFactorization's triangular solves (integrators/sparse_factorization.cpp)
// against Eigen's SimplicialLDLT solve of the same factor, bit for bit, on
// every registry problem's stage matrix: the general solves and the path
// form (at most one entry per column of L) must both be Eigen's operations
// in Eigen's order. solve_negated(b) must be solve(−b), exactly.
#include <gtest/gtest.h>

#include <cstring>

#include "integrators/elimination_ordering.hpp"
#include "integrators/sparse_factorization.hpp"
#include "problem_cases.hpp"

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

bool same_bits(const Vec& a, const Vec& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

TEST(SymmetricSolve, BitIdenticalToEigensSolveInBothForms) {
  int path = 0, general = 0;
  for (const auto& c : test::problem_cases()) {
    const SparseMatrix A = test::stage_matrix(*c.make(), 1e3);
    const Index n = A.rows();
    SymmetricFactorization f;
    ASSERT_TRUE(f.factorize(A, true).factorized) << c.label;
    (f.solves_as_path() ? path : general) += 1;
    const EigenWithOrder eigen(A, choose_ordering(A).order);
    ASSERT_EQ(eigen.info(), Eigen::Success) << c.label;
    // A right-hand side with zeros (skipped columns) and both signs.
    Vec b = Vec::LinSpaced(n, -1.0, 2.0);
    for (Index i = 0; i < n; i += 3) b[i] = 0.0;
    Vec x, negated, of_minus_b;
    f.solve(b, x);
    const Vec expected = eigen.solve(b);
    EXPECT_TRUE(same_bits(x, expected))
        << c.label << (f.solves_as_path() ? " (path form)" : " (general form)")
        << ": largest difference " << (x - expected).cwiseAbs().maxCoeff();
    f.solve_negated(b, negated);
    f.solve(Vec(-b), of_minus_b);
    EXPECT_TRUE(same_bits(negated, of_minus_b)) << c.label;
  }
  // Both forms were exercised (the spring chain's factor is a path under the
  // center-out ordering; meshes are not).
  EXPECT_GT(path, 0);
  EXPECT_GT(general, 0);
}

}  // namespace
}  // namespace tibench
