#include "integrators/elimination_ordering.hpp"

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
                           std::vector<StorageIndex>& distance, std::vector<StorageIndex>& reached) {
  reached.clear();
  for (StorageIndex s : sources) {
    distance[static_cast<std::size_t>(s)] = 0;
    reached.push_back(s);
  }
  StorageIndex levels = sources.empty() ? 0 : 1;
  for (std::size_t head = 0; head < reached.size(); ++head) {
    const StorageIndex x = reached[head];
    const StorageIndex d = distance[static_cast<std::size_t>(x)];
    for (auto k = g.start[static_cast<std::size_t>(x)]; k < g.start[static_cast<std::size_t>(x) + 1];
         ++k) {
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

}  // namespace

const char* ordering_name(Ordering ordering) {
  return ordering == Ordering::amd ? "amd" : "center-out";
}

Permutation amd_ordering(const SparseMatrix& A) {
  const SparseMatrix full = A.selfadjointView<Eigen::Lower>();
  Permutation order;
  Eigen::AMDOrdering<StorageIndex>()(full, order);
  return order;
}

Permutation center_out_ordering(const SparseMatrix& A) {
  const Graph g = graph_of(A);
  const auto n = static_cast<std::size_t>(A.rows());
  std::vector<StorageIndex> distance(n, -1), reached, order;
  std::vector<bool> placed(n, false);
  order.reserve(n);
  for (std::size_t seed = 0; seed < n; ++seed) {
    if (placed[seed]) continue;
    // A pseudo-peripheral root (George & Liu §4.3.2): from the last level of
    // the current root's level structure, the node of least degree (lowest
    // index among equals) while that lengthens the structure.
    StorageIndex root = static_cast<StorageIndex>(seed);
    StorageIndex levels = breadth_first(g, {root}, distance, reached);
    for (;;) {
      StorageIndex candidate = -1;
      for (StorageIndex x : reached)
        if (distance[static_cast<std::size_t>(x)] == levels - 1 &&
            (candidate < 0 || g.degree(x) < g.degree(candidate) ||
             (g.degree(x) == g.degree(candidate) && x < candidate)))
          candidate = x;
      forget(reached, distance);
      const StorageIndex candidate_levels = breadth_first(g, {candidate}, distance, reached);
      if (candidate_levels <= levels) {
        forget(reached, distance);
        breadth_first(g, {root}, distance, reached);
        break;
      }
      root = candidate;
      levels = candidate_levels;
    }
    // The middle level of the root's structure, then every node's distance
    // from it.
    std::vector<StorageIndex> middle;
    for (StorageIndex x : reached)
      if (distance[static_cast<std::size_t>(x)] == (levels - 1) / 2) middle.push_back(x);
    std::sort(middle.begin(), middle.end());
    forget(reached, distance);
    breadth_first(g, middle, distance, reached);
    std::vector<StorageIndex> component = reached;
    std::sort(component.begin(), component.end(), [&](StorageIndex a, StorageIndex b) {
      const StorageIndex da = distance[static_cast<std::size_t>(a)];
      const StorageIndex db = distance[static_cast<std::size_t>(b)];
      return da != db ? da > db : a < b;
    });
    for (StorageIndex x : component) {
      placed[static_cast<std::size_t>(x)] = true;
      order.push_back(x);
    }
    // Distances stay set: they mark the component as visited for later BFS
    // runs, which start from unplaced seeds and never cross into it.
  }
  Permutation p(static_cast<Index>(n));
  std::copy(order.begin(), order.end(), p.indices().data());
  return p;
}

EliminationShape elimination_shape(const SparseMatrix& upper) {
  const Index n = upper.cols();
  std::vector<StorageIndex> parent(static_cast<std::size_t>(n), -1), tag(static_cast<std::size_t>(n));
  std::vector<StorageIndex> height(static_cast<std::size_t>(n), 1);
  EliminationShape shape;
  for (Index k = 0; k < n; ++k) {
    tag[static_cast<std::size_t>(k)] = static_cast<StorageIndex>(k);
    for (SparseMatrix::InnerIterator it(upper, k); it; ++it) {
      // Every node reached from a nonzero A(i, k), i < k, on the way up the
      // elimination tree is a nonzero L(k, i).
      for (auto i = static_cast<StorageIndex>(it.row()); i < k && tag[static_cast<std::size_t>(i)] != k;
           i = parent[static_cast<std::size_t>(i)]) {
        if (parent[static_cast<std::size_t>(i)] == -1) parent[static_cast<std::size_t>(i)] = static_cast<StorageIndex>(k);
        ++shape.factor_nonzeros;
        tag[static_cast<std::size_t>(i)] = static_cast<StorageIndex>(k);
      }
    }
  }
  // Children precede their parents (parent(i) > i).
  for (Index k = 0; k < n; ++k) {
    const auto up = parent[static_cast<std::size_t>(k)];
    if (up >= 0)
      height[static_cast<std::size_t>(up)] =
          std::max(height[static_cast<std::size_t>(up)], height[static_cast<std::size_t>(k)] + 1);
    shape.critical_path = std::max<Index>(shape.critical_path, height[static_cast<std::size_t>(k)]);
  }
  return shape;
}

Ordering preferred_ordering(const EliminationShape& amd, const EliminationShape& center_out) {
  const bool no_more_fill = center_out.factor_nonzeros <= amd.factor_nonzeros;
  const bool shorter = 4 * center_out.critical_path <= 3 * amd.critical_path;
  return no_more_fill && shorter ? Ordering::center_out : Ordering::amd;
}

}  // namespace tibench
