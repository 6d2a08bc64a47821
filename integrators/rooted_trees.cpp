#include "integrators/rooted_trees.hpp"

#include <functional>
#include <map>
#include <mutex>

namespace tibench {

namespace {

std::vector<RootedTree> generate(int max_order) {
  std::vector<RootedTree> trees;
  trees.push_back({1, {}, 1.0});
  for (int n = 2; n <= max_order; ++n) {
    const std::size_t existing = trees.size();
    // The root's children form a multiset of smaller trees whose orders sum
    // to n − 1; enumerating them as non-increasing index sequences produces
    // each tree once.
    std::vector<int> chosen;
    std::function<void(int, int)> extend = [&](int remaining, int max_index) {
      if (remaining == 0) {
        double density = n;
        for (int c : chosen) density *= trees[c].density;
        trees.push_back({n, chosen, density});
        return;
      }
      for (int k = max_index; k >= 0; --k) {
        if (trees[k].order > remaining) continue;
        chosen.push_back(k);
        extend(remaining - trees[k].order, k);
        chosen.pop_back();
      }
    };
    extend(n - 1, static_cast<int>(existing) - 1);
  }
  return trees;
}

}  // namespace

const std::vector<RootedTree>& rooted_trees(int max_order) {
  static std::mutex mutex;
  static std::map<int, std::vector<RootedTree>> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(max_order);
  if (it == cache.end()) it = cache.emplace(max_order, generate(max_order)).first;
  return it->second;
}

std::vector<Eigen::VectorXd> elementary_weights(const Eigen::MatrixXd& A, int max_order) {
  const auto& trees = rooted_trees(max_order);
  std::vector<Eigen::VectorXd> phi;
  phi.reserve(trees.size());
  for (const auto& t : trees) {
    Eigen::VectorXd w = Eigen::VectorXd::Ones(A.rows());
    for (int c : t.children) w = w.cwiseProduct(A * phi[c]);
    phi.push_back(std::move(w));
  }
  return phi;
}

int order_from_conditions(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                          double tol) {
  const auto& trees = rooted_trees(max_order);
  const auto phi = elementary_weights(A, max_order);
  int order = max_order;
  for (std::size_t k = 0; k < trees.size(); ++k) {
    const double lhs = b.dot(phi[k]);
    const double rhs = 1.0 / trees[k].density;
    const double scale = std::max(1.0, b.cwiseAbs().dot(phi[k].cwiseAbs()));
    if (std::abs(lhs - rhs) > tol * scale) {
      order = std::min(order, trees[k].order - 1);
    }
  }
  return order;
}

}  // namespace tibench
