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

// The root of the cubic a x³ + b x² + c x + d near x0, by Newton's method
// (for coefficients defined as roots of their stage polynomials).
constexpr double cubic_root_near(double a, double b, double c, double d, double x0) {
  double x = x0;
  for (int i = 0; i < 100; ++i) {
    const double f = ((a * x + b) * x + c) * x + d;
    const double df = (3 * a * x + 2 * b) * x + c;
    const double next = x - f / df;
    if (next == x) break;
    x = next;
  }
  return x;
}

}  // namespace tibench::tableaux
