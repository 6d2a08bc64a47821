#include "integrators/sparse_factorization.hpp"

#include <cstring>

#ifdef TIBENCH_WITH_CHOLMOD
#include <dlfcn.h>

#include <Eigen/CholmodSupport>
#endif

namespace tibench {

#ifdef TIBENCH_WITH_CHOLMOD
namespace {

// Threaded BLAS inside the supernodal factorization would make its rounding
// depend on the thread count (and oversubscribe `--jobs`): OpenBLAS, when it
// is the BLAS in use, is switched to one thread.
void single_threaded_blas() {
  static const bool once = [] {
    using SetThreads = void (*)(int);
    if (void* f = dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))
      reinterpret_cast<SetThreads>(f)(1);
    return true;
  }();
  (void)once;
}

}  // namespace

struct SymmetricFactorization::Cholmod {
  Eigen::CholmodDecomposition<SparseMatrix, Eigen::Lower> llt;
  Cholmod() {
    single_threaded_blas();
    // LLᵀ, supernodal or simplicial as CHOLMOD's analysis prefers; LLᵀ
    // (not LDLᵀ) so that a matrix that is not positive definite is reported.
    llt.setMode(Eigen::CholmodSimplicialLLt);
    llt.cholmod().supernodal = CHOLMOD_AUTO;
    llt.cholmod().print = 0;
  }
};

const char* sparse_backend() { return "cholmod"; }
#else
struct SymmetricFactorization::Cholmod {};

const char* sparse_backend() { return "eigen-simplicial-ldlt"; }
#endif

SymmetricFactorization::SymmetricFactorization() {
#ifdef TIBENCH_WITH_CHOLMOD
  cholmod_ = std::make_unique<Cholmod>();
#endif
}
SymmetricFactorization::~SymmetricFactorization() = default;

bool SymmetricFactorization::factorize_ldlt(const SparseMatrix& A, bool analyze,
                                            FactorizationOutcome& out) {
  if (analyze || !ldlt_analyzed_) ldlt_.analyzePattern(A);
  ldlt_analyzed_ = true;
  ldlt_.factorize(A);
  out.factorized = ldlt_.info() == Eigen::Success;
  out.positive_definite = out.factorized && ldlt_.vectorD().minCoeff() > 0.0;
  return out.factorized;
}

FactorizationOutcome SymmetricFactorization::factorize(const SparseMatrix& A,
                                                       bool pattern_changed) {
  const std::size_t nnz = static_cast<std::size_t>(A.nonZeros());
  if (have_factor_ && !pattern_changed && factored_values_.size() == nnz &&
      std::memcmp(factored_values_.data(), A.valuePtr(), nnz * sizeof(double)) == 0) {
    FactorizationOutcome out = last_;
    out.reused = true;
    return out;
  }
  FactorizationOutcome out;
  ++numeric_;
  if (pattern_changed) ldlt_analyzed_ = false;
#ifdef TIBENCH_WITH_CHOLMOD
  if (pattern_changed || !have_factor_) cholmod_->llt.analyzePattern(A);
  cholmod_->llt.factorize(A);
  if (cholmod_->llt.info() == Eigen::Success) {
    out.factorized = out.positive_definite = true;
    use_ldlt_ = false;
  } else {
    // Not positive definite: the LDLᵀ factor serves callers that go on with
    // an indefinite matrix (and reports the non-positive pivots).
    factorize_ldlt(A, pattern_changed, out);
    out.positive_definite = false;
    use_ldlt_ = true;
  }
#else
  factorize_ldlt(A, pattern_changed, out);
#endif
  factored_values_.assign(A.valuePtr(), A.valuePtr() + nnz);
  have_factor_ = true;
  last_ = out;
  return out;
}

void SymmetricFactorization::solve(const Vec& b, Vec& x) const {
#ifdef TIBENCH_WITH_CHOLMOD
  if (!use_ldlt_) {
    x = cholmod_->llt.solve(b);
    return;
  }
#endif
  x = ldlt_.solve(b);
}

}  // namespace tibench
