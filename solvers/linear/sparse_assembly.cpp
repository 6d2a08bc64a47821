#include "solvers/linear/sparse_assembly.hpp"

#include <algorithm>

namespace tibench {

bool TripletAssembler::assemble(const Triplets& triplets, Index n, SparseMatrix& out) {
  if (n == n_ && out.rows() == n && out.cols() == n && out.isCompressed() &&
      static_cast<Index>(inner_.size()) == out.nonZeros() && triplets.size() == rows_.size()) {
    // One pass: positions checked while the values are scattered; a
    // mismatch (a new pattern) falls through to the full rebuild below.
    double* values = out.valuePtr();
    std::fill(values, values + out.nonZeros(), -0.0);
    std::size_t k = 0;
    for (; k < triplets.size(); ++k) {
      const auto& t = triplets[k];
      if (t.row() != rows_[k] || t.col() != cols_[k]) break;
      values[slot_[k]] += t.value();
    }
    same_positions_ = k == triplets.size();
    if (same_positions_) return false;
  }
  same_positions_ = false;
  out.resize(n, n);
  out.setFromTriplets(triplets.begin(), triplets.end());
  const bool changed = n != n_ || static_cast<Index>(inner_.size()) != out.nonZeros() ||
                       !std::equal(outer_.begin(), outer_.end(), out.outerIndexPtr()) ||
                       !std::equal(inner_.begin(), inner_.end(), out.innerIndexPtr());
  n_ = n;
  outer_.assign(out.outerIndexPtr(), out.outerIndexPtr() + out.outerSize() + 1);
  inner_.assign(out.innerIndexPtr(), out.innerIndexPtr() + out.nonZeros());
  rows_.resize(triplets.size());
  cols_.resize(triplets.size());
  slot_.resize(triplets.size());
  for (std::size_t k = 0; k < triplets.size(); ++k) {
    const auto r = triplets[k].row(), c = triplets[k].col();
    rows_[k] = r;
    cols_[k] = c;
    const auto first = inner_.begin() + outer_[static_cast<std::size_t>(c)];
    const auto last = inner_.begin() + outer_[static_cast<std::size_t>(c) + 1];
    slot_[k] =
        static_cast<SparseMatrix::StorageIndex>(std::lower_bound(first, last, r) - inner_.begin());
  }
  return changed;
}

bool TripletAssembler::refill(const std::vector<double>& values, SparseMatrix& out) const {
  if (n_ < 0 || values.size() != slot_.size() || out.rows() != n_ ||
      out.nonZeros() != static_cast<Index>(inner_.size()))
    return false;
  double* entries = out.valuePtr();
  std::fill(entries, entries + out.nonZeros(), -0.0);
  for (std::size_t k = 0; k < values.size(); ++k) entries[slot_[k]] += values[k];
  return true;
}

SparseMatrix value_indices(const SparseMatrix& A) {
  SparseMatrix index = A;
  for (Index k = 0; k < index.nonZeros(); ++k) index.valuePtr()[k] = static_cast<double>(k);
  return index;
}

}  // namespace tibench
