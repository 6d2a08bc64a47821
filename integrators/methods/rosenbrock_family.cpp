// Registry entries for Rosenbrock methods: order and embedded order from the
// Rosenbrock trees, R(z), stiff accuracy, A- and L-stability from the
// stability tableau (B = α + Γ, b), and the W-order (Jacobian-free order
// conditions, Hairer & Wanner II §IV.7) for the claims ledger.
#include "integrators/analysis/rooted_trees.hpp"
#include "integrators/engines/rosenbrock.hpp"
#include "integrators/methods/families.hpp"

namespace tibench {

namespace {

OrderEvidence rosenbrock_order(const RosenbrockTableau& t, const Eigen::VectorXd& weights,
                               int max_order) {
  const Eigen::MatrixXd B = t.alpha + t.Gamma;
  const auto& trees = rooted_trees(max_order);
  const auto phi = elementary_weights(
      trees,
      [&](const RootedTree& parent, const RootedTree&) -> const Eigen::MatrixXd& {
        return parent.children.size() == 1 ? B : t.alpha;
      },
      t.stages());
  return order_evidence(trees, phi, {weights}, max_order, t.precision);
}

}  // namespace

int rosenbrock_classical_order(const RosenbrockTableau& t, const Eigen::VectorXd& weights,
                               int max_order) {
  return rosenbrock_order(t, weights, max_order).order;
}

// W-order: with J replaced by an arbitrary matrix, every vertex with exactly
// one child is either an f′ vertex (coefficient α) or a J vertex (Γ); a tree
// labelling with at least one J vertex must have weight 0, the all-f′
// labelling weight 1/γ(t).
int rosenbrock_w_order(const RosenbrockTableau& t, const Eigen::VectorXd& weights, int max_order) {
  const auto& trees = rooted_trees(max_order);
  // Weights of every labelling, per tree: pairs (has a J vertex, Φ).
  std::vector<std::vector<std::pair<bool, Eigen::VectorXd>>> labelled(trees.size());
  const Eigen::Index s = t.stages();
  for (std::size_t k = 0; k < trees.size(); ++k) {
    const RootedTree& tree = trees[k];
    std::vector<std::pair<bool, Eigen::VectorXd>> acc{{false, Eigen::VectorXd::Ones(s)}};
    for (int c : tree.children) {
      std::vector<std::pair<bool, Eigen::VectorXd>> next;
      for (const auto& [has_j, w] : acc)
        for (const auto& [child_j, child_phi] : labelled[static_cast<std::size_t>(c)]) {
          if (tree.children.size() == 1) {
            next.push_back({has_j || child_j, w.cwiseProduct(t.alpha * child_phi)});
            next.push_back({true, w.cwiseProduct(t.Gamma * child_phi)});
          } else {
            next.push_back({has_j || child_j, w.cwiseProduct(t.alpha * child_phi)});
          }
        }
      acc = std::move(next);
    }
    labelled[k] = std::move(acc);
  }
  int order = max_order;
  for (std::size_t k = 0; k < trees.size(); ++k)
    for (const auto& [has_j, phi] : labelled[k]) {
      const double target = has_j ? 0.0 : 1.0 / trees[k].density;
      const double scale = std::max(1.0, weights.cwiseAbs().dot(phi.cwiseAbs()));
      if (std::abs(weights.dot(phi) - target) > 1e-12 * scale)
        order = std::min(order, trees[k].order - 1);
    }
  return order;
}

IntegratorInfo rosenbrock_entry(const MethodIdentity& identity, const RosenbrockTableau& t,
                                const MethodDeclaration& declared) {
  IntegratorInfo info = entry_from(identity, "rosenbrock");
  info.stages = t.stages();
  constexpr int max_order = kMaxCheckedOrder;
  const OrderEvidence order = rosenbrock_order(t, t.b, max_order);
  info.computed_so_far().order = order.order;
  info.computed_so_far().order_residuals = order.relative_residual;
  info.computed_so_far().coefficient_precision = order.precision;
  info.computed_so_far().order_source = "Rosenbrock trees";
  if (t.b_hat.size() == t.stages())
    info.computed_so_far().embedded_order = rosenbrock_order(t, t.b_hat, max_order).order;
  // Linear stability: on y' = λy a Rosenbrock step is the RK step of (α + Γ, b).
  ButcherTableau linear = ButcherTableau::from_matrices(info.id, t.alpha + t.Gamma, t.b);
  linear.precision = t.precision;
  const TableauProperties lin = compute_properties(linear);
  info.stability_function = lin.R;
  info.computed_so_far().stiffly_accurate = lin.stiffly_accurate;
  info.computed_so_far().a_stable = lin.a_stable;
  info.computed_so_far().l_stable = lin.l_stable;
  info.computed_so_far().r_inf = lin.r_inf;
  info.computed_so_far().stability_source = "R(z)";
  info.coefficients = {{"alpha", t.alpha, false}, {"gamma", t.Gamma, false}, {"b", t.b, true}};
  if (t.b_hat.size() > 0) info.coefficients.push_back({"b_hat", t.b_hat, true});

  info.declared = declared;
  check_declaration(info);
  info.make = [t](const Problem& p, double h, const ParamSet&) {
    return std::make_unique<RosenbrockStepper>(p, t, h);
  };
  return info;
}

IntegratorInfo rosenbrock_entry(const tableaux::RosenbrockRecord& record) {
  return rosenbrock_entry(
      {std::string(record.id), std::string(record.name), std::string(record.citation)},
      RosenbrockTableau::from_record(record), record.declared);
}

}  // namespace tibench
