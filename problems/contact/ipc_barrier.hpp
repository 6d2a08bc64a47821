// The IPC log barrier in the normalization printed by You et al. (App. E):
//
//   P(d) = κ b(d/d̂),   b(r) = −(r − 1)² log r  for 0 < r < 1,  0 for r ≥ 1,
//
// with κ in energy units. b is convex, C² at r = 1 (b = b' = b'' = 0 there;
// b''' jumps) and tends to +∞ as r → 0. This is Li et al. 2020's barrier
// −(d − d̂)² log(d/d̂) divided by d̂², so κ = κ_IPC d̂².
#pragma once

#include <cmath>
#include <limits>

namespace tibench::ipc {

inline double b(double r) {
  if (r >= 1.0) return 0.0;
  if (!(r > 0.0)) return std::numeric_limits<double>::infinity();
  return -(r - 1.0) * (r - 1.0) * std::log(r);
}
inline double db(double r) {
  if (r >= 1.0) return 0.0;
  return -2.0 * (r - 1.0) * std::log(r) - (r - 1.0) * (r - 1.0) / r;
}
inline double d2b(double r) {
  if (r >= 1.0) return 0.0;
  return -2.0 * std::log(r) - 4.0 * (r - 1.0) / r + (r - 1.0) * (r - 1.0) / (r * r);
}

// Conservative CCD for a distance d > 0 changing by dd per unit step: the
// largest step after which at least a fraction (1 − s) of d remains
// (s = 0.9, IPC's choice), ∞ if the distance grows.
inline constexpr double kCcdFraction = 0.9;
inline double ccd_step(double d, double dd) {
  return dd < 0.0 ? kCcdFraction * d / -dd : std::numeric_limits<double>::infinity();
}

// The r in (0, 1) with f(r) = target for a function f decreasing on (0, 1)
// from +∞ to 0 (b, or −b'), by bisection in log r.
template <class F>
double solve_decreasing(F f, double target) {
  double lo = 1e-300, hi = 1.0;
  for (int it = 0; it < 200; ++it) {
    const double mid = std::sqrt(lo * hi);
    (f(mid) > target ? lo : hi) = mid;
  }
  return std::sqrt(lo * hi);
}

}  // namespace tibench::ipc
