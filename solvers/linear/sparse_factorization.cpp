#include "solvers/linear/sparse_factorization.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <utility>

#include "core/parameters.hpp"
#include "solvers/blas_lock.hpp"
#include "solvers/linear/sparse_assembly.hpp"
#include "solvers/linear/supernodal_cholesky.hpp"

#ifdef TIBENCH_HAVE_CHOLMOD
#include <dlfcn.h>
#include <link.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <Eigen/CholmodSupport>

#include "problems/fem/element_loop.hpp"
#endif

namespace tibench {

#ifdef TIBENCH_HAVE_CHOLMOD
namespace {

// CHOLMOD's supernodal kernels call BLAS. Debian's OpenBLAS starts its own
// thread pool, whose idle workers wake on every call (tens of thousands of
// futex calls per second on the beam) and whose partitioning could depend on
// the thread count; every OpenBLAS copy in the process is set to one thread
// (a process can hold two: libblas.so.3 and libopenblas.so.0 come from
// different dependencies, e.g. CHOLMOD and PETSc in the bench binary).
int set_openblas_threads(dl_phdr_info* info, std::size_t, void*) {
  if (info->dlpi_name == nullptr || info->dlpi_name[0] == '\0') return 0;
  void* handle = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
  if (handle == nullptr) return 0;
  using SetThreads = void (*)(int);
  if (void* f = dlsym(handle, "openblas_set_num_threads")) reinterpret_cast<SetThreads>(f)(1);
  dlclose(handle);
  return 0;
}

// Debian's CHOLMOD runs loops of its supernodal factorization on a team of
// CHOLMOD_OMP_NUM_THREADS OpenMP threads fixed when the library was built
// (OMP_NUM_THREADS does not limit it); on this 2-core machine they contend
// (10 beam steps: 66k futex calls, 3.5x the CPU time of one thread). The
// factorization therefore runs with OpenMP's max-active-levels at 0, every
// region on one thread. (That ICV is process-wide, but nothing else here
// uses OpenMP: the element loops have their own threads, element_loop.hpp.)
class SerialOpenMp {
 public:
#ifdef _OPENMP
  SerialOpenMp() : saved_(omp_get_max_active_levels()) { omp_set_max_active_levels(0); }
  ~SerialOpenMp() { omp_set_max_active_levels(saved_); }

 private:
  int saved_;
#endif
};

void single_threaded_blas() {
  static const bool once = [] {
    dl_iterate_phdr(set_openblas_threads, nullptr);
    return true;
  }();
  (void)once;
}

}  // namespace

// cholmod_factorize_p, given the lower triangle of A (Eigen's view of a
// symmetric matrix), transposes it twice per call to form the lower
// triangle S of P A Pᵀ for the supernodal kernel (an upper triangle would
// take one): 5 % of a Newton iteration on the 5k-tetrahedra ball. The
// pattern is fixed, so S's pattern and, per entry, the index of its value
// in A are built once per analysis, and each factorization gathers S's
// values and calls the kernel, cholmod_super_numeric, as
// cholmod_factorize_p would, with the same S: the same factor, bit for bit.
// A simplicial analysis goes through Eigen's factorize().
//
// linear_solver=supernodal keeps CHOLMOD's analysis (its ordering and
// supernodes) and replaces the numeric factorization of a supernodal one,
// and its solves, by supernodal_cholesky.hpp's, which runs on the thread
// budget of the element loops (element_loop.hpp) without BLAS.
struct SymmetricFactorization::Cholmod {
  // Eigen's CHOLMOD wrapper with access to the factor, so that a supernodal
  // factorization can be handed its permuted matrix directly.
  class Llt : public Eigen::CholmodDecomposition<SparseMatrix, Eigen::Lower> {
   public:
    cholmod_factor* factor() const { return m_cholmodFactor; }
    // What Eigen's factorize() records after cholmod_factorize_p.
    void record_factorization() {
      m_info =
          m_cholmodFactor->minor == m_cholmodFactor->n ? Eigen::Success : Eigen::NumericalIssue;
      m_factorizationIsOk = true;
    }
  };
  Llt llt;
  bool analyzed = false;
  SparseMatrix permuted_lower;  // S (its values gathered per factorization)
  std::vector<Index> permuted_source;
  const bool own_numeric;
  SupernodalCholesky own;
  std::vector<int> perm;  // CHOLMOD's Perm: row perm[k] of A is row k of S
  bool own_positive = false;
  // The last analysis is supernodal and its factor is supernodal_cholesky's.
  bool owns_factor() const { return own_numeric && !permuted_source.empty(); }
  bool succeeded() const { return owns_factor() ? own_positive : llt.info() == Eigen::Success; }
  void analyze(const SparseMatrix& A);
  void analyze_own();
  void factorize(const SparseMatrix& A);
  void solve_own(const Vec& b, Vec& x, Vec& work, bool negate) const;
  explicit Cholmod(bool own_numeric_factorization) : own_numeric(own_numeric_factorization) {
    single_threaded_blas();
    // LLᵀ (so that an indefinite matrix is reported), supernodal or
    // simplicial as CHOLMOD's analysis decides.
    llt.setMode(Eigen::CholmodSimplicialLLt);
    llt.cholmod().supernodal = CHOLMOD_AUTO;
    llt.cholmod().print = 0;
    // The orderings of CHOLMOD's method table 0-2 (a given permutation,
    // skipped without one; AMD; METIS's nested dissection), keeping the one
    // with the fewest nonzeros in L. CHOLMOD's default tries METIS only when
    // AMD's fill is poor (flops/nnz(L) >= 500 and nnz(L)/nnz(A) >= 5): on the
    // 5k-tetrahedra ball, AMD passes that test, and METIS's L has 10 % fewer
    // nonzeros and needs 26 % fewer flops (docs/benchmarks.md).
    llt.cholmod().nmethods = 3;
  }
};

void SymmetricFactorization::Cholmod::analyze(const SparseMatrix& A) {
  llt.analyzePattern(A);
  analyzed = true;
  const cholmod_factor* L = llt.factor();
  permuted_source.clear();
  if (!L->is_super) return;
  // Perm[k] is the row of A that is row k of P A Pᵀ; Eigen's twistedBy(Q)
  // forms Q A Q⁻¹, so Q maps Perm[k] to k.
  const auto* order = static_cast<const int*>(L->Perm);
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, SparseMatrix::StorageIndex> q(A.rows());
  for (Index k = 0; k < A.rows(); ++k) q.indices()[order[k]] = static_cast<int>(k);
  SparseMatrix lower(A.rows(), A.cols());
  lower.selfadjointView<Eigen::Lower>() =
      value_indices(A).selfadjointView<Eigen::Lower>().twistedBy(q);
  const SparseMatrix rows_sorted = lower.transpose();
  permuted_lower = rows_sorted.transpose();
  permuted_source = value_sources(permuted_lower);
  perm.assign(order, order + A.rows());
  if (own_numeric) analyze_own();
}

void SymmetricFactorization::Cholmod::analyze_own() {
  const cholmod_factor* L = llt.factor();
  const auto* super = static_cast<const int*>(L->super);
  const auto* row_start = static_cast<const int*>(L->pi);
  const auto* rows = static_cast<const int*>(L->s);
  SupernodalPattern p;
  p.first_column.assign(super, super + L->nsuper + 1);
  p.row_start.assign(row_start, row_start + L->nsuper + 1);
  p.rows.assign(rows, rows + row_start[L->nsuper]);
  own.analyze(static_cast<int>(L->n), std::move(p));
}

// x = A⁻¹(±b) = Pᵀ S⁻¹ P (±b).
void SymmetricFactorization::Cholmod::solve_own(const Vec& b, Vec& x, Vec& work,
                                                bool negate) const {
  const Index n = b.size();
  work.resize(n);
  for (Index k = 0; k < n; ++k) work[k] = negate ? -b[perm[k]] : b[perm[k]];
  own.solve(work.data(), element_threads());
  x.resize(n);
  for (Index k = 0; k < n; ++k) x[perm[k]] = work[k];
}

void SymmetricFactorization::Cholmod::factorize(const SparseMatrix& A) {
  if (permuted_source.empty()) {
    llt.factorize(A);
    return;
  }
  gather_values(A, permuted_source, permuted_lower);
  if (own_numeric) {
    own_positive = own.factorize(permuted_lower, element_threads());
    return;
  }
  cholmod_sparse S =
      Eigen::viewAsCholmod(std::as_const(permuted_lower).selfadjointView<Eigen::Lower>());
  cholmod_common& c = llt.cholmod();
  cholmod_factor* L = llt.factor();
  double beta[2] = {0.0, 0.0};
  c.status = CHOLMOD_OK;
  cholmod_super_numeric(&S, nullptr, beta, L, &c);
  // cholmod_factorize_p's conversion to the requested final form.
  if (c.status >= CHOLMOD_OK && !c.final_asis)
    cholmod_change_factor(L->xtype, c.final_ll, c.final_super, c.final_pack, c.final_monotonic, L,
                          &c);
  llt.record_factorization();
}

std::vector<std::string> available_linear_solvers() { return {"ldlt", "cholmod", "supernodal"}; }

std::vector<CholmodOrdering> SymmetricFactorization::cholmod_orderings() const {
  std::vector<CholmodOrdering> tried;
  if (!cholmod_ || !cholmod_->analyzed) return tried;
  const cholmod_common& c = cholmod_->llt.cholmod();
  for (int i = 0; i < c.nmethods; ++i) {
    const auto& m = c.method[i];
    // lnz stays at its initial EMPTY (−1) or ∞ for a method that did not run.
    if (!(m.lnz >= 0) || !std::isfinite(m.lnz)) continue;
    const char* name = m.ordering == CHOLMOD_AMD     ? "amd"
                       : m.ordering == CHOLMOD_METIS ? "metis"
                       : m.ordering == CHOLMOD_GIVEN ? "given"
                                                     : "other";
    tried.push_back({name, m.lnz, m.fl, i == c.selected});
  }
  return tried;
}

bool SymmetricFactorization::cholmod_supernodal() const {
  return cholmod_ && cholmod_->analyzed && cholmod_->llt.factor()->is_super;
}

std::vector<CholmodSupernode> SymmetricFactorization::cholmod_supernodes() const {
  std::vector<CholmodSupernode> supernodes;
  if (!cholmod_supernodal()) return supernodes;
  const cholmod_factor* L = cholmod_->llt.factor();
  const auto* super = static_cast<const int*>(L->super);
  const auto* row_start = static_cast<const int*>(L->pi);
  const auto* row_index = static_cast<const int*>(L->s);
  std::vector<Index> supernode_of(L->n);
  for (std::size_t k = 0; k < L->nsuper; ++k)
    for (int j = super[k]; j < super[k + 1]; ++j)
      supernode_of[static_cast<std::size_t>(j)] = static_cast<Index>(k);
  for (std::size_t k = 0; k < L->nsuper; ++k) {
    const Index columns = super[k + 1] - super[k], rows = row_start[k + 1] - row_start[k];
    const Index parent =
        rows > columns ? supernode_of[static_cast<std::size_t>(row_index[row_start[k] + columns])]
                       : -1;
    supernodes.push_back({super[k], columns, rows, parent});
  }
  return supernodes;
}

// Only CHOLMOD's supernodal kernels call BLAS (blas_lock.hpp).
std::unique_lock<std::mutex> SymmetricFactorization::blas_turn() const {
  std::unique_lock<std::mutex> lock(blas_mutex(), std::defer_lock);
  if (cholmod_supernodal() && !cholmod_->owns_factor()) lock.lock();
  return lock;
}

Vec SymmetricFactorization::cholmod_reference_solve(const SparseMatrix& A, const Vec& b) {
  Cholmod reference(false);
  reference.llt.analyzePattern(A);
  const std::lock_guard<std::mutex> blas(blas_mutex());
  {
    const SerialOpenMp serial;
    reference.llt.factorize(A);
  }
  if (reference.llt.info() != Eigen::Success) return {};
  return reference.llt.solve(b);
}
#else
std::vector<CholmodOrdering> SymmetricFactorization::cholmod_orderings() const { return {}; }

bool SymmetricFactorization::cholmod_supernodal() const { return false; }

std::vector<CholmodSupernode> SymmetricFactorization::cholmod_supernodes() const { return {}; }

Vec SymmetricFactorization::cholmod_reference_solve(const SparseMatrix&, const Vec&) { return {}; }

struct SymmetricFactorization::Cholmod {};

std::vector<std::string> available_linear_solvers() { return {"ldlt"}; }
#endif

std::vector<std::string> linear_solver_ids() { return {"ldlt", "cholmod", "supernodal"}; }

bool linear_solver_available(const std::string& id) {
  const auto backends = available_linear_solvers();
  return std::find(backends.begin(), backends.end(), id) != backends.end();
}

LinearSolver linear_solver(const std::string& id) {
  for (const auto& known : available_linear_solvers())
    if (id == known)
      return id == "cholmod"      ? LinearSolver::cholmod
             : id == "supernodal" ? LinearSolver::supernodal
                                  : LinearSolver::ldlt;
  std::string accepted;
  for (const auto& known : available_linear_solvers())
    accepted += (accepted.empty() ? "" : ", ") + known;
  const std::string why = id == "cholmod" || id == "supernodal"
                              ? "' is not available in this build (built without SuiteSparse "
                                "CHOLMOD: scripts/setup-deps.sh bench, then rebuild; accepted: "
                              : "' is not a linear solver (accepted: ";
  throw InputError("linear_solver '" + id + why + accepted + ")");
}

SymmetricFactorization::SymmetricFactorization(LinearSolver backend, bool partition_tridiagonal)
    : partition_tridiagonal_(partition_tridiagonal) {
#ifdef TIBENCH_HAVE_CHOLMOD
  if (backend != LinearSolver::ldlt)
    cholmod_ = std::make_unique<Cholmod>(backend == LinearSolver::supernodal);
#else
  (void)backend;
#endif
}

SymmetricFactorization::~SymmetricFactorization() = default;

// A tridiagonal matrix: the partitioned form. Otherwise AMD or center-out,
// whichever elimination_ordering.hpp's rule prefers for A's pattern; then
// where each entry of P A Pᵀ comes from: A's value indices permuted as
// Eigen's factorize() permutes A itself.
void SymmetricFactorization::analyze_ldlt(const SparseMatrix& A) {
  analyzed_nonzeros_ = A.nonZeros();
  partitioned_ = partition_tridiagonal_ && PartitionedTridiagonalLDLT::applies(A);
  if (partitioned_) {
    tridiagonal_.analyze(A);
    ordering_ = Ordering::partitioned;
    path_factor_ = false;
    return;
  }
  const SparseMatrix index = value_indices(A);
  const auto upper_permuted = [&](const Permutation& order) {
    SparseMatrix upper(A.rows(), A.cols());
    upper.selfadjointView<Eigen::Upper>() =
        index.selfadjointView<Eigen::Lower>().twistedBy(order.inverse());
    return upper;
  };
  const OrderingChoice choice = choose_ordering(A);
  ordering_ = choice.ordering;
  permuted_ = upper_permuted(choice.order);
  ldlt_.analyze_permuted(choice.order, permuted_);
  analyze_path();
  permuted_source_ = value_sources(permuted_);
}

void SymmetricFactorization::factorize_ldlt(const SparseMatrix& A, bool analyze,
                                            FactorizationOutcome& out) {
  if (!A.isCompressed()) {  // (value indices need compressed storage)
    if (analyze || !ldlt_analyzed_) ldlt_.analyzePattern(A);
    ordering_ = Ordering::amd;
    ldlt_analyzed_ = false;  // the permuted copy below was not built for A
    path_factor_ = partitioned_ = false;
    ldlt_.factorize(A);
  } else {
    // (A matrix with another entry count than the analyzed one cannot be the
    // analyzed pattern: analyzed again rather than read out of range.)
    if (analyze || !ldlt_analyzed_ || A.nonZeros() != analyzed_nonzeros_) analyze_ldlt(A);
    ldlt_analyzed_ = true;
    if (partitioned_) {
      tridiagonal_.factorize(A);
      out.factorized = tridiagonal_.factorized();
      out.positive_definite = tridiagonal_.positive_definite();
      return;
    }
    gather_values(A, permuted_source_, permuted_);
    ldlt_.factorize_permuted(permuted_);
  }
  out.factorized = ldlt_.info() == Eigen::Success;
  if (out.factorized && path_factor_) gather_path_values();
  const Vec diagonal = ldlt_.vectorD();
  inverse_diagonal_ = 1.0 / diagonal.array();
  out.positive_definite = out.factorized && diagonal.size() > 0 && diagonal.minCoeff() > 0.0;
}

// indefinite concerns CHOLMOD only (LDL^T factors indefinite matrices too),
// so a build without CHOLMOD does not read it.
FactorizationOutcome SymmetricFactorization::factorize(const SparseMatrix& A, bool pattern_changed,
                                                       [[maybe_unused]] Indefinite indefinite) {
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
    if (pattern_changed || !cholmod_->analyzed) {
      const std::lock_guard<std::mutex> ordering(blas_mutex());
      cholmod_->analyze(A);
    }
    {
      const auto blas = blas_turn();
      const SerialOpenMp serial;
      cholmod_->factorize(A);
    }
    if (cholmod_->succeeded()) {
      out.factorized = out.positive_definite = true;
      solve_with_ldlt_ = false;
    } else if (indefinite == Indefinite::report) {
      have_factor_ = false;  // no factor of A: the next call factors whatever it gets
      return out;
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
// own version allocates a temporary for each permutation, and its sparse
// triangular solvers go through iterator and expression layers that cost
// more than the arithmetic on banded factors. The two triangular solves
// below are Eigen's (SparseCore/TriangularSolver.h, unit diagonal, L stored
// without its diagonal), on raw compressed storage:
//   L y = b (column-major, lower): for each column i with y_i ≠ 0,
//     y_r −= y_i L_ri over its entries in storage order;
//   Lᵀ x = y (L read as row-major upper): x_i = y_i − Σ L_ri x_r, summed in
//     storage order, for i from n−1 down.
// Passes are fused where the values are final: y_i is final once column i
// is reached in the forward solve, so D⁻¹ scales it there (with 1/D_i
// computed once per factorization: the same quotient), and x_i is final
// when computed in the backward solve, so it is permuted into place there.
void SymmetricFactorization::solve_signed(const Vec& b, Vec& x, bool negate) const {
#ifdef TIBENCH_HAVE_CHOLMOD
  if (cholmod_ && !solve_with_ldlt_) {
    if (cholmod_->owns_factor()) {
      cholmod_->solve_own(b, x, work_, negate);
      return;
    }
    const auto blas = blas_turn();
    if (negate)
      x = cholmod_->llt.solve(-b);
    else
      x = cholmod_->llt.solve(b);
    return;
  }
#endif
  const Index n = b.size();
  if (partitioned_) {
    if (!tridiagonal_.factorized()) return;  // as Eigen: x is left as it is
    x.resize(n);
    tridiagonal_.solve(b.data(), x.data(), negate ? -1.0 : 1.0);
    return;
  }
  if (ldlt_.info() != Eigen::Success) return;  // as Eigen: x is left as it is
  const auto& P = ldlt_.permutationP().indices();
  const auto& Pinv = ldlt_.permutationPinv().indices();
  const bool permuted = P.size() > 0;
  work_.resize(n + 1);
  double* y = work_.data();
  const double sign = negate ? -1.0 : 1.0;
  if (permuted)
    for (Index i = 0; i < n; ++i) y[P[i]] = sign * b[i];
  else
    for (Index i = 0; i < n; ++i) y[i] = sign * b[i];
  x.resize(n);
  double* out = x.data();
  if (path_factor_) {
    forward_path(y);
    if (permuted)
      backward_path(y, out, [&](Index i) { return Pinv[i]; });
    else
      backward_path(y, out, [](Index i) { return i; });
  } else {
    forward_general(y);
    if (permuted)
      backward_general(y, out, [&](Index i) { return Pinv[i]; });
    else
      backward_general(y, out, [](Index i) { return i; });
  }
}

void SymmetricFactorization::forward_general(double* y) const {
  // (Eigen's factor is compressed: column i is outer[i] … outer[i + 1]; with
  // no off-diagonal entries every column is empty. D has n entries.)
  const auto& L = ldlt_.matrixL().nestedExpression();
  const Index n = L.cols();
  const auto* outer = L.outerIndexPtr();
  const auto* inner = L.innerIndexPtr();
  const double* value = L.valuePtr();
  const double* inv_d = inverse_diagonal_.data();
  for (Index i = 0; i < n; ++i) {
    const double yi = y[i];
    if (yi != 0.0)
      for (auto k = outer[i]; k < outer[i + 1]; ++k) y[inner[k]] -= yi * value[k];
    y[i] = inv_d[i] * yi;
  }
}

template <typename Position>
void SymmetricFactorization::backward_general(double* y, double* out, Position position) const {
  const auto& L = ldlt_.matrixL().nestedExpression();
  const auto* outer = L.outerIndexPtr();
  const auto* inner = L.innerIndexPtr();
  const double* value = L.valuePtr();
  for (Index i = L.cols() - 1; i >= 0; --i) {
    double t = y[i];
    for (auto k = outer[i]; k < outer[i + 1]; ++k) t -= value[k] * y[inner[k]];
    y[i] = t;
    out[position(i)] = t;
  }
}

// The same operations as the general solves on a factor with at most one
// entry per column (an empty column's update is y_n −= yi·0 into the spare
// slot, and t − 0·0 = t exactly), without the per-column loop.
void SymmetricFactorization::forward_path(double* y) const {
  const Index n = static_cast<Index>(parent_.size());
  const auto* parent = parent_.data();
  const double* value = path_values_.data();
  const double* inv_d = inverse_diagonal_.data();
  for (Index i = 0; i < n; ++i) {
    const double yi = y[i];
    if (yi != 0.0) y[parent[i]] -= yi * value[i];
    y[i] = inv_d[i] * yi;
  }
  y[n] = 0.0;
}

template <typename Position>
void SymmetricFactorization::backward_path(double* y, double* out, Position position) const {
  const auto* parent = parent_.data();
  const double* value = path_values_.data();
  for (Index i = static_cast<Index>(parent_.size()) - 1; i >= 0; --i) {
    const double t = y[i] - value[i] * y[parent[i]];
    y[i] = t;
    out[position(i)] = t;
  }
}

// After an analysis: whether every column of L holds at most one entry,
// and where (our analysis stores L's pattern; Eigen's own fills it only
// when it factorizes, so its factors take the general form).
void SymmetricFactorization::analyze_path() {
  const SparseMatrix& L = ldlt_.factor_storage();
  const Index n = L.cols();
  const auto* outer = L.outerIndexPtr();
  const auto* inner = L.innerIndexPtr();
  path_factor_ = L.isCompressed();
  for (Index i = 0; path_factor_ && i < n; ++i) path_factor_ = outer[i + 1] - outer[i] <= 1;
  if (!path_factor_) return;
  parent_.resize(static_cast<std::size_t>(n));
  path_values_.assign(static_cast<std::size_t>(n), 0.0);
  for (Index i = 0; i < n; ++i)
    parent_[static_cast<std::size_t>(i)] =
        outer[i + 1] > outer[i] ? inner[outer[i]] : static_cast<SparseMatrix::StorageIndex>(n);
}

// After each factorization of a path factor: its values (roots keep 0).
void SymmetricFactorization::gather_path_values() {
  const auto& L = ldlt_.matrixL().nestedExpression();
  const auto* outer = L.outerIndexPtr();
  const double* value = L.valuePtr();
  const auto n = static_cast<SparseMatrix::StorageIndex>(parent_.size());
  for (std::size_t i = 0; i < parent_.size(); ++i)
    if (parent_[i] != n) path_values_[i] = value[outer[i]];
}

}  // namespace tibench
