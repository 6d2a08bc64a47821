// The elimination orderings of the sparse LDLᵀ (solvers/linear/elimination_ordering.hpp):
// the symbolic shapes against hand-counted factors, the center-out ordering
// on path graphs (no fill, half the critical path of AMD's), and on every
// registry problem's stage matrix M + H: a valid permutation, the rule's
// choice never adding fill to AMD's, and solves through the chosen ordering
// that reproduce the right-hand side.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "problem_cases.hpp"
#include "solvers/linear/elimination_ordering.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench {
namespace {

SparseMatrix from_triplets(Index n, const Triplets& t) {
  SparseMatrix A(n, n);
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

// Eigen's symbolic analysis (AMD), with its elimination tree exposed.
struct EigenAnalysis : Eigen::SimplicialLDLT<SparseMatrix> {
  explicit EigenAnalysis(const SparseMatrix& A) { analyzePattern(A); }
  Index critical_path() const {
    std::vector<Index> height(static_cast<std::size_t>(m_parent.size()), 1);
    Index longest = 0;
    for (Index k = 0; k < m_parent.size(); ++k) {
      if (m_parent[k] >= 0)
        height[static_cast<std::size_t>(m_parent[k])] = std::max(
            height[static_cast<std::size_t>(m_parent[k])], height[static_cast<std::size_t>(k)] + 1);
      longest = std::max(longest, height[static_cast<std::size_t>(k)]);
    }
    return longest;
  }
  Index factor_nonzeros() const { return m_nonZerosPerCol.sum(); }
};

Permutation identity(Index n) {
  Permutation p(n);
  p.setIdentity();
  return p;
}

// 4 on the diagonal, −1 between neighbours of a path of n nodes.
SparseMatrix path(Index n) {
  Triplets t;
  for (Index i = 0; i < n; ++i) {
    t.emplace_back(i, i, 4.0);
    if (i + 1 < n) {
      t.emplace_back(i + 1, i, -1.0);
      t.emplace_back(i, i + 1, -1.0);
    }
  }
  return from_triplets(n, t);
}

// An arrow: node `hub` coupled to every other node, no other couplings.
SparseMatrix arrow(Index n, Index hub) {
  Triplets t;
  for (Index i = 0; i < n; ++i) {
    t.emplace_back(i, i, static_cast<double>(n));
    if (i != hub) {
      t.emplace_back(i, hub, 1.0);
      t.emplace_back(hub, i, 1.0);
    }
  }
  return from_triplets(n, t);
}

TEST(EliminationShape, CountsTheFactorOfAnArrow) {
  // Hub eliminated first: every pair of the others fills, L is full below
  // the diagonal, (n − 1)n/2 entries, and the tree is a path of n nodes.
  // Hub last: no fill, n − 1 entries, every leaf a child of the hub (2).
  const Index n = 7;
  const auto first = elimination_shape(arrow(n, 0), identity(n));
  EXPECT_EQ(first.factor_nonzeros, n * (n - 1) / 2);
  EXPECT_EQ(first.critical_path, n);
  const auto last = elimination_shape(arrow(n, n - 1), identity(n));
  EXPECT_EQ(last.factor_nonzeros, n - 1);
  EXPECT_EQ(last.critical_path, 2);
}

TEST(EliminationShape, AgreesWithEigensSymbolicFactorization) {
  for (const auto& c : test::problem_cases()) {
    const SparseMatrix A = test::stage_matrix(*c.make(), 1.0);
    const EigenAnalysis eigen(A);
    const auto shape = elimination_shape(A, eigen.permutationPinv());
    EXPECT_EQ(shape.factor_nonzeros, eigen.factor_nonzeros()) << c.label;
    EXPECT_EQ(shape.critical_path, eigen.critical_path()) << c.label;
    EXPECT_EQ(amd_ordering(A).indices(), eigen.permutationPinv().indices()) << c.label;
  }
}

TEST(CenterOutOrdering, PathHasNoFillAndHalfTheCriticalPath) {
  for (const Index n : {Index{2}, Index{3}, Index{10}, Index{1001}}) {
    const SparseMatrix A = path(n);
    const auto center = elimination_shape(A, center_out_ordering(A));
    const auto amd = elimination_shape(A, amd_ordering(A));
    EXPECT_EQ(center.factor_nonzeros, n - 1) << n;
    EXPECT_LE(center.critical_path, n / 2 + 1) << n;
    // AMD eliminates from one end: its tree is (all but a leaf of) one path.
    EXPECT_GE(amd.critical_path, n - 1) << n;
    if (n >= 3) {
      EXPECT_EQ(preferred_ordering(amd, center), Ordering::center_out) << n;
      EXPECT_EQ(choose_ordering(A).ordering, Ordering::center_out) << n;
    }
  }
}

TEST(CenterOutOrdering, OrdersComponentsOneAfterTheOther) {
  // Two paths without a coupling: a permutation of all nodes, the first
  // component's (nodes 0–4) before the second's.
  Triplets t;
  for (Index i = 0; i < 10; ++i) t.emplace_back(i, i, 4.0);
  for (Index i = 0; i + 1 < 10; ++i)
    if (i != 4) t.emplace_back(i + 1, i, -1.0);
  const Permutation order = center_out_ordering(from_triplets(10, t));
  std::vector<int> seen(order.indices().data(), order.indices().data() + 10);
  for (int k = 0; k < 5; ++k) EXPECT_LT(seen[static_cast<std::size_t>(k)], 5);
  std::sort(seen.begin(), seen.end());
  for (int k = 0; k < 10; ++k) EXPECT_EQ(seen[static_cast<std::size_t>(k)], k);
}

// On every registry problem's stage matrix M + H (the pattern of every
// implicit stage): the chosen ordering never has more fill than AMD, and the
// factorization solves.
TEST(EliminationOrdering, EveryProblemsStageMatrix) {
  for (const auto& c : test::problem_cases()) {
    const SparseMatrix A = test::stage_matrix(*c.make(), 1e6);
    const Index n = A.rows();
    const Permutation center = center_out_ordering(A);
    std::vector<int> seen(center.indices().data(), center.indices().data() + n);
    std::sort(seen.begin(), seen.end());
    for (Index k = 0; k < n; ++k) ASSERT_EQ(seen[static_cast<std::size_t>(k)], k) << c.label;

    SymmetricFactorization f;
    ASSERT_TRUE(f.factorize(A, true).factorized) << c.label;
    const OrderingChoice choice = choose_ordering(A);
    // (Tridiagonal matrices take the partitioned form instead of either.)
    EXPECT_EQ(f.ordering(), f.partitioned() ? Ordering::partitioned : choice.ordering) << c.label;
    // The shortcut decides as the full comparison does.
    const auto amd = elimination_shape(A, amd_ordering(A));
    const auto center_shape = elimination_shape(A, center);
    EXPECT_EQ(choice.ordering, preferred_ordering(amd, center_shape)) << c.label;
    EXPECT_EQ(choice.center_out.critical_path, center_shape.critical_path);
    const auto& chosen = choice.ordering == Ordering::amd ? amd : center_shape;
    EXPECT_LE(chosen.factor_nonzeros, amd.factor_nonzeros) << c.label;

    Vec b = Vec::LinSpaced(n, -1.0, 2.0), x;
    f.solve(b, x);
    const SparseMatrix full = A.selfadjointView<Eigen::Lower>();
    EXPECT_LE((full * x - b).cwiseAbs().maxCoeff(), 1e-12 * b.cwiseAbs().maxCoeff())
        << c.label << " (" << ordering_name(f.ordering()) << ")";
  }
}

}  // namespace
}  // namespace tibench
