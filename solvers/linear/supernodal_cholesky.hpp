// Numeric supernodal Cholesky factorization L Lᵀ = S of a symmetric
// positive definite matrix S, over a supernodal symbolic analysis made
// elsewhere (CHOLMOD's: its ordering, supernodes and their row patterns),
// on several threads, with a factor independent of the thread count.
//
// Supernode J holds the columns [first_column(J), first_column(J+1)) of L
// as one dense column-major block over its rows (its own columns first,
// then the rows below, increasing). The factorization is left-looking, as
// CHOLMOD's cholmod_super_numeric (Chen, Davis, Hager, Rajamanickam 2008,
// ACM TOMS 35(3), "Algorithm 887: CHOLMOD"): block J gathers S's columns,
// subtracts the update of every descendant D whose rows meet J's columns
// (a product of D's block with itself), in increasing D, factors its
// diagonal block and solves its rows below against it. Its arithmetic
// depends on its descendants' blocks only, so the supernodes of two
// subtrees can be factored at once: a supernode is ready when its children
// are done, and the threads take ready tasks from one stack (a large
// supernode is several tasks: supernodal_cholesky.cpp). Whichever thread
// takes J computes the same block (the kernels, dense/dense_kernels.hpp,
// depend on their operands only), so the factor, and every solve with it,
// is the same bit for bit on any number of threads.
#pragma once

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

// A supernodal symbolic factor: supernode J's columns are
// [first_column[J], first_column[J+1]) and its rows are
// rows[row_start[J] … row_start[J+1]), increasing, its columns first.
// Supernodes come children before parents.
struct SupernodalPattern {
  std::vector<int> first_column, row_start, rows;
};

class SupernodalCholesky {
 public:
  SupernodalCholesky();
  ~SupernodalCholesky();
  SupernodalCholesky(const SupernodalCholesky&) = delete;
  SupernodalCholesky& operator=(const SupernodalCholesky&) = delete;
  // Checks the pattern (throws std::invalid_argument naming what is wrong)
  // and records, per supernode, its parent and the descendants that update
  // it.
  void analyze(int n, SupernodalPattern pattern);
  // Factors S, whose lower triangle (compressed, column-major) is read and
  // must lie within the analyzed pattern, on up to `threads` threads. False
  // when S is not positive definite (the factor is then unusable).
  bool factorize(const SparseMatrix& lower, int threads);
  // y ← S⁻¹ y with the last factor (y has n entries), on up to `threads`
  // threads, the same bit for bit on any number.
  void solve(double* y, int threads = 1) const;

  int supernodes() const { return static_cast<int>(pattern_.first_column.size()) - 1; }

 private:
  struct Update {  // descendant d's rows [begin, end) are columns of the updated supernode
    int descendant, begin, end;
  };
  struct Workspace;
  enum class Phase : unsigned char { assemble, factor, solve };
  struct Task {
    int supernode = 0;
    Phase phase = Phase::assemble;
    int part = 0;
  };
  class Schedule;
  int columns(int s) const { return pattern_.first_column[s + 1] - pattern_.first_column[s]; }
  int rows(int s) const { return pattern_.row_start[s + 1] - pattern_.row_start[s]; }
  double* block(int s) { return values_.data() + value_start_[s]; }
  const double* block(int s) const { return values_.data() + value_start_[s]; }
  void check_pattern() const;
  void record_updates();
  void record_parts(const std::vector<std::vector<Update>>& into);
  void place_rows(int s, Workspace& w) const;
  void assemble_columns(int s, int c0, int c1, const SparseMatrix& lower, Workspace& w);
  void subtract_update(int s, int d, int begin, int end, Workspace& w);
  void solve_rows(int s, int r0, int r1);
  // false for a non-positive pivot
  bool run(const Task& t, const SparseMatrix& lower, Workspace& w);
  Workspace& workspace(int thread);
  // body(t) on threads t = 0 (this one) … threads − 1.
  static void on_threads(int threads, const std::function<void(int)>& body);
  bool factor_serial(const SparseMatrix& lower);
  void plan_solves();
  void forward(int s, double* y, double* t) const;
  void backward(int s, double* y, double* t) const;
  bool factor_parallel(const SparseMatrix& lower, int threads);

  int n_ = 0;
  SupernodalPattern pattern_;
  std::vector<long> value_start_;
  std::vector<int> parent_, children_, parts_;
  double flops_ = 0;  // the factorization's (products counted whole)
  std::vector<int> update_start_;
  std::vector<Update> updates_;
  std::size_t largest_update_ = 0;
  std::vector<double> values_;
  std::vector<std::unique_ptr<Workspace>> workspaces_;
  // The solves' split (supernodal_solve.cpp): subtrees as ranges of
  // supernodes [first, last], largest first, and the supernodes above them.
  std::vector<std::pair<int, int>> solve_subtrees_;
  std::vector<int> solve_top_;
  mutable std::vector<std::vector<double>> solve_work_;  // one per thread
};

}  // namespace tibench
