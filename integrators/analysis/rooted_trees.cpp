#include "integrators/analysis/rooted_trees.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
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

double precision_of_digits(int digits) { return 0.5 * std::pow(10.0, 1 - digits); }

double rounding_tolerance(double fixed, int stages, double precision) {
  return std::max(fixed, kOrderSafety * stages * precision);
}

OrderEvidence order_evidence(const std::vector<RootedTree>& trees,
                             const std::vector<Eigen::VectorXd>& phi,
                             const std::vector<Eigen::VectorXd>& weights, int max_order,
                             double precision) {
  OrderEvidence e;
  e.precision = std::max(precision, std::numeric_limits<double>::epsilon());
  e.relative_residual.assign(static_cast<std::size_t>(max_order), 0.0);
  std::vector<bool> decidable(static_cast<std::size_t>(max_order), true);
  for (std::size_t k = 0; k < trees.size(); ++k) {
    const int p = trees[k].order;
    if (p > max_order) continue;
    const Eigen::VectorXd& w = weights[static_cast<std::size_t>(trees[k].color)];
    const double target = 1.0 / trees[k].density;
    const double residual = std::abs(w.dot(phi[k]) - target);
    const double scale = p * std::max(w.cwiseAbs().dot(phi[k].cwiseAbs()), target);
    double& worst = e.relative_residual[static_cast<std::size_t>(p - 1)];
    worst = std::max(worst, residual / scale);
    // Rounding that could move the sum by a tenth of its target (huge,
    // cancelling coefficients) leaves the condition undecided: not held.
    if (!(kOrderSafety * e.precision * scale <= 0.1 * target) || !std::isfinite(residual))
      decidable[static_cast<std::size_t>(p - 1)] = false;
  }
  e.order = max_order;
  for (int p = 1; p <= max_order; ++p) {
    const auto k = static_cast<std::size_t>(p - 1);
    if (!decidable[k] || !(e.relative_residual[k] <= kOrderSafety * e.precision)) {
      e.order = p - 1;
      break;
    }
  }
  return e;
}

int order_from_conditions(const std::vector<RootedTree>& trees,
                          const std::vector<Eigen::VectorXd>& phi,
                          const std::vector<Eigen::VectorXd>& weights, int max_order,
                          double precision) {
  return order_evidence(trees, phi, weights, max_order, precision).order;
}

OrderEvidence order_evidence(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                             double precision) {
  const auto& trees = rooted_trees(max_order);
  const auto phi = elementary_weights(
      trees, [&](const RootedTree&, const RootedTree&) -> const Eigen::MatrixXd& { return A; },
      A.rows());
  return order_evidence(trees, phi, {b}, max_order, precision);
}

int order_from_conditions(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                          double precision) {
  return order_evidence(A, b, max_order, precision).order;
}

}  // namespace tibench
