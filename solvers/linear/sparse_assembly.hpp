// Assembly of a sparse matrix from triplets into a compressed pattern that is
// built once and then refilled in place.
//
// Problems emit their Hessians as triplets whose (row, col) sequence does not
// depend on q (problems/problem.hpp), so the compressed column pattern and the
// position of every triplet in it are the same at every Newton iteration.
// The first call builds them with Eigen's setFromTriplets; later calls whose
// triplet positions equal the cached ones only scatter the values (one pass,
// no sorting, no allocation); triplets at other positions (from the first
// that moved on, e.g. the transforms a contact active set appends) are
// looked up in the cached pattern, and only a position outside it, or an
// entry left without a triplet, builds the pattern again. Duplicates are
// summed in triplet order starting from −0.0, which is exactly what
// setFromTriplets computes (it keeps the first duplicate and adds the later
// ones in order; −0.0 + x = x for every x), so the matrix is bit-identical
// to the setFromTriplets one (tests/solvers/test_sparse_assembly.cpp).
#pragma once

#include <vector>

#include "problems/problem.hpp"

namespace tibench {

class TripletAssembler {
 public:
  // Fills `out` (n × n) with the sum of the triplets. Returns true when the
  // compressed pattern differs from the one of the previous call (or on the
  // first call): a factorization must then analyze it again.
  bool assemble(const Triplets& triplets, Index n, SparseMatrix& out);
  // Whether the last call's triplet positions were those of the call before
  // (values only scattered), and the value index of each of its triplets:
  // a caller that derives another triplet list from these can then scatter
  // its values itself.
  bool same_positions() const { return same_positions_; }
  // Refills `out`, left by the last assemble() call, from the values of
  // triplets at that call's positions, in its order (duplicates summed as
  // assemble() sums them, so the matrix is bit-identical). False, with out
  // untouched, when the count differs from that call's.
  bool refill(const std::vector<double>& values, SparseMatrix& out) const;
  // refill() for values whose positions from `first` on are (rows, cols),
  // not the last call's (e.g. a new contact active set's transforms): those
  // are looked up in the pattern, and the ones before keep their slots. The
  // matrix is the one assemble() would give for these triplets, bit for
  // bit. False when a position lies outside the pattern or the pattern
  // would lose an entry; `out` is then unspecified and the next assemble()
  // builds the pattern again.
  bool refill_moved(const std::vector<double>& values, std::size_t first,
                    const std::vector<Index>& rows, const std::vector<Index>& cols,
                    SparseMatrix& out);
  const std::vector<SparseMatrix::StorageIndex>& slots() const { return slot_; }
  // Calls that built the pattern with setFromTriplets (the others scattered).
  long pattern_builds() const { return builds_; }

 private:
  // Scatters triplets [from, end) into values at their slots in the cached
  // pattern, caching their positions; false at the first one outside it, or
  // when an entry of the pattern is left without a triplet (a smaller
  // pattern).
  bool scatter_looked_up(const Triplets& triplets, std::size_t from, double* values);
  // out's values ← −0.0 plus values[0, count) at their cached slots.
  void scatter_cached(const std::vector<double>& values, std::size_t count,
                      SparseMatrix& out) const;
  template <class Row, class Col, class Value>
  bool look_up_from(std::size_t from, std::size_t end, const Row& row, const Col& col,
                    const Value& value, double* values);

  bool same_positions_ = false;
  long builds_ = 0;
  Index n_ = -1;
  std::vector<SparseMatrix::StorageIndex> rows_, cols_;    // cached triplet positions
  std::vector<SparseMatrix::StorageIndex> slot_;           // value index of each triplet
  std::vector<SparseMatrix::StorageIndex> outer_, inner_;  // the compressed pattern
  std::vector<int> hits_;  // triplets of the cached positions at each entry
  std::vector<SparseMatrix::StorageIndex> emptied_;
};

// Where the entries of a matrix derived from A come from (a permuted or
// row-major copy, whose pattern is fixed once A's is): value_indices(A) is
// A with every value replaced by its index in A's value array (exact in
// doubles); derive from it what is derived from A, and value_sources of the
// result gives, per stored entry, the index of A's value it holds. The
// derived copy can then be refilled by a gather instead of rebuilt.
SparseMatrix value_indices(const SparseMatrix& A);

template <class Derived>
std::vector<Index> value_sources(const Derived& derived) {
  std::vector<Index> source(static_cast<std::size_t>(derived.nonZeros()));
  for (std::size_t k = 0; k < source.size(); ++k)
    source[k] = static_cast<Index>(derived.valuePtr()[k]);
  return source;
}

// Refills `derived` from A's current values through value_sources' indices.
inline void gather_values(const SparseMatrix& A, const std::vector<Index>& source,
                          SparseMatrix& derived) {
  double* values = derived.valuePtr();
  const double* from = A.valuePtr();
  for (std::size_t k = 0; k < source.size(); ++k) values[k] = from[source[k]];
}

}  // namespace tibench
