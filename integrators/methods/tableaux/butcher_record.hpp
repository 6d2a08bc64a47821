// A Butcher tableau as constexpr data: the coefficient matrix A and weights b
// (c is derived as the row sums of A), optional embedded weights b̂, the
// properties its source declares, and the citation of the source.
//
//   Y_i = y_n + h Σ_j a_ij f(t_n + c_i h, Y_j),   y_{n+1} = y_n + h Σ_i b_i f(Y_i).
//
// Declared properties are claims; the registry computes every one of them
// from (A, b) on load and refuses a record whose declaration disagrees. The
// embedded weights b̂ are used when the declaration names their order.
#pragma once

#include <string_view>

#include "integrators/methods/method_declaration.hpp"

namespace tibench::tableaux {

inline constexpr int kMaxStages = 8;

struct ButcherRecord {
  std::string_view id;    // registry id, kebab-case
  std::string_view name;  // human-readable name
  int stages;
  double A[kMaxStages][kMaxStages];
  double b[kMaxStages];
  MethodDeclaration declared;
  std::string_view citation;
  double b_hat[kMaxStages] = {};
};

}  // namespace tibench::tableaux
