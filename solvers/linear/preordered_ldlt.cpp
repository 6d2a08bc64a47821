#include "solvers/linear/preordered_ldlt.hpp"

#include <algorithm>

namespace tibench {

void PreorderedLDLT::analyze_permuted(const Permutation& order, const SparseMatrix& upper) {
  m_Pinv = order;
  m_P = order.inverse();
  analyzePattern_preordered(upper, true);
  // Eigen's pattern walk of factorize_preordered, once: row k's pattern is
  // every node reached up the elimination tree from the nonzeros A(i, k),
  // i ≤ k, stacked so that each path is in tree order and later paths
  // come first.
  const auto n = static_cast<std::size_t>(upper.cols());
  std::vector<StorageIndex> tags(n), path(n), stack(n), filled(n, 0);
  const StorageIndex* Lp = m_matrix.outerIndexPtr();
  StorageIndex* Li = m_matrix.innerIndexPtr();
  row_start_.assign(1, 0);
  pattern_.clear();
  slot_.clear();
  for (std::size_t k = 0; k < n; ++k) {
    const auto kk = static_cast<StorageIndex>(k);
    auto top = n;
    tags[k] = kk;
    for (SparseMatrix::InnerIterator it(upper, static_cast<Index>(k)); it; ++it) {
      auto i = static_cast<StorageIndex>(it.index());
      if (i > kk) continue;
      std::size_t len = 0;
      for (; tags[static_cast<std::size_t>(i)] != kk; i = m_parent[i]) {
        path[len++] = i;
        tags[static_cast<std::size_t>(i)] = kk;
      }
      while (len > 0) stack[--top] = path[--len];
    }
    for (; top < n; ++top) {
      const auto i = static_cast<std::size_t>(stack[top]);
      const StorageIndex p = Lp[i] + filled[i]++;
      Li[p] = kk;  // the rows of L's pattern, as factorize_preordered stores them
      pattern_.push_back(static_cast<StorageIndex>(i));
      slot_.push_back(p);
    }
    row_start_.push_back(static_cast<StorageIndex>(pattern_.size()));
  }
  y_.assign(n, 0.0);
}

void PreorderedLDLT::factorize_permuted(const SparseMatrix& upper) {
  const auto n = static_cast<Index>(upper.cols());
  const StorageIndex* Lp = m_matrix.outerIndexPtr();
  const StorageIndex* Li = m_matrix.innerIndexPtr();
  double* Lx = m_matrix.valuePtr();
  const StorageIndex* outer = upper.outerIndexPtr();
  const StorageIndex* inner = upper.innerIndexPtr();
  const double* a = upper.valuePtr();
  double* y = y_.data();
  m_diag.resize(n);
  double* D = m_diag.data();
  bool ok = true;
  Index k = 0;
  for (; k < n; ++k) {
    y[k] = 0.0;
    // (upper holds rows i ≤ k only: every entry is scattered, as in Eigen.)
    for (auto s = outer[k]; s < outer[k + 1]; ++s) y[inner[s]] += a[s];
    double d = y[k] * m_shiftScale + m_shiftOffset;
    y[k] = 0.0;
    for (auto e = row_start_[static_cast<std::size_t>(k)];
         e < row_start_[static_cast<std::size_t>(k) + 1]; ++e) {
      const auto i = pattern_[static_cast<std::size_t>(e)];
      const auto slot = slot_[static_cast<std::size_t>(e)];
      const double yi = y[i];
      y[i] = 0.0;
      const double l_ki = yi / D[i];
      for (auto p = Lp[i]; p < slot; ++p) y[Li[p]] -= Lx[p] * yi;
      d -= l_ki * yi;
      Lx[slot] = l_ki;
    }
    D[k] = d;
    if (d == 0.0) {
      ok = false;
      break;
    }
  }
  if (!ok) {
    // Eigen stops at the zero pivot with the work row as it is; this one is
    // cleared for the next call.
    std::fill(y_.begin(), y_.end(), 0.0);
  }
  m_info = ok ? Eigen::Success : Eigen::NumericalIssue;
  m_factorizationIsOk = true;
}

}  // namespace tibench
