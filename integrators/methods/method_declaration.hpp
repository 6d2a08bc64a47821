// What a method's source claims about it: the one declaration type of every
// registry record, whatever the family. A property the source does not claim
// is left empty; the registry computes every property it can and refuses a
// record whose declaration disagrees (integrators/methods/method_properties.hpp).
//
// Literal type, so that constexpr tableau records can hold it.
#pragma once

#include <optional>

namespace tibench {

struct MethodDeclaration {
  int order = 0;                                  // classical order p
  std::optional<int> stage_order = std::nullopt;  // largest q with B(q) and C(q)
  // The order of the embedded weights b̂, for methods that have them.
  std::optional<int> embedded_order = std::nullopt;
  std::optional<bool> stiffly_accurate = std::nullopt;  // last stage is the step
  std::optional<bool> a_stable = std::nullopt;          // |R| ≤ 1 (or ρ(Q) ≤ 1) on Re z ≤ 0
  std::optional<bool> l_stable = std::nullopt;          // A-stable and R(∞) = 0
  std::optional<bool> symplectic = std::nullopt;        // the symplecticity condition holds
  std::optional<double> r_inf = std::nullopt;           // R(∞), or ρ(Q(ħ)) as ħ → ∞
};

// The tolerance of a declared r_inf: the spectral radius of an update matrix
// is computed at a large finite ħ, so it carries an error of this order.
inline constexpr double kDeclaredRInfTolerance = 1e-3;

}  // namespace tibench
