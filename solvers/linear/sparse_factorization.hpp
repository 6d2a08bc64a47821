// Factorization of the symmetric sparse matrices of implicit stages (Newton
// Hessians, Rosenbrock matrices), with the two reuses that keep results exact:
//
//   - the symbolic analysis (the elimination ordering, chosen per pattern by
//     elimination_ordering.hpp; the elimination tree and the replay schedule
//     of preordered_ldlt.hpp) is done only when the caller reports a new
//     sparsity pattern, so once per run;
//   - when the matrix is bit-for-bit equal to the one last factorized (linear
//     problems, constant stage coefficients, a Newton iteration that did not
//     move the Hessian), the numeric factorization is kept as well: the same
//     input gives the same factor, so the results are identical to
//     refactorizing.
//

#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "problems/problem.hpp"
#include "solvers/linear/elimination_ordering.hpp"
#include "solvers/linear/partitioned_tridiagonal.hpp"
#include "solvers/linear/preordered_ldlt.hpp"

namespace tibench {

struct FactorizationOutcome {
  bool factorized = false;         // a factor exists (possibly of an indefinite matrix)
  bool positive_definite = false;  // every pivot > 0
  bool reused = false;             // the previous factor was kept (identical matrix)
};

// ldlt: Eigen's simplicial LDLᵀ; cholmod: SuiteSparse CHOLMOD; supernodal:
// CHOLMOD's analysis with tibench's parallel supernodal factorization
// (supernodal_cholesky.hpp).
enum class LinearSolver { ldlt, cholmod, supernodal };

struct CholmodOrdering {
  std::string method;  // "amd", "metis", "given", "other"
  double factor_nonzeros = 0, flops = 0;
  bool kept = false;
};

// One supernode of a supernodal CHOLMOD factor: columns [first_column,
// first_column + columns) of L, stored as a dense block of `rows` rows (the
// diagonal block and the rows below it), and the supernode its first
// off-diagonal row belongs to (−1 for a root). Supernodes come in the
// factor's order, children before parents.
struct CholmodSupernode {
  Index first_column = 0, columns = 0, rows = 0, parent = -1;
};

// Every backend, by parameter value ("ldlt", "cholmod", "supernodal"): the accepted
// values, whatever this build has (so that the parameter's documentation
// does not depend on the build).
std::vector<std::string> linear_solver_ids();
// The backends this build offers (cholmod and supernodal only with
// SuiteSparse).
std::vector<std::string> available_linear_solvers();
// Whether this build offers the backend `id`.
bool linear_solver_available(const std::string& id);
// Parses a parameter value; InputError for an unknown backend or one this
// build lacks.
LinearSolver linear_solver(const std::string& id);

class SymmetricFactorization {
 public:
  // partition_tridiagonal false: tridiagonal matrices go to Eigen's LDLᵀ
  // like any other (for comparisons: bench/, tests).
  explicit SymmetricFactorization(LinearSolver backend = LinearSolver::ldlt,
                                  bool partition_tridiagonal = true);
  ~SymmetricFactorization();
  SymmetricFactorization(const SymmetricFactorization&) = delete;
  SymmetricFactorization& operator=(const SymmetricFactorization&) = delete;

  // Factorizes A (lower triangle and diagonal are read; A must be symmetric),
  // analyzing its pattern first when pattern_changed. An indefinite A gets
  // an LDLᵀ factor (CHOLMOD's LLᵀ refuses it, and the LDLᵀ backend factors
  // it anyway) unless the caller only wants it reported, as a Newton
  // solver that replaces an indefinite Hessian does (factorized false):
  // with CHOLMOD that LDLᵀ is the simplicial one, on a 24,096-dof ball 70 %
  // of a step's time, for a factor nobody solves with.
  enum class Indefinite { factor, report };
  FactorizationOutcome factorize(const SparseMatrix& A, bool pattern_changed,
                                 Indefinite indefinite = Indefinite::factor);
  // x = A⁻¹ b with the last factor.
  void solve(const Vec& b, Vec& x) const { solve_signed(b, x, false); }
  // x = A⁻¹(−b): solve() of −b, bit for bit, without a pass that forms −b.
  void solve_negated(const Vec& b, Vec& x) const { solve_signed(b, x, true); }
  int numeric_factorizations() const { return numeric_; }
  // Whether the last factor's solves take the path form (at most one entry
  // per column of L); the results are the same either way.
  bool solves_as_path() const { return path_factor_; }
  // Whether the LDLᵀ backend's last analysis found a tridiagonal matrix,
  // factorized in partitioned form (partitioned_tridiagonal.hpp) rather
  // than by Eigen's LDLᵀ.
  bool partitioned() const { return partitioned_; }
  // The elimination ordering of the LDLᵀ backend's last analysis.
  Ordering ordering() const { return ordering_; }
  // The orderings the CHOLMOD backend's last analysis tried, and which it
  // kept (the fewest nonzeros in L); empty without CHOLMOD or before the
  // first factorization.
  std::vector<CholmodOrdering> cholmod_orderings() const;
  // The CHOLMOD backend's last analysis chose the supernodal factorization
  // (false without CHOLMOD or before the first factorization).
  bool cholmod_supernodal() const;
  // The supernodes of the CHOLMOD backend's last supernodal analysis; empty
  // for a simplicial one, without CHOLMOD or before the first factorization.
  std::vector<CholmodSupernode> cholmod_supernodes() const;
  // A⁻¹ b by CHOLMOD's own cholmod_factorize_p with this backend's settings:
  // the reference of the supernodal factorization's gathered input (tests);
  // empty without CHOLMOD or for a matrix it refuses.
  static Vec cholmod_reference_solve(const SparseMatrix& A, const Vec& b);

 private:
  struct Cholmod;  // CHOLMOD builds only
  // The process-wide BLAS lock, held while the last analysis is supernodal
  // and its factor is CHOLMOD's (linear_solver=supernodal calls no BLAS).
  std::unique_lock<std::mutex> blas_turn() const;
  void factorize_ldlt(const SparseMatrix& A, bool analyze, FactorizationOutcome& out);
  void analyze_ldlt(const SparseMatrix& A);
  void solve_signed(const Vec& b, Vec& x, bool negate) const;
  // The triangular solves of a factor whose columns hold at most one entry
  // each (paths and forests without fill: chains under the center-out
  // ordering), from parent_ and path_values_; the general solves otherwise.
  void forward_path(double* y) const;
  void forward_general(double* y) const;
  template <typename Position>
  void backward_path(double* y, double* out, Position position) const;
  template <typename Position>
  void backward_general(double* y, double* out, Position position) const;
  void analyze_path();
  void gather_path_values();

  PreorderedLDLT ldlt_;
  PartitionedTridiagonalLDLT tridiagonal_;
  bool partitioned_ = false;
  bool partition_tridiagonal_ = true;
  // Upper triangle of P A Pᵀ (Eigen's layout) and, per entry, the index of
  // its value in A; rebuilt with the analysis.
  SparseMatrix permuted_;
  std::vector<Index> permuted_source_;
  Index analyzed_nonzeros_ = -1;
  std::unique_ptr<Cholmod> cholmod_;
  bool ldlt_analyzed_ = false;
  Ordering ordering_ = Ordering::amd;
  bool solve_with_ldlt_ = true;
  std::vector<double> factored_values_;
  Vec inverse_diagonal_;  // 1/D of the last factorization
  mutable Vec work_;      // solve's permuted right-hand side (+ the roots' slot)
  // Path factors: the one entry of column i is L(parent_[i], i) =
  // path_values_[i]; a column without one points at slot n of work_, kept
  // at zero, with value 0 (so that a root's update adds exactly +0).
  bool path_factor_ = false;
  std::vector<SparseMatrix::StorageIndex> parent_;
  std::vector<double> path_values_;
  bool have_factor_ = false;
  FactorizationOutcome last_;
  int numeric_ = 0;
};

}  // namespace tibench
