// A Butcher tableau as constexpr data: the coefficient matrix A and weights b
// (c is derived as the row sums of A), optional embedded weights b̂, the
// properties its source declares, and the citation of the source.
//
//   Y_i = y_n + h Σ_j a_ij f(t_n + c_i h, Y_j),   y_{n+1} = y_n + h Σ_i b_i f(Y_i).
//
// Declared properties are claims; the registry computes every one of them
// from (A, b) on load and refuses a record whose declaration disagrees.
#pragma once

#include <string_view>

namespace tibench::tableaux {

inline constexpr int kMaxStages = 8;

// A property a source may or may not claim; `none` means no source claims it
// (the property is then computed and reported, but not declared).
enum class Claim { none, yes, no };

struct DeclaredProperties {
  int order;              // classical order p (rooted-tree conditions)
  int stage_order;        // largest q with B(q) and C(q)
  bool stiffly_accurate;  // a_sj = b_j
  bool a_stable;          // |R(z)| ≤ 1 on Re z ≤ 0
  bool l_stable;          // A-stable and R(∞) = 0
  bool symplectic;        // b_i a_ij + b_j a_ji − b_i b_j = 0
};

struct ButcherRecord {
  std::string_view id;    // registry id, kebab-case
  std::string_view name;  // human-readable name
  int stages;
  double A[kMaxStages][kMaxStages];
  double b[kMaxStages];
  DeclaredProperties declared;
  std::string_view citation;
  int embedded_order = 0;  // 0: no embedded method
  double b_hat[kMaxStages] = {};
};

}  // namespace tibench::tableaux
