#include "integrators/sparse_factorization.hpp"

#include <cstring>

namespace tibench {

FactorizationOutcome SymmetricFactorization::factorize(const SparseMatrix& A,
                                                       bool pattern_changed) {
  const std::size_t nnz = static_cast<std::size_t>(A.nonZeros());
  if (have_factor_ && !pattern_changed && factored_values_.size() == nnz &&
      std::memcmp(factored_values_.data(), A.valuePtr(), nnz * sizeof(double)) == 0) {
    FactorizationOutcome out = last_;
    out.reused = true;
    return out;
  }
  ++numeric_;
  if (pattern_changed || !have_factor_) ldlt_.analyzePattern(A);
  ldlt_.factorize(A);
  FactorizationOutcome out;
  out.factorized = ldlt_.info() == Eigen::Success;
  diagonal_ = ldlt_.vectorD();  // (a copy; vectorD() returns by value)
  out.positive_definite = out.factorized && diagonal_.size() > 0 && diagonal_.minCoeff() > 0.0;
  factored_values_.assign(A.valuePtr(), A.valuePtr() + nnz);
  have_factor_ = true;
  last_ = out;
  return out;
}

// Eigen's SimplicialLDLT::_solve_impl step by step (the same operations in
// the same order, so bit-identical results) into preallocated vectors: its
// own version allocates a temporary for each permutation.
void SymmetricFactorization::solve(const Vec& b, Vec& x) const {
  if (ldlt_.info() != Eigen::Success) return;  // as Eigen: x is left as it is
  const Index n = b.size();
  const auto& P = ldlt_.permutationP().indices();
  const auto& Pinv = ldlt_.permutationPinv().indices();
  const bool permuted = P.size() > 0;
  work_.resize(n);
  if (permuted)
    for (Index i = 0; i < n; ++i) work_[P[i]] = b[i];
  else
    work_ = b;
  if (ldlt_.matrixL().nestedExpression().nonZeros() > 0) ldlt_.matrixL().solveInPlace(work_);
  if (diagonal_.size() > 0)
    for (Index i = 0; i < n; ++i) work_[i] = (1.0 / diagonal_[i]) * work_[i];
  if (ldlt_.matrixL().nestedExpression().nonZeros() > 0) ldlt_.matrixU().solveInPlace(work_);
  x.resize(n);
  if (permuted)
    for (Index i = 0; i < n; ++i) x[Pinv[i]] = work_[i];
  else
    x = work_;
}

}  // namespace tibench
