// The elimination ordering of the sparse LDLᵀ factorizations, chosen per
// sparsity pattern from the shapes of the candidate factors.
//
// Eigen's AMD minimizes fill. On path-like graphs (spring chains, 1-D bars)
// its elimination tree is a single path, so every step of the factorization
// and of both triangular solves waits on the one before it (a division, or a
// multiply–subtract through memory): the core runs at its latency, not its
// throughput. The center-out ordering eliminates from the far ends of the
// graph towards its middle: unknowns by decreasing graph distance from the
// middle level of a rooted level structure (George & Liu, Computer Solution
// of Large Sparse Positive Definite Systems, 1981, §4.3: pseudo-peripheral
// root), ties by index. On a path it has no fill and an elimination tree of
// two branches of half the length whose nodes alternate in the order: two
// independent dependency chains in flight. (PETSc's default
// nested-dissection ordering gets its speed on chains the same way.)
//
// The choice: center-out when its factor has no more nonzeros than AMD's and
// the longest path of its elimination tree is at most 3/4 of AMD's; AMD
// otherwise. On 2-D and 3-D meshes center-out is a profile ordering with far
// more fill than AMD, so they keep AMD. A shortcut skips AMD (on a chain of
// 10⁵ unknowns it costs more than several steps): center-out is taken
// without comparing when it has no fill at all (no ordering has fewer
// nonzeros), its tree's longest path is at most 3/4 of the number of
// unknowns and the graph has at least n − 1 edges (diagonal and other
// disconnected patterns, whose AMD trees are shallow, are compared). That
// decides differently from the comparison only when AMD has
// no fill either and a tree shorter than 4/3 of center-out's; on every
// registry problem the two decide alike (tests/solvers/test_elimination_ordering.cpp).
#pragma once

#include <Eigen/SparseCore>

#include "problems/problem.hpp"

namespace tibench {

using Permutation =
    Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, SparseMatrix::StorageIndex>;

// (partitioned: tridiagonal matrices, partitioned_tridiagonal.hpp.)
enum class Ordering { amd, center_out, partitioned };
const char* ordering_name(Ordering ordering);

// Eigen's AMD elimination sequence for A (lower triangle read), as
// SimplicialLDLT's analysis computes it.
Permutation amd_ordering(const SparseMatrix& A);

// The center-out elimination sequence of the symmetric pattern of A (lower
// triangle read): entry k is the original index of the k-th unknown
// eliminated, Eigen's convention for ordering methods (P⁻¹). Connected
// components are ordered one after the other, by their smallest index.
Permutation center_out_ordering(const SparseMatrix& A);

struct EliminationShape {
  Index factor_nonzeros = 0;  // strictly lower entries of L
  Index critical_path = 0;    // nodes on the longest leaf-to-root path of the elimination tree
};

// The shape of the LDLᵀ factor of P A Pᵀ (A's lower triangle read; `order`
// is P⁻¹), from its elimination tree and column counts (Eigen's symbolic
// analysis, the same loop).
EliminationShape elimination_shape(const SparseMatrix& A, const Permutation& order);

// The rule above.
Ordering preferred_ordering(const EliminationShape& amd, const EliminationShape& center_out);

// The rule's choice for A's pattern with the candidates' shapes (amd is
// left empty when the shortcut decides).
struct OrderingChoice {
  Ordering ordering = Ordering::amd;
  Permutation order;  // the chosen elimination sequence
  EliminationShape amd, center_out;
};
OrderingChoice choose_ordering(const SparseMatrix& A);

}  // namespace tibench
