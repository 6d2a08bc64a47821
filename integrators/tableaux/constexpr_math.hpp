// Compile-time elementary functions for tableau coefficients.
// std::sqrt is not constexpr in C++20 (GCC folds it, Clang does not), and
// records must stay constexpr data, so the few irrational coefficients the
// tableaux need (√2, √3, roots of stage polynomials) are computed here.
#pragma once

namespace tibench::tableaux {

// √x by Newton's method from a power-of-two start; converges to within one
// unit in the last place (checked against std::sqrt in the unit tests).
constexpr double csqrt(double x) {
  if (!(x > 0)) return 0.0;
  double y = 1.0;
  while (y * y > x) y *= 0.5;
  while (y * y < x) y *= 2.0;
  for (int i = 0; i < 100; ++i) {
    const double next = 0.5 * (y + x / y);
    if (next == y) break;
    y = next;
  }
  return y;
}

}  // namespace tibench::tableaux
