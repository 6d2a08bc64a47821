// Rooted trees and order conditions (Butcher 1963; Hairer, Nørsett & Wanner,
// Solving ODEs I, §II.2 and, for coloured trees of partitioned methods,
// §II.15).
//
// A Runge–Kutta method has order p iff Σ_i b_i Φ_i(t) = 1/γ(t) for every
// rooted tree t with |t| ≤ p nodes, where Φ(•) = e and
// Φ([t_1 … t_m]) = Π_k A Φ(t_k) (componentwise product), and
// γ(t) = |t| Π_k γ(t_k) is the tree's density. Variants change only which
// matrix connects a vertex to a child (the coefficient rule):
//   partitioned RK: the child's colour picks A (positions) or Â (velocities),
//     and the root's colour picks b or b̂;
//   Rosenbrock: a vertex with exactly one child uses B = α + Γ, others α.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <vector>

namespace tibench {

// Order conditions are checked up to this order for every family: the
// highest-order tables in use (Fehlberg's and Verner's, ARKODE's 13-stage
// 8(7) pairs) declare 8. Trees are generated, so raising it is this line.
inline constexpr int kMaxCheckedOrder = 8;

struct RootedTree {
  int order;                  // number of nodes |t|
  int color;                  // 0 for uncoloured trees
  std::vector<int> children;  // indices of the root's subtrees (non-increasing)
  double density;             // γ(t)
};

// All trees with 1 … max_order nodes whose vertices carry one of `colors`
// colours, each generated exactly once, grouped by order; children refer to
// earlier entries. colors = 1 gives the plain rooted trees.
const std::vector<RootedTree>& rooted_trees(int max_order, int colors = 1);

// The matrix connecting `parent` to its child `child`.
using CoefficientRule =
    std::function<const Eigen::MatrixXd&(const RootedTree& parent, const RootedTree& child)>;

// Elementary weights Φ(t) of every tree of `trees` under `rule`.
std::vector<Eigen::VectorXd> elementary_weights(const std::vector<RootedTree>& trees,
                                                const CoefficientRule& rule, Eigen::Index stages);

// Order from the residuals of the order conditions, judged against the
// precision of the coefficients. A condition of order p, Σ_i w_i Φ_i(t) =
// 1/γ(t), is a sum of products of p coefficients; if every coefficient is
// known to relative precision ε, rounding moves it by at most about
// p ε S(t), S(t) = Σ_i |w_i Φ_i(t)| (first order in ε). So the condition
// holds when its residual r(t) satisfies |r(t)| ≤ kOrderSafety · p ε S(t),
// with ε at least the double's 2⁻⁵². Coefficients printed to d significant
// digits have ε = ½ 10^(1−d): a table entered as printed gets the order its
// authors proved, and a wrong coefficient misses by orders of magnitude. A
// condition whose allowance exceeds a tenth of its target 1/γ(t) (huge,
// cancelling coefficients) cannot be decided and does not hold.
inline constexpr double kOrderSafety = 10.0;
// ε of coefficients printed to `digits` significant digits.
double precision_of_digits(int digits);
// The tolerance `fixed` of an identity among exact coefficients, widened to
// the rounding of coefficients of precision ε by the same safety factor: a
// sum over s stages of products of coefficients moves by about s ε.
double rounding_tolerance(double fixed, int stages, double precision);

struct OrderEvidence {
  int order = 0;
  double precision = 0.0;  // ε used
  // Per order p = 1, 2, …: max over trees of order p of |r(t)| / (p S(t)),
  // to be compared with kOrderSafety · ε.
  std::vector<double> relative_residual;
};

// The largest p ≤ max_order whose conditions (and all lower ones) hold, where
// w = weights[color(root)].
OrderEvidence order_evidence(const std::vector<RootedTree>& trees,
                             const std::vector<Eigen::VectorXd>& phi,
                             const std::vector<Eigen::VectorXd>& weights, int max_order,
                             double precision);
int order_from_conditions(const std::vector<RootedTree>& trees,
                          const std::vector<Eigen::VectorXd>& phi,
                          const std::vector<Eigen::VectorXd>& weights, int max_order,
                          double precision = precision_of_digits(16));

// Plain Runge–Kutta order (A, b).
OrderEvidence order_evidence(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                             double precision);
int order_from_conditions(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int max_order,
                          double precision = precision_of_digits(16));

}  // namespace tibench
