#include "solvers/linear/elimination_ordering.hpp"

#include <Eigen/OrderingMethods>
#include <algorithm>
#include <vector>

namespace tibench {
namespace {

using StorageIndex = SparseMatrix::StorageIndex;

// The graph of a symmetric pattern: neighbours of node x are
// adjacent[start[x] … start[x + 1]), ascending.
struct Graph {
  std::vector<StorageIndex> start, adjacent;
  StorageIndex degree(StorageIndex x) const {
    return start[static_cast<std::size_t>(x) + 1] - start[static_cast<std::size_t>(x)];
  }
};

Graph graph_of(const SparseMatrix& A) {
  const auto n = static_cast<std::size_t>(A.rows());
  Graph g;
  g.start.assign(n + 1, 0);
  for (Index j = 0; j < A.outerSize(); ++j)
    for (SparseMatrix::InnerIterator it(A, j); it; ++it)
      if (it.row() > j) {
        ++g.start[static_cast<std::size_t>(it.row()) + 1];
        ++g.start[static_cast<std::size_t>(j) + 1];
      }
  for (std::size_t x = 0; x < n; ++x) g.start[x + 1] += g.start[x];
  g.adjacent.resize(static_cast<std::size_t>(g.start[n]));
  std::vector<StorageIndex> fill(g.start.begin(), g.start.end() - 1);
  // Columns ascending: node x first receives its neighbours below it (as the
  // row of earlier columns), then those above it (its own column): ascending.
  for (Index j = 0; j < A.outerSize(); ++j)
    for (SparseMatrix::InnerIterator it(A, j); it; ++it)
      if (it.row() > j) {
        g.adjacent[static_cast<std::size_t>(fill[static_cast<std::size_t>(it.row())]++)] =
            static_cast<StorageIndex>(j);
        g.adjacent[static_cast<std::size_t>(fill[static_cast<std::size_t>(j)]++)] =
            static_cast<StorageIndex>(it.row());
      }
  return g;
}

// Breadth-first search from `sources` within their component; `distance`
// (−1 = unvisited) receives the level of every node reached, `reached` the
// nodes in visiting order. Returns the number of levels.
StorageIndex breadth_first(const Graph& g, const std::vector<StorageIndex>& sources,
                           std::vector<StorageIndex>& distance,
                           std::vector<StorageIndex>& reached) {
  reached.clear();
  for (StorageIndex s : sources) {
    distance[static_cast<std::size_t>(s)] = 0;
    reached.push_back(s);
  }
  StorageIndex levels = sources.empty() ? 0 : 1;
  for (std::size_t head = 0; head < reached.size(); ++head) {
    const StorageIndex x = reached[head];
    const StorageIndex d = distance[static_cast<std::size_t>(x)];
    for (auto k = g.start[static_cast<std::size_t>(x)];
         k < g.start[static_cast<std::size_t>(x) + 1]; ++k) {
      const StorageIndex y = g.adjacent[static_cast<std::size_t>(k)];
      if (distance[static_cast<std::size_t>(y)] >= 0) continue;
      distance[static_cast<std::size_t>(y)] = d + 1;
      levels = std::max(levels, d + 2);
      reached.push_back(y);
    }
  }
  return levels;
}

void forget(const std::vector<StorageIndex>& nodes, std::vector<StorageIndex>& distance) {
  for (StorageIndex x : nodes) distance[static_cast<std::size_t>(x)] = -1;
}

// The center-out sequence of graph g (see the header).
Permutation center_out_ordering(const Graph& g) {
  const auto n = g.start.size() - 1;
  std::vector<StorageIndex> distance(n, -1), reached, root_distance(n, 0), order;
  std::vector<bool> placed(n, false);
  std::vector<std::size_t> bucket_start;
  order.reserve(n);
  for (std::size_t seed = 0; seed < n; ++seed) {
    if (placed[seed]) continue;
    // A pseudo-peripheral root (George & Liu §4.3.2): from the last level of
    // the current root's level structure, the node of least degree (lowest
    // index among equals) while that lengthens the structure.
    StorageIndex levels = breadth_first(g, {static_cast<StorageIndex>(seed)}, distance, reached);
    for (;;) {
      StorageIndex candidate = -1;
      for (StorageIndex x : reached)
        if (distance[static_cast<std::size_t>(x)] == levels - 1 &&
            (candidate < 0 || g.degree(x) < g.degree(candidate) ||
             (g.degree(x) == g.degree(candidate) && x < candidate)))
          candidate = x;
      for (StorageIndex x : reached)
        root_distance[static_cast<std::size_t>(x)] = distance[static_cast<std::size_t>(x)];
      forget(reached, distance);
      const StorageIndex candidate_levels = breadth_first(g, {candidate}, distance, reached);
      if (candidate_levels <= levels) break;
      levels = candidate_levels;
    }
    // The middle level of the root's structure, ascending, then every node's
    // distance from it.
    std::vector<StorageIndex> middle;
    for (StorageIndex x : reached)
      if (root_distance[static_cast<std::size_t>(x)] == (levels - 1) / 2) middle.push_back(x);
    std::sort(middle.begin(), middle.end());
    forget(reached, distance);
    breadth_first(g, middle, distance, reached);
    // Decreasing distance, ascending index within a distance: a counting
    // sort over the component's nodes taken in ascending index.
    std::vector<StorageIndex> component = reached;
    std::sort(component.begin(), component.end());
    StorageIndex far = 0;
    for (StorageIndex x : component) far = std::max(far, distance[static_cast<std::size_t>(x)]);
    bucket_start.assign(static_cast<std::size_t>(far) + 2, 0);
    for (StorageIndex x : component)
      ++bucket_start[static_cast<std::size_t>(far - distance[static_cast<std::size_t>(x)]) + 1];
    for (std::size_t b = 1; b < bucket_start.size(); ++b) bucket_start[b] += bucket_start[b - 1];
    const std::size_t base = order.size();
    order.resize(base + component.size());
    for (StorageIndex x : component) {
      order[base +
            bucket_start[static_cast<std::size_t>(far - distance[static_cast<std::size_t>(x)])]++] =
          x;
      placed[static_cast<std::size_t>(x)] = true;
    }
    // Distances stay set: the component's nodes are never reached again
    // (later searches start in other components).
  }
  Permutation p(static_cast<Index>(n));
  std::copy(order.begin(), order.end(), p.indices().data());
  return p;
}

// The shape of L for the elimination sequence `order` of graph g: Eigen's
// symbolic loop over the rows i < k of column k of P A Pᵀ (the parent and
// the counts do not depend on the order the rows are visited in).
EliminationShape elimination_shape(const Graph& g, const Permutation& order) {
  const auto n = g.start.size() - 1;
  std::vector<StorageIndex> position(n), parent(n, -1), tag(n), height(n, 1);
  for (std::size_t k = 0; k < n; ++k)
    position[static_cast<std::size_t>(order.indices()[static_cast<Index>(k)])] =
        static_cast<StorageIndex>(k);
  EliminationShape shape;
  for (std::size_t k = 0; k < n; ++k) {
    const auto kk = static_cast<StorageIndex>(k);
    tag[k] = kk;
    const auto x = static_cast<std::size_t>(order.indices()[static_cast<Index>(k)]);
    for (auto e = g.start[x]; e < g.start[x + 1]; ++e) {
      // Every node reached from a nonzero A(i, k), i < k, on the way up the
      // elimination tree is a nonzero L(k, i).
      for (auto i = position[static_cast<std::size_t>(g.adjacent[static_cast<std::size_t>(e)])];
           i < kk && tag[static_cast<std::size_t>(i)] != kk;
           i = parent[static_cast<std::size_t>(i)]) {
        if (parent[static_cast<std::size_t>(i)] == -1) parent[static_cast<std::size_t>(i)] = kk;
        ++shape.factor_nonzeros;
        tag[static_cast<std::size_t>(i)] = kk;
      }
    }
  }
  // Children precede their parents (parent(i) > i).
  for (std::size_t k = 0; k < n; ++k) {
    const auto up = parent[k];
    if (up >= 0)
      height[static_cast<std::size_t>(up)] =
          std::max(height[static_cast<std::size_t>(up)], height[k] + 1);
    shape.critical_path = std::max<Index>(shape.critical_path, height[k]);
  }
  return shape;
}

}  // namespace

const char* ordering_name(Ordering ordering) {
  switch (ordering) {
    case Ordering::amd: return "amd";
    case Ordering::center_out: return "center-out";
    case Ordering::partitioned: return "partitioned";
  }
  return "?";
}

Permutation amd_ordering(const SparseMatrix& A) {
  // SimplicialLDLT hands AMD the full symmetric matrix, to which AMD adds
  // its transpose (a copy with the same pattern); the selfadjoint overload
  // starts from that pattern directly (the same ordering: the test compares).
  Permutation order;
  Eigen::AMDOrdering<StorageIndex>()(A.selfadjointView<Eigen::Lower>(), order);
  return order;
}

Permutation center_out_ordering(const SparseMatrix& A) { return center_out_ordering(graph_of(A)); }

EliminationShape elimination_shape(const SparseMatrix& A, const Permutation& order) {
  return elimination_shape(graph_of(A), order);
}

Ordering preferred_ordering(const EliminationShape& amd, const EliminationShape& center_out) {
  const bool no_more_fill = center_out.factor_nonzeros <= amd.factor_nonzeros;
  const bool shorter = 4 * center_out.critical_path <= 3 * amd.critical_path;
  return no_more_fill && shorter ? Ordering::center_out : Ordering::amd;
}

namespace {

// The shortcut of the header: no fill (as many factor entries as the
// pattern has below the diagonal) and a tree at most 3/4 as deep as n, on a
// graph with at least n − 1 edges (a path-like one, where AMD's tree is as
// deep as n; a graph with fewer edges falls apart into pieces whose AMD
// trees are as shallow as center-out's, e.g. a diagonal matrix).
bool no_fill_and_shallow(const EliminationShape& center_out, Index edges, Index n) {
  return edges >= n - 1 && center_out.factor_nonzeros == edges &&
         4 * center_out.critical_path <= 3 * n;
}

}  // namespace

OrderingChoice choose_ordering(const SparseMatrix& A) {
  const Graph g = graph_of(A);
  OrderingChoice choice;
  Permutation center_out = center_out_ordering(g);
  choice.center_out = elimination_shape(g, center_out);
  const auto edges = static_cast<Index>(g.adjacent.size() / 2);
  if (no_fill_and_shallow(choice.center_out, edges, A.rows())) {
    choice.ordering = Ordering::center_out;
    choice.order = std::move(center_out);
    return choice;  // (AMD not computed: choice.amd stays empty)
  }
  Permutation amd = amd_ordering(A);
  choice.amd = elimination_shape(g, amd);
  choice.ordering = preferred_ordering(choice.amd, choice.center_out);
  choice.order = std::move(choice.ordering == Ordering::amd ? amd : center_out);
  return choice;
}

}  // namespace tibench
