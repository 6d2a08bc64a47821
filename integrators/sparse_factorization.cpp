#include "integrators/sparse_factorization.hpp"

#include <cstring>

#include "problems/parameters.hpp"

#ifdef TIBENCH_HAVE_CHOLMOD
#include <dlfcn.h>

#include <Eigen/CholmodSupport>
#endif

namespace tibench {

#ifdef TIBENCH_HAVE_CHOLMOD
namespace {

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
  bool analyzed = false;
  Cholmod() {
    single_threaded_blas();
    // LLᵀ (so that an indefinite matrix is reported), supernodal or
    // simplicial as CHOLMOD's analysis decides.
    llt.setMode(Eigen::CholmodSimplicialLLt);
    llt.cholmod().supernodal = CHOLMOD_AUTO;
    llt.cholmod().print = 0;
  }
};

std::vector<std::string> linear_solver_ids() { return {"ldlt", "cholmod"}; }
#else
struct SymmetricFactorization::Cholmod {};

std::vector<std::string> linear_solver_ids() { return {"ldlt"}; }
#endif

LinearSolver linear_solver(const std::string& id) {
  for (const auto& known : linear_solver_ids())
    if (id == known) return id == "cholmod" ? LinearSolver::cholmod : LinearSolver::ldlt;
  std::string accepted;
  for (const auto& known : linear_solver_ids()) accepted += (accepted.empty() ? "" : ", ") + known;
  throw InputError("linear_solver '" + id + "' is not available in this build (accepted: " +
                   accepted + ")");
}

SymmetricFactorization::SymmetricFactorization(LinearSolver backend) {
#ifdef TIBENCH_HAVE_CHOLMOD
  if (backend == LinearSolver::cholmod) cholmod_ = std::make_unique<Cholmod>();
#else
  (void)backend;
#endif
}

SymmetricFactorization::~SymmetricFactorization() = default;

void SymmetricFactorization::factorize_ldlt(const SparseMatrix& A, bool analyze,
                                            FactorizationOutcome& out) {
  if (analyze || !ldlt_analyzed_) ldlt_.analyzePattern(A);
  ldlt_analyzed_ = true;
  ldlt_.factorize(A);
  out.factorized = ldlt_.info() == Eigen::Success;
  diagonal_ = ldlt_.vectorD();  // (a copy; vectorD() returns by value)
  out.positive_definite = out.factorized && diagonal_.size() > 0 && diagonal_.minCoeff() > 0.0;
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
  ++numeric_;
  if (pattern_changed) ldlt_analyzed_ = false;
  FactorizationOutcome out;
#ifdef TIBENCH_HAVE_CHOLMOD
  if (cholmod_) {
    if (pattern_changed || !cholmod_->analyzed) cholmod_->llt.analyzePattern(A);
    cholmod_->analyzed = true;
    cholmod_->llt.factorize(A);
    if (cholmod_->llt.info() == Eigen::Success) {
      out.factorized = out.positive_definite = true;
      solve_with_ldlt_ = false;
    } else {
      factorize_ldlt(A, pattern_changed, out);
      out.positive_definite = false;
      solve_with_ldlt_ = true;
    }
  } else {
    factorize_ldlt(A, pattern_changed, out);
  }
#else
  factorize_ldlt(A, pattern_changed || !have_factor_, out);
#endif
  factored_values_.assign(A.valuePtr(), A.valuePtr() + nnz);
  have_factor_ = true;
  last_ = out;
  return out;
}

// Eigen's SimplicialLDLT::_solve_impl step by step (the same operations in
// the same order, so bit-identical results) into preallocated vectors: its
// own version allocates a temporary for each permutation.
void SymmetricFactorization::solve(const Vec& b, Vec& x) const {
#ifdef TIBENCH_HAVE_CHOLMOD
  if (cholmod_ && !solve_with_ldlt_) {
    x = cholmod_->llt.solve(b);
    return;
  }
#endif
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
