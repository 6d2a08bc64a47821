// Factorization of the symmetric sparse matrices of implicit stages (Newton
// Hessians, Rosenbrock matrices), with the two reuses that keep results exact:
//
//   - the symbolic analysis (fill-reducing ordering, elimination tree) is done
//     only when the caller reports a new sparsity pattern, so once per run;
//   - when the matrix is bit-for-bit equal to the one last factorized (linear
//     problems, constant stage coefficients, a Newton iteration that did not
//     move the Hessian), the numeric factorization is kept as well: the same
//     input gives the same factor, so the results are identical to
//     refactorizing.
//

#pragma once

#include <Eigen/SparseCholesky>
#include <memory>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

struct FactorizationOutcome {
  bool factorized = false;         // a factor exists (possibly of an indefinite matrix)
  bool positive_definite = false;  // every pivot > 0
  bool reused = false;             // the previous factor was kept (identical matrix)
};

enum class LinearSolver { ldlt, cholmod };

// The backends this build offers, by parameter value ("ldlt", "cholmod").
std::vector<std::string> linear_solver_ids();
// Parses a parameter value; InputError for a backend this build lacks.
LinearSolver linear_solver(const std::string& id);

// Eigen's SimplicialLDLT with the permuted matrix P A Pᵀ formed by the
// caller: Eigen's factorize() builds it from scratch at every call (a new
// sparse matrix, allocation and index work comparable to the numeric
// factorization of a banded matrix); its pattern and the source of every
// entry are fixed after the analysis, so the values can be scattered into a
// kept copy instead. The factor is bit-identical: factorize_preordered sees
// the same matrix, entry for entry.
class PreorderedLDLT : public Eigen::SimplicialLDLT<SparseMatrix> {
 public:
  void factorize_permuted(const SparseMatrix& upper) {
    this->template factorize_preordered<true>(upper);
  }
};

class SymmetricFactorization {
 public:
  explicit SymmetricFactorization(LinearSolver backend = LinearSolver::ldlt);
  ~SymmetricFactorization();
  SymmetricFactorization(const SymmetricFactorization&) = delete;
  SymmetricFactorization& operator=(const SymmetricFactorization&) = delete;

  // Factorizes A (lower triangle and diagonal are read; A must be symmetric),
  // analyzing its pattern first when pattern_changed.
  FactorizationOutcome factorize(const SparseMatrix& A, bool pattern_changed);
  // x = A⁻¹ b with the last factor.
  void solve(const Vec& b, Vec& x) const;
  int numeric_factorizations() const { return numeric_; }

 private:
  struct Cholmod;  // CHOLMOD builds only
  void factorize_ldlt(const SparseMatrix& A, bool analyze, FactorizationOutcome& out);

  PreorderedLDLT ldlt_;
  // Upper triangle of P A Pᵀ (Eigen's layout) and, per entry, the index of
  // its value in A; rebuilt with the analysis.
  SparseMatrix permuted_;
  std::vector<Index> permuted_source_;
  Index analyzed_nonzeros_ = -1;
  std::unique_ptr<Cholmod> cholmod_;
  bool ldlt_analyzed_ = false;
  bool solve_with_ldlt_ = true;
  std::vector<double> factored_values_;
  Vec inverse_diagonal_;  // 1/D of the last factorization
  mutable Vec work_;  // solve's permuted right-hand side
  bool have_factor_ = false;
  FactorizationOutcome last_;
  int numeric_ = 0;
};

}  // namespace tibench
