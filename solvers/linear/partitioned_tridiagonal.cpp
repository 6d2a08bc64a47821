#include "solvers/linear/partitioned_tridiagonal.hpp"

namespace tibench {

namespace {
constexpr int K = PartitionedTridiagonalLDLT::lanes;
}  // namespace

bool PartitionedTridiagonalLDLT::applies(const SparseMatrix& A) {
  if (A.rows() != A.cols() || A.rows() < minimum_order) return false;
  for (Index j = 0; j < A.outerSize(); ++j)
    for (SparseMatrix::InnerIterator it(A, j); it; ++it)
      if (it.index() < j - 1 || it.index() > j + 1) return false;
  return true;
}

void PartitionedTridiagonalLDLT::analyze(const SparseMatrix& A) {
  n_ = A.rows();
  m_ = (n_ - (K - 1)) / K;
  rem_ = n_ - (K - 1) - K * m_;
  const auto size = static_cast<std::size_t>(n_);
  diagonal_at_.assign(size, -1);
  subdiagonal_at_.assign(size, -1);
  const auto* outer = A.outerIndexPtr();
  const auto* inner = A.innerIndexPtr();
  for (Index j = 0; j < n_; ++j)
    for (auto p = outer[j]; p < outer[j + 1]; ++p) {
      if (inner[p] == j) diagonal_at_[static_cast<std::size_t>(j)] = p;
      if (inner[p] == j + 1) subdiagonal_at_[static_cast<std::size_t>(j)] = p;
    }
  a_.assign(size, 0.0);
  e_.assign(size, 0.0);  // e_[n − 1] stays 0: the last unknown has no next one
  l_.assign(size, 0.0);
  g_.assign(size, 0.0);
  r_.assign(size, 0.0);
  factorized_ = positive_definite_ = false;
}

void PartitionedTridiagonalLDLT::factorize(const SparseMatrix& A) {
  const double* values = A.valuePtr();
  for (std::size_t i = 0; i < a_.size(); ++i) {
    a_[i] = diagonal_at_[i] < 0 ? 0.0 : values[diagonal_at_[i]];
    e_[i] = subdiagonal_at_[i] < 0 ? 0.0 : values[subdiagonal_at_[i]];
  }
  std::array<BlockEnd, K> ends;
  factorize_blocks(ends);
  if (factorized_) factorize_separators(ends);
}

namespace {

// One block's elimination state: the last unknown's l_j, f_j and pivot
// checks. (sum_fg starts at −0, the identity of +: −0 + x is x exactly.)
struct Chain {
  double l = 0, f = 0, sum_fg = -0.0;
  bool zero = false, nonpositive = false;
};

// Unknown i of a block with pivot d and coupling f to the block's left
// separator: its factor entries and the chain's state.
inline void record(Chain& s, Index i, double d, double f, const double* e, double* l, double* g,
                   double* r) {
  const double inv = 1.0 / d;
  r[i] = inv;
  s.l = l[i] = e[i] * inv;
  const double gi = f * inv;
  g[i] = gi;
  s.f = f;
  s.sum_fg += f * gi;
  s.zero |= d == 0.0;
  s.nonpositive |= !(d > 0.0);
}

// Eliminates unknown i of a block whose previous unknown left `s` (i is
// not the block's first).
inline void eliminate(Chain& s, Index i, const double* a, const double* e, double* l, double* g,
                      double* r) {
  record(s, i, a[i] - e[i - 1] * s.l, -s.l * s.f, e, l, g, r);
}

}  // namespace

void PartitionedTridiagonalLDLT::factorize_blocks(std::array<BlockEnd, K>& ends) {
  const double* a = a_.data();
  const double* e = e_.data();
  double *l = l_.data(), *g = g_.data(), *r = r_.data();
  std::array<Chain, K> chain;
  for (int k = 0; k < K; ++k) {  // each block's first unknown
    const Index i = block_start(k);
    record(chain[static_cast<std::size_t>(k)], i, a[i], k > 0 ? e[i - 1] : 0.0, e, l, g, r);
  }
  for (Index t = 1; t < m_; ++t)
#pragma GCC unroll 4
    for (int k = 0; k < K; ++k)
      eliminate(chain[static_cast<std::size_t>(k)], block_start(k) + t, a, e, l, g, r);
  for (Index t = m_; t < m_ + rem_; ++t)
    eliminate(chain[K - 1], block_start(K - 1) + t, a, e, l, g, r);
  factorized_ = true;
  positive_definite_ = true;
  for (int k = 0; k < K; ++k) {
    const Chain& s = chain[static_cast<std::size_t>(k)];
    factorized_ = factorized_ && !s.zero;
    positive_definite_ = positive_definite_ && !s.nonpositive;
    const Index last = block_start(k) + block_length(k) - 1;
    ends[static_cast<std::size_t>(k)] = {s.l, s.f, e[last], s.sum_fg};
  }
}

void PartitionedTridiagonalLDLT::factorize_separators(const std::array<BlockEnd, K>& ends) {
  double previous_l = 0.0, previous_offdiagonal = 0.0;
  for (int k = 0; k < K - 1; ++k) {
    const auto sk = static_cast<std::size_t>(k);
    const double diagonal =
        a_[static_cast<std::size_t>(separator(k))] - ends[sk].c * ends[sk].l - ends[sk + 1].sum_fg;
    const double d = diagonal - previous_offdiagonal * previous_l;
    // S(s_k, s_{k+1}) comes from block k + 1, which lies between them.
    const double offdiagonal = k + 1 < K - 1 ? -ends[sk + 1].l * ends[sk + 1].f : 0.0;
    separator_r_[sk] = 1.0 / d;
    separator_l_[sk] = offdiagonal * separator_r_[sk];
    previous_l = separator_l_[sk];
    previous_offdiagonal = offdiagonal;
    factorized_ = factorized_ && d != 0.0;
    positive_definite_ = positive_definite_ && d > 0.0;
  }
}

void PartitionedTridiagonalLDLT::solve(const double* b, double* x, double sign) const {
  const double *l = l_.data(), *g = g_.data(), *r = r_.data();
  // Forward: y = L⁻¹ b, block unknowns into x; each chain's sum Σ g_j y_j
  // for its left separator.
  std::array<double, K> y{}, sum{};
  for (int k = 0; k < K; ++k) {
    const Index i = block_start(k);
    y[static_cast<std::size_t>(k)] = x[i] = sign * b[i];
    sum[static_cast<std::size_t>(k)] = g[i] * x[i];
  }
  const auto forward = [&](std::size_t k, Index i) {
    const double yi = sign * b[i] - l[i - 1] * y[k];
    x[i] = y[k] = yi;
    sum[k] += g[i] * yi;
  };
  for (Index t = 1; t < m_; ++t)
#pragma GCC unroll 4
    for (int k = 0; k < K; ++k) forward(static_cast<std::size_t>(k), block_start(k) + t);
  for (Index t = m_; t < m_ + rem_; ++t) forward(K - 1, block_start(K - 1) + t);
  // The separators: forward, D⁻¹, backward.
  std::array<double, K - 1> ys{};
  for (std::size_t k = 0; k + 1 < K; ++k) {
    const Index s = separator(static_cast<int>(k));
    ys[k] = sign * b[s] - l[s - 1] * y[k] - sum[k + 1];
    if (k > 0) ys[k] -= separator_l_[k - 1] * ys[k - 1];
  }
  for (std::size_t k = K - 1; k-- > 0;) {
    ys[k] *= separator_r_[k];
    if (k + 2 < K) ys[k] -= separator_l_[k] * ys[k + 1];
    x[separator(static_cast<int>(k))] = ys[k];
  }
  // Backward: x_j = y_j / d_j − l_j x_next − g_j x_{s_L}.
  std::array<double, K> next{}, left{};
  for (std::size_t k = 0; k < K; ++k) {
    next[k] = k + 1 < K ? ys[k] : 0.0;
    left[k] = k > 0 ? ys[k - 1] : 0.0;
  }
  const auto backward = [&](std::size_t k, Index i) {
    next[k] = x[i] = x[i] * r[i] - l[i] * next[k] - g[i] * left[k];
  };
  for (Index t = m_ + rem_; t-- > m_;) backward(K - 1, block_start(K - 1) + t);
  for (Index t = m_; t-- > 0;)
#pragma GCC unroll 4
    for (int k = 0; k < K; ++k) backward(static_cast<std::size_t>(k), block_start(k) + t);
}

}  // namespace tibench
