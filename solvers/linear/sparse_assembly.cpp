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

// Positions [from, end) replace the cached ones from `from` on: each is
// looked up in the pattern and its value scattered there. The pattern
// stays only if every entry that only the replaced positions held is held
// again.
template <class Row, class Col, class Value>
bool TripletAssembler::look_up_from(std::size_t from, std::size_t end, const Row& row,
                                    const Col& col, const Value& value, double* values) {
  emptied_.clear();
  for (std::size_t k = from; k < slot_.size(); ++k)
    if (--hits_[static_cast<std::size_t>(slot_[k])] == 0) emptied_.push_back(slot_[k]);
  rows_.resize(end);
  cols_.resize(end);
  slot_.resize(end);
  for (std::size_t k = from; k < end; ++k) {
    const auto r = static_cast<SparseMatrix::StorageIndex>(row(k));
    const auto c = static_cast<SparseMatrix::StorageIndex>(col(k));
    if (r < 0 || c < 0 || r >= n_ || c >= n_) return false;
    const auto first = inner_.begin() + outer_[static_cast<std::size_t>(c)];
    const auto last = inner_.begin() + outer_[static_cast<std::size_t>(c) + 1];
    const auto found = std::lower_bound(first, last, r);
    if (found == last || *found != r) return false;
    rows_[k] = r;
    cols_[k] = c;
    slot_[k] = static_cast<SparseMatrix::StorageIndex>(found - inner_.begin());
    ++hits_[static_cast<std::size_t>(slot_[k])];
    values[slot_[k]] += value(k);
  }
  return std::all_of(emptied_.begin(), emptied_.end(),
                     [&](auto slot) { return hits_[static_cast<std::size_t>(slot)] > 0; });
}

bool TripletAssembler::scatter_looked_up(const Triplets& triplets, std::size_t from,
                                         double* values) {
  return look_up_from(
      from, triplets.size(), [&](std::size_t k) { return triplets[k].row(); },
      [&](std::size_t k) { return triplets[k].col(); },
      [&](std::size_t k) { return triplets[k].value(); }, values);
}

bool TripletAssembler::refill(const std::vector<double>& values, SparseMatrix& out) const {
  if (n_ < 0 || values.size() != slot_.size() || out.rows() != n_ ||
      out.nonZeros() != static_cast<Index>(inner_.size()))
    return false;
  scatter_cached(values, values.size(), out);
  return true;
}

void TripletAssembler::scatter_cached(const std::vector<double>& values, std::size_t count,
                                      SparseMatrix& out) const {
  double* entries = out.valuePtr();
  std::fill(entries, entries + out.nonZeros(), -0.0);
  for (std::size_t k = 0; k < count; ++k) entries[slot_[k]] += values[k];
}

bool TripletAssembler::refill_moved(const std::vector<double>& values, std::size_t first,
                                    const std::vector<Index>& rows, const std::vector<Index>& cols,
                                    SparseMatrix& out) {
  if (n_ < 0 || first > slot_.size() || rows.size() != cols.size() ||
      values.size() != first + rows.size() || out.rows() != n_ ||
      out.nonZeros() != static_cast<Index>(inner_.size()))
    return false;
  scatter_cached(values, first, out);
  same_positions_ = false;
  if (look_up_from(
          first, values.size(), [&](std::size_t k) { return rows[k - first]; },
          [&](std::size_t k) { return cols[k - first]; }, [&](std::size_t k) { return values[k]; },
          out.valuePtr()))
    return true;
  n_ = -1;  // the cache is half rewritten: the next assemble() builds it again
  return false;
}

SparseMatrix value_indices(const SparseMatrix& A) {
  SparseMatrix index = A;
  for (Index k = 0; k < index.nonZeros(); ++k) index.valuePtr()[k] = static_cast<double>(k);
  return index;
}

}  // namespace tibench
