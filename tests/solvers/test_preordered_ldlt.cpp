// The replayed LDLᵀ factorization (solvers/linear/preordered_ldlt.hpp) against
// Eigen's own: on every registry problem's stage matrix M + H, for both
// orderings and for values that differ from the analyzed ones, L and D bit
// for bit (and with AMD, the same as Eigen's SimplicialLDLT(A) end to end);
// a zero pivot stops both.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "problem_cases.hpp"
#include "same_bits.hpp"
#include "solvers/linear/preordered_ldlt.hpp"

namespace tibench {
namespace {

SparseMatrix upper_permuted(const SparseMatrix& A, const Permutation& order) {
  SparseMatrix upper(A.rows(), A.cols());
  upper.selfadjointView<Eigen::Upper>() =
      A.selfadjointView<Eigen::Lower>().twistedBy(order.inverse());
  return upper;
}

// n == 0 is checked first: an empty factor's arrays may be null, and
// memcmp on a null pointer is undefined even for zero bytes.
// Eigen's own numeric factorization of a given permuted matrix (the code
// the replay stands for), on exactly the same input layout: the order of a
// column's entries decides the order of Eigen's pattern walk.
struct EigenPreordered : Eigen::SimplicialLDLT<SparseMatrix> {
  void run(const Permutation& order, const SparseMatrix& upper) {
    m_Pinv = order;
    m_P = order.inverse();
    analyzePattern_preordered(upper, true);
    factorize_preordered<true>(upper);
  }
};

// "" when ours (analyzed on A, factorized with A's values, then with
// refill's) equals Eigen's factorization of refill bit for bit; else what
// differs.
std::string compare(const SparseMatrix& A, const Permutation& order, const SparseMatrix& refill) {
  PreorderedLDLT ours;
  ours.analyze_permuted(order, upper_permuted(A, order));
  ours.factorize_permuted(upper_permuted(A, order));
  ours.factorize_permuted(upper_permuted(refill, order));
  EigenPreordered eigen;
  eigen.run(order, upper_permuted(refill, order));
  if (ours.info() != eigen.info()) return "info";
  if (eigen.info() != Eigen::Success) return "";  // (the factor past a zero pivot is unfinished)
  const auto& L = ours.matrixL().nestedExpression();
  const auto& E = eigen.matrixL().nestedExpression();
  if (L.nonZeros() != E.nonZeros() ||
      !std::equal(L.innerIndexPtr(), L.innerIndexPtr() + L.nonZeros(), E.innerIndexPtr()))
    return "pattern";
  if (!test::same_bits(L.valuePtr(), E.valuePtr(), L.nonZeros())) return "L";
  if (!test::same_bits(ours.vectorD().data(), eigen.vectorD().data(), A.rows())) return "D";
  return "";
}

TEST(PreorderedLDLT, BitIdenticalToEigensFactorization) {
  for (const auto& c : test::problem_cases()) {
    const SparseMatrix A = test::stage_matrix(*c.make(), 1e3);
    const Index n = A.rows();
    // Other values on the same pattern: every entry scaled differently.
    SparseMatrix refill = A;
    for (Index k = 0; k < refill.nonZeros(); ++k)
      refill.valuePtr()[k] *= 1.0 + 1e-3 * static_cast<double>(k % 7);
    refill = SparseMatrix(refill.selfadjointView<Eigen::Lower>());  // symmetric again
    for (const Permutation& order : {amd_ordering(A), center_out_ordering(A)})
      EXPECT_EQ(compare(A, order, refill), "") << c.label;
    // With AMD, the whole chain equals Eigen's public one: same ordering,
    // same permuted matrix, same factor.
    PreorderedLDLT ours;
    const Permutation amd = amd_ordering(A);
    ours.analyze_permuted(amd, upper_permuted(A, amd));
    ours.factorize_permuted(upper_permuted(A, amd));
    const Eigen::SimplicialLDLT<SparseMatrix> eigen(A);
    ASSERT_EQ(eigen.permutationPinv().indices(), amd.indices()) << c.label;
    EXPECT_TRUE(test::same_bits(ours.vectorD().data(), eigen.vectorD().data(), n)) << c.label;
    EXPECT_TRUE(test::same_bits(ours.matrixL().nestedExpression().valuePtr(),
                                eigen.matrixL().nestedExpression().valuePtr(),
                                eigen.matrixL().nestedExpression().nonZeros()))
        << c.label;
  }
}

TEST(PreorderedLDLT, StopsAtAZeroPivotAsEigenDoes) {
  // [[1, 1, 0], [1, 1, 1], [0, 1, 2]]: D_2 = 1 − 1·1 = 0.
  Triplets t{{0, 0, 1.0}, {1, 0, 1.0}, {0, 1, 1.0}, {1, 1, 1.0},
             {2, 1, 1.0}, {1, 2, 1.0}, {2, 2, 2.0}};
  SparseMatrix A(3, 3);
  A.setFromTriplets(t.begin(), t.end());
  Permutation identity(3);
  identity.setIdentity();
  EXPECT_EQ(compare(A, identity, A), "");
  PreorderedLDLT ours;
  ours.analyze_permuted(identity, upper_permuted(A, identity));
  ours.factorize_permuted(upper_permuted(A, identity));
  EXPECT_EQ(ours.info(), Eigen::NumericalIssue);
  // The work row is clean afterwards: a regular matrix on the same pattern
  // factorizes exactly as Eigen's.
  SparseMatrix B = A;
  B.coeffRef(1, 1) = 3.0;
  EXPECT_EQ(compare(B, identity, B), "");
}

}  // namespace
}  // namespace tibench
