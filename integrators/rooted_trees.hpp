// Rooted trees and the Runge–Kutta order conditions (Butcher 1963;
// Hairer, Nørsett & Wanner, Solving ODEs I, §II.2).
//
// A method has order p iff Σ_i b_i Φ_i(t) = 1/γ(t) for every rooted tree t
// with |t| ≤ p nodes, where Φ(•) = e and Φ([t_1 … t_m]) = Π_k A Φ(t_k)
// (componentwise product), and γ(t) = |t| Π_k γ(t_k) is the tree's density.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace tibench {

struct RootedTree {
  int order;                  // number of nodes |t|
  std::vector<int> children;  // indices of the root's subtrees (non-increasing)
  double density;             // γ(t)
};

// All rooted trees with 1 … max_order nodes, grouped by order and each
// generated exactly once; children refer to earlier entries.
const std::vector<RootedTree>& rooted_trees(int max_order);

// Elementary weights Φ(t) ∈ ℝ^s of A for every tree of rooted_trees(max_order).
std::vector<Eigen::VectorXd> elementary_weights(const Eigen::MatrixXd& A, int max_order);

// Largest p ≤ max_order such that all conditions with |t| ≤ p hold for the
// weights `b` (relative tolerance tol).
int order_from_conditions(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                          double tol = 1e-12);

}  // namespace tibench
