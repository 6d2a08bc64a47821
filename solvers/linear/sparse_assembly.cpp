#include "solvers/linear/sparse_assembly.hpp"

#include <algorithm>

namespace tibench {

bool TripletAssembler::assemble(const Triplets& triplets, Index n, SparseMatrix& out) {
  if (n == n_ && out.rows() == n && out.cols() == n && out.isCompressed() &&
      static_cast<Index>(inner_.size()) == out.nonZeros()) {
    // One pass: positions checked while the values are scattered; from the
    // first moved triplet on, each is looked up in the pattern, and one
    // outside it (a new pattern) falls through to the full rebuild below.
    double* values = out.valuePtr();
    std::fill(values, values + out.nonZeros(), -0.0);
    const std::size_t cached = std::min(triplets.size(), rows_.size());
    std::size_t k = 0;
    for (; k < cached; ++k) {
      const auto& t = triplets[k];
      if (t.row() != rows_[k] || t.col() != cols_[k]) break;
      values[slot_[k]] += t.value();
    }
    same_positions_ = k == triplets.size() && k == rows_.size();
    if (same_positions_ || scatter_looked_up(triplets, k, values)) return false;
  }
  same_positions_ = false;
  ++builds_;
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
  hits_.assign(inner_.size(), 0);
  for (const auto slot : slot_) ++hits_[static_cast<std::size_t>(slot)];
  return changed;
}

bool TripletAssembler::scatter_looked_up(const Triplets& triplets, std::size_t from,
                                         double* values) {
  // The entries only the replaced triplets [from, cached end) held: the
  // pattern stays only if the new ones hold each of them again.
  emptied_.clear();
  for (std::size_t k = from; k < slot_.size(); ++k)
    if (--hits_[static_cast<std::size_t>(slot_[k])] == 0) emptied_.push_back(slot_[k]);
  rows_.resize(triplets.size());
  cols_.resize(triplets.size());
  slot_.resize(triplets.size());
  for (std::size_t k = from; k < triplets.size(); ++k) {
    const auto r = triplets[k].row(), c = triplets[k].col();
    if (r < 0 || c < 0 || r >= n_ || c >= n_) return false;
    const auto first = inner_.begin() + outer_[static_cast<std::size_t>(c)];
    const auto last = inner_.begin() + outer_[static_cast<std::size_t>(c) + 1];
    const auto found = std::lower_bound(first, last, r);
    if (found == last || *found != r) return false;
    rows_[k] = r;
    cols_[k] = c;
    slot_[k] = static_cast<SparseMatrix::StorageIndex>(found - inner_.begin());
    ++hits_[static_cast<std::size_t>(slot_[k])];
    values[slot_[k]] += triplets[k].value();
  }
  return std::all_of(emptied_.begin(), emptied_.end(),
                     [&](auto slot) { return hits_[static_cast<std::size_t>(slot)] > 0; });
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
