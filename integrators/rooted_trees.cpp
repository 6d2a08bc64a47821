#include "integrators/rooted_trees.hpp"

#include <map>
#include <mutex>

namespace tibench {

namespace {

std::vector<RootedTree> generate(int max_order, int colors) {
  std::vector<RootedTree> trees;
  for (int c = 0; c < colors; ++c) trees.push_back({1, c, {}, 1.0});
  for (int n = 2; n <= max_order; ++n) {
    const int existing = static_cast<int>(trees.size());
    // A tree is a root colour and a multiset of smaller trees whose orders
    // sum to n − 1; enumerating the multiset as a non-increasing index
    // sequence produces each tree once.
    for (int color = 0; color < colors; ++color) {
      std::vector<int> chosen;
      std::function<void(int, int)> extend = [&](int remaining, int max_index) {
        if (remaining == 0) {
          double density = n;
          for (int k : chosen) density *= trees[static_cast<std::size_t>(k)].density;
          trees.push_back({n, color, chosen, density});
          return;
        }
        for (int k = max_index; k >= 0; --k) {
          if (trees[static_cast<std::size_t>(k)].order > remaining) continue;
          chosen.push_back(k);
          extend(remaining - trees[static_cast<std::size_t>(k)].order, k);
          chosen.pop_back();
        }
      };
      extend(n - 1, existing - 1);
    }
  }
  return trees;
}

}  // namespace

const std::vector<RootedTree>& rooted_trees(int max_order, int colors) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::vector<RootedTree>> cache;
  std::lock_guard lock(mutex);
  auto key = std::make_pair(max_order, colors);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, generate(max_order, colors)).first;
  return it->second;
}

std::vector<Eigen::VectorXd> elementary_weights(const std::vector<RootedTree>& trees,
                                                const CoefficientRule& rule, Eigen::Index stages) {
  std::vector<Eigen::VectorXd> phi;
  phi.reserve(trees.size());
  for (const auto& t : trees) {
    Eigen::VectorXd w = Eigen::VectorXd::Ones(stages);
    for (int c : t.children) {
      const RootedTree& child = trees[static_cast<std::size_t>(c)];
      w = w.cwiseProduct(rule(t, child) * phi[static_cast<std::size_t>(c)]);
    }
    phi.push_back(std::move(w));
  }
  return phi;
}

int order_from_conditions(const std::vector<RootedTree>& trees,
                          const std::vector<Eigen::VectorXd>& phi,
                          const std::vector<Eigen::VectorXd>& weights, int max_order, double tol) {
  int order = max_order;
  for (std::size_t k = 0; k < trees.size(); ++k) {
    if (trees[k].order > max_order) continue;
    const Eigen::VectorXd& b = weights[static_cast<std::size_t>(trees[k].color)];
    const double lhs = b.dot(phi[k]);
    const double rhs = 1.0 / trees[k].density;
    const double scale = std::max(1.0, b.cwiseAbs().dot(phi[k].cwiseAbs()));
    if (std::abs(lhs - rhs) > tol * scale) order = std::min(order, trees[k].order - 1);
  }
  return order;
}

int order_from_conditions(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                          double tol) {
  const auto& trees = rooted_trees(max_order);
  const auto phi = elementary_weights(
      trees, [&](const RootedTree&, const RootedTree&) -> const Eigen::MatrixXd& { return A; },
      A.rows());
  return order_from_conditions(trees, phi, {b}, max_order, tol);
}

}  // namespace tibench
