// LDLᵀ of a symmetric tridiagonal matrix in a partitioned elimination
// order whose factorization and solves advance four independent chains at
// once.
//
// A = tridiag(e, a, e) of order n ≥ 7 (A(i, i) = a_i, A(i + 1, i) = e_i). The
// unknowns are split into K = 4 blocks of consecutive unknowns, m or more
// each, separated by K − 1 single separator unknowns s_0 … s_{K−2}; every
// block is eliminated from its left end, the separators last (a one-way
// dissection of the chain: George & Liu, Computer Solution of Large Sparse
// Positive Definite Systems, 1981, ch. 7). Eliminating unknown
// j of a block with pivot d_j couples the next unknown to the block's left
// separator s_L, so each block unknown has two entries in L:
//
//   l_j = c_j / d_j   (c_j = e_j: to the next unknown, or to the block's
//                      right separator for its last unknown),
//   g_j = f_j / d_j   (f_first = A(s_L, first), f_{j+1} = −l_j f_j),
//   d_{j+1} = a_{j+1} − c_j l_j,
//
// and the separators' Schur complement is tridiagonal of order K − 1:
//   S(s_k, s_k) = a_{s_k} − c_last l_last (block k) − Σ f_j g_j (block k+1),
//   S(s_{k−1}, s_k) = −l_last f_last (block k),
// factorized last, by the same recurrence.
//
// Why: in a path order (natural, AMD, or the center-out order of
// elimination_ordering.hpp with its two branches) every step of the
// factorization and of both triangular solves waits on the one before (a
// division, a multiply–subtract), so the core runs at the latency of one or
// two chains. Here the K blocks' recurrences are independent and run
// interleaved in one loop, at the cost of one fill entry per unknown.
// K = 4: in a standalone test of these loops 8 and 16 chains were slower at
// n = 10³ and 10⁵ (more loads per unknown, no more overlap). The bench's
// tridiagonal-solve rows compare this solve with the center-out one.
//
// Pivots: a zero pivot stops the factorization (factorized() false, as
// Eigen's LDLᵀ reports); otherwise positive_definite() says whether every
// pivot is positive, which by Sylvester's law of inertia holds exactly
// when A is positive definite, in any elimination order.
#pragma once

#include <array>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

class PartitionedTridiagonalLDLT {
 public:
  static constexpr int lanes = 4;  // K
  // The smallest order with a block of at least one unknown per lane.
  static constexpr Index minimum_order = 2 * lanes - 1;

  // Whether every stored entry of A lies within one of the diagonal and A
  // has at least minimum_order rows.
  static bool applies(const SparseMatrix& A);

  // Records where A(i, i) and A(i + 1, i) are stored (A compressed, the
  // lower triangle read) and the blocks for A's order.
  void analyze(const SparseMatrix& A);
  // Factorizes A, which has the analyzed pattern.
  void factorize(const SparseMatrix& A);
  bool factorized() const { return factorized_; }
  bool positive_definite() const { return positive_definite_; }

  // x = A⁻¹(sign·b) with sign = ±1 (exact: the sign multiplies b first);
  // x may be b itself.
  void solve(const double* b, double* x, double sign) const;

 private:
  struct BlockEnd {  // the last unknown's quantities, for the separators
    double l = 0, f = 0, c = 0, sum_fg = 0;
  };
  void factorize_blocks(std::array<BlockEnd, lanes>& ends);
  void factorize_separators(const std::array<BlockEnd, lanes>& ends);
  Index block_start(int k) const { return k * (m_ + 1); }
  Index block_length(int k) const { return k == lanes - 1 ? m_ + rem_ : m_; }
  Index separator(int k) const { return block_start(k) + m_; }

  Index n_ = 0, m_ = 0, rem_ = 0;
  std::vector<Index> diagonal_at_, subdiagonal_at_;  // value positions in A; −1: not stored
  std::vector<double> a_, e_;                        // the gathered values
  std::vector<double> l_, g_, r_;                    // per unknown: l_j, g_j, 1/d_j
  // Separators' LDLᵀ: 1/D and L(s_{k+1}, s_k).
  std::array<double, lanes - 1> separator_r_{}, separator_l_{};
  bool factorized_ = false, positive_definite_ = false;
};

}  // namespace tibench
