// Method properties in one shape for every family, so that the registry,
// `tibench list` and the tests treat all integrators alike.
//
// A MethodDeclaration is what a method's source claims; MethodProperties are
// what tibench computes — from coefficients where the family has algebraic
// theory (rooted trees for Runge–Kutta and Rosenbrock, bi-coloured trees for
// partitioned pairs, the stability function R(z)), otherwise from the linear
// analysis of the update matrix on the (damped) oscillator
// (integrators/analysis/linear_analysis.hpp). A property the family cannot define is
// absent (std::nullopt) on both sides; a declared property that cannot be
// computed, or that disagrees with the computation, is a registry error.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "integrators/methods/method_declaration.hpp"

namespace tibench {

struct MethodProperties {
  int order = 0;
  std::string order_source;  // "rooted trees", "bi-coloured trees", "linear analysis", ...
  std::optional<int> stage_order;
  std::optional<int> embedded_order;  // methods with embedded weights b̂
  std::optional<bool> stiffly_accurate;
  std::optional<bool> a_stable;
  std::optional<bool> l_stable;
  // R(∞) for methods with a scalar stability function R(z); otherwise the
  // spectral radius of the update matrix as h → ∞ (stability_source says which).
  double r_inf = std::numeric_limits<double>::quiet_NaN();
  std::string stability_source;  // "R(z)" or "update matrix"
  std::optional<bool> symplectic;
  // Families with order conditions: the residuals behind `order` per order
  // p (integrators/analysis/rooted_trees.hpp, OrderEvidence) and the coefficient
  // precision ε they were judged against; empty and 0 otherwise.
  std::vector<double> order_residuals;
  double coefficient_precision = 0.0;
};

// "property: declared X, computed Y" for each disagreement (or "computed: n/a").
std::vector<std::string> declaration_mismatches(const MethodDeclaration& declared,
                                                const MethodProperties& computed);

}  // namespace tibench
