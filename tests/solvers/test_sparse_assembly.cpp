// TripletAssembler (solvers/linear/sparse_assembly.hpp) against Eigen's
// setFromTriplets, bit for bit (pattern and values, signed zeros included):
// every registry problem's stage triplets (mass diagonal and Hessian, with
// their duplicates) at the first call and refilled with other values; the
// pattern-change flag; triplets that move after an unchanged prefix (as the
// contact transform appends them) looked up without a rebuild.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "problem_cases.hpp"
#include "solvers/linear/sparse_assembly.hpp"

namespace tibench {
namespace {

SparseMatrix eigen_assembly(const Triplets& t, Index n) {
  SparseMatrix A(n, n);
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

// "" when A and B have the same pattern and the same value bits.
std::string difference(const SparseMatrix& A, const SparseMatrix& B) {
  if (A.rows() != B.rows() || A.cols() != B.cols() || A.nonZeros() != B.nonZeros())
    return "shape or entry count";
  const auto bytes = [](Index count, std::size_t size) {
    return static_cast<std::size_t>(count) * size;
  };
  if (std::memcmp(A.outerIndexPtr(), B.outerIndexPtr(), bytes(A.cols() + 1, sizeof(int))) != 0)
    return "column starts";
  if (std::memcmp(A.innerIndexPtr(), B.innerIndexPtr(), bytes(A.nonZeros(), sizeof(int))) != 0)
    return "row indices";
  if (std::memcmp(A.valuePtr(), B.valuePtr(), bytes(A.nonZeros(), sizeof(double))) != 0)
    return "values";
  return "";
}

TEST(TripletAssembler, EqualsSetFromTripletsOnEveryProblem) {
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    const Index n = p->dofs();
    Triplets t;
    for (Index i = 0; i < n; ++i) t.emplace_back(i, i, p->mass()[i]);
    p->hessian(p->initial_state().q, t, false);
    TripletAssembler assembler;
    SparseMatrix A;
    EXPECT_TRUE(assembler.assemble(t, n, A)) << c.label << ": the first call reports a new pattern";
    EXPECT_EQ(difference(A, eigen_assembly(t, n)), "") << c.label;
    // Other values at the same positions: refilled in place.
    for (std::size_t k = 0; k < t.size(); ++k)
      t[k] = Eigen::Triplet<double>(
          t[k].row(), t[k].col(), t[k].value() * (1.0 + 1e-3 * static_cast<double>(k % 5)) - 0.25);
    EXPECT_FALSE(assembler.assemble(t, n, A)) << c.label;
    EXPECT_TRUE(assembler.same_positions()) << c.label;
    EXPECT_EQ(difference(A, eigen_assembly(t, n)), "") << c.label;
    // The same entries in the opposite order (duplicates summed in the new
    // order): slots found again in the kept pattern.
    const Triplets before = t;
    std::reverse(t.begin(), t.end());
    const bool palindrome = std::equal(t.begin(), t.end(), before.begin(), [](auto& a, auto& b) {
      return a.row() == b.row() && a.col() == b.col();
    });
    EXPECT_FALSE(assembler.assemble(t, n, A)) << c.label;
    EXPECT_EQ(assembler.same_positions(), palindrome) << c.label;
    EXPECT_EQ(difference(A, eigen_assembly(t, n)), "") << c.label;
  }
}

TEST(TripletAssembler, SumsDuplicatesInOrderWithTheirSignedZeros) {
  // (0,0): −0 + −0 = −0; (1,1): a lone −0 stays −0; (1,0): 1e16 + 1 − 1e16
  // depends on the order (0 in this order); (0,1): +0 + −0 = +0.
  const Triplets t{{0, 0, -0.0}, {1, 0, 1e16}, {0, 0, -0.0},  {1, 1, -0.0},
                   {1, 0, 1.0},  {0, 1, 0.0},  {1, 0, -1e16}, {0, 1, -0.0}};
  TripletAssembler assembler;
  SparseMatrix A;
  assembler.assemble(t, 2, A);
  EXPECT_EQ(difference(A, eigen_assembly(t, 2)), "");
  EXPECT_TRUE(std::signbit(A.coeff(0, 0)));
  EXPECT_TRUE(std::signbit(A.coeff(1, 1)));
  EXPECT_FALSE(std::signbit(A.coeff(0, 1)));
}

TEST(TripletAssembler, ReportsANewPatternAndOnlyThen) {
  TripletAssembler assembler;
  SparseMatrix A;
  Triplets t{{0, 0, 1.0}, {1, 1, 1.0}, {2, 2, 1.0}};
  EXPECT_TRUE(assembler.assemble(t, 3, A));
  // Same entries listed in another order: new positions, same pattern.
  const Triplets reordered{{2, 2, 2.0}, {0, 0, 2.0}, {1, 1, 2.0}};
  EXPECT_FALSE(assembler.assemble(reordered, 3, A));
  EXPECT_FALSE(assembler.same_positions());
  EXPECT_EQ(difference(A, eigen_assembly(reordered, 3)), "");
  t.emplace_back(2, 0, 1.0);
  EXPECT_TRUE(assembler.assemble(t, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(t, 3)), "");
  // Fewer entries than the pattern, all of them in it: a new pattern.
  const Triplets subset{{2, 0, 3.0}, {0, 0, 3.0}, {2, 2, 3.0}, {0, 0, 1.0}};
  EXPECT_TRUE(assembler.assemble(subset, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(subset, 3)), "");
  // Back to the four entries, reordered, with a duplicate.
  const Triplets again{{1, 1, 1.0}, {2, 0, 1.0}, {2, 2, 1.0}, {0, 0, 1.0}, {2, 0, -0.5}};
  EXPECT_TRUE(assembler.assemble(again, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(again, 3)), "");
  const Triplets reordered_again{{2, 0, -0.5}, {0, 0, 1.0}, {2, 2, 1.0}, {2, 0, 1.0}, {1, 1, 1.0}};
  EXPECT_FALSE(assembler.assemble(reordered_again, 3, A));
  EXPECT_FALSE(assembler.same_positions());
  EXPECT_EQ(difference(A, eigen_assembly(reordered_again, 3)), "");
}

// A list that keeps its first triplets' positions and changes the rest (as
// ContactProjection::transform_hessian appends an active set's transforms):
// the moved ones are looked up in the kept pattern, bit-identical to
// setFromTriplets, without a rebuild; one that leaves an entry of the
// pattern empty, or adds an entry, builds the pattern again.
// A 3 × 3 symmetric pattern without (2, 0) and (0, 2).
Triplets three_by_three() {
  return {{0, 0, 1.0}, {1, 0, 0.5},  {0, 1, 0.5}, {1, 1, 2.0},
          {2, 2, 3.0}, {2, 1, -1.0}, {1, 2, -1.0}};
}

TEST(TripletAssembler, LooksUpMovedTripletsInTheKeptPattern) {
  TripletAssembler assembler;
  SparseMatrix A;
  const Triplets base = three_by_three();
  EXPECT_TRUE(assembler.assemble(base, 3, A));
  EXPECT_EQ(assembler.pattern_builds(), 1);
  // The prefix kept (one value now −0.0), a longer tail at other positions.
  Triplets moved(base.begin(), base.begin() + 3);
  moved[1] = Eigen::Triplet<double>(1, 0, -0.0);
  for (const auto& t : Triplets{{2, 1, 4.0},
                                {1, 1, 1e16},
                                {1, 2, 4.0},
                                {2, 2, -0.0},
                                {1, 1, 1.0},
                                {1, 0, 0.25},
                                {1, 1, -1e16}})
    moved.push_back(t);
  EXPECT_FALSE(assembler.assemble(moved, 3, A));
  EXPECT_FALSE(assembler.same_positions());
  EXPECT_EQ(difference(A, eigen_assembly(moved, 3)), "");
  EXPECT_EQ(assembler.pattern_builds(), 1);
  // The same positions again: refilled.
  EXPECT_FALSE(assembler.assemble(moved, 3, A));
  EXPECT_TRUE(assembler.same_positions());
  EXPECT_EQ(assembler.pattern_builds(), 1);
  // Back to the first list, shorter than the cached one.
  EXPECT_FALSE(assembler.assemble(base, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(base, 3)), "");
  EXPECT_EQ(assembler.pattern_builds(), 1);
  // A tail without (2, 1): a smaller pattern, built again.
  const Triplets fewer{base[0], base[1], base[2], base[3], base[4], base[6]};
  EXPECT_TRUE(assembler.assemble(fewer, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(fewer, 3)), "");
  EXPECT_EQ(assembler.pattern_builds(), 2);
  // A tail with a new entry (2, 0): a larger pattern, built again.
  Triplets more = base;
  more.emplace_back(2, 0, 1.0);
  EXPECT_TRUE(assembler.assemble(more, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(more, 3)), "");
  EXPECT_EQ(assembler.pattern_builds(), 3);
}

std::vector<double> values_of(const Triplets& t) {
  std::vector<double> v;
  for (const auto& e : t) v.push_back(e.value());
  return v;
}

// refill_moved: values whose prefix keeps the cached positions and whose
// tail has others (given apart) give the matrix assemble() gives for those
// triplets; a tail position outside the pattern is refused, and the next
// assemble() builds the pattern again.
TEST(TripletAssembler, RefillsValuesWhoseTailMoved) {
  TripletAssembler assembler;
  SparseMatrix A;
  const Triplets base = three_by_three();
  EXPECT_TRUE(assembler.assemble(base, 3, A));
  const Triplets tail{{2, 1, 4.0}, {1, 1, 1e16}, {1, 2, 4.0}, {1, 1, -1e16}, {0, 0, 0.25}};
  Triplets moved(base.begin(), base.begin() + 5);
  moved[3] = Eigen::Triplet<double>(1, 1, -0.0);
  moved.insert(moved.end(), tail.begin(), tail.end());
  std::vector<Index> rows, cols;
  for (const auto& t : tail) {
    rows.push_back(t.row());
    cols.push_back(t.col());
  }
  EXPECT_FALSE(assembler.refill_moved(values_of(moved), 4, rows, cols, A));  // counts disagree
  ASSERT_TRUE(assembler.refill_moved(values_of(moved), 5, rows, cols, A));
  EXPECT_EQ(difference(A, eigen_assembly(moved, 3)), "");
  EXPECT_EQ(assembler.pattern_builds(), 1);
  // Its positions are now the cached ones: the list itself refills.
  EXPECT_FALSE(assembler.assemble(moved, 3, A));
  EXPECT_TRUE(assembler.same_positions());
  EXPECT_EQ(difference(A, eigen_assembly(moved, 3)), "");
  // (2, 0) is outside the pattern: refused, and the pattern built again.
  rows.back() = 2;
  cols.back() = 0;
  moved.back() = Eigen::Triplet<double>(2, 0, 0.25);
  EXPECT_FALSE(assembler.refill_moved(values_of(moved), 5, rows, cols, A));
  EXPECT_TRUE(assembler.assemble(moved, 3, A));
  EXPECT_EQ(difference(A, eigen_assembly(moved, 3)), "");
  EXPECT_EQ(assembler.pattern_builds(), 2);
}

}  // namespace
}  // namespace tibench
