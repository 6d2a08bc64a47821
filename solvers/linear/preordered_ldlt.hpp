// Eigen's SimplicialLDLT for a fixed pattern: analyzed for an elimination
// ordering the caller chooses (elimination_ordering.hpp), factorized from a
// permuted matrix the caller keeps, by replaying a recorded schedule.
//
// Eigen's factorize() (SimplicialCholesky_impl.h, an up-looking LDLᵀ) forms
// P A Pᵀ anew at every call (a new sparse matrix: allocation and index work
// comparable to the numeric factorization of a banded matrix), and for every
// row k of L walks the elimination tree from each nonzero of A(:, k) to find
// the row's pattern. Both depend on the sparsity pattern only, which is
// fixed after the analysis: the caller refills the values of its kept P A Pᵀ,
// and the walks are done once, recording for each row k its pattern in
// Eigen's (topological) order and the slot of L each entry goes to. The
// numeric replay is Eigen's arithmetic in Eigen's order — the same scatter of
// A(:, k), the same quotients y_i / D_i, the same updates in the same
// sequence, the same stop at a zero pivot — so L and D are bit-identical to
// factorize()'s (tests/solvers/test_preordered_ldlt.cpp checks them against it).
#pragma once

#include <Eigen/SparseCholesky>
#include <vector>

#include "solvers/linear/elimination_ordering.hpp"

namespace tibench {

class PreorderedLDLT : public Eigen::SimplicialLDLT<SparseMatrix> {
 public:
  // What analyzePattern does after its ordering step, for the elimination
  // sequence `order` (P⁻¹) and `upper`, the upper triangle of P A Pᵀ (only
  // its pattern is read); records the replay schedule.
  void analyze_permuted(const Permutation& order, const SparseMatrix& upper);
  // factorize() of the matrix whose P A Pᵀ upper triangle is `upper` (the
  // analyzed pattern, values refilled).
  void factorize_permuted(const SparseMatrix& upper);
  // L's storage (strictly lower, compressed): its pattern is complete after
  // analyze_permuted, its values after each factorization. (matrixL()
  // asserts a factorization.)
  const SparseMatrix& factor_storage() const { return m_matrix; }

 private:
  using StorageIndex = SparseMatrix::StorageIndex;
  // Row k of L: entries row_start_[k] … row_start_[k + 1] of pattern_ (the
  // columns i of its nonzeros L(k, i), in the order Eigen computes them) and
  // of slot_ (where L(k, i) is stored in column i; the entries of column i
  // above the slot are those already computed).
  std::vector<StorageIndex> row_start_, pattern_, slot_;
  std::vector<double> y_;  // the dense work row, all zero between calls
};

}  // namespace tibench
