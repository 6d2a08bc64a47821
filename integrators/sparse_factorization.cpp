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
  out.positive_definite = out.factorized && ldlt_.vectorD().minCoeff() > 0.0;
  factored_values_.assign(A.valuePtr(), A.valuePtr() + nnz);
  have_factor_ = true;
  last_ = out;
  return out;
}

void SymmetricFactorization::solve(const Vec& b, Vec& x) const { x = ldlt_.solve(b); }

}  // namespace tibench
