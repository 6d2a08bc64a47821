// Line search for the strong Wolfe conditions (Nocedal & Wright 2006,
// Numerical Optimization, 2nd ed., Alg. 3.5 with zoom Alg. 3.6), as Gast &
// Schroeder 2014 §3.1 use it: the full step α = 1 is tried first, and steps
// longer than 1 are taken (doubling up to alpha_max) while the function
// still decreases along the direction.
//
// Along x + α d the line function is φ(α) with slope φ'(α) = ∇Φ(x + α d)·d.
// A step α satisfies the strong Wolfe conditions when
//   φ(α) ≤ φ(0) + c1 α φ'(0)     (sufficient decrease)
//   |φ'(α)| ≤ c2 |φ'(0)|         (curvature),
// with 0 < c1 < c2 < 1 (Newton-type directions: c1 = 1e-4, c2 = 0.9,
// Nocedal & Wright §3.1). Points where φ is not finite (outside the domain of
// Φ) fail the decrease test. Zoom interpolates with the cubic through
// (φ, φ') at both ends of the bracket, kept at least a tenth of the bracket
// away from its ends (bisection otherwise).
#pragma once

#include <functional>

namespace tibench {

struct LinePoint {
  double alpha = 0.0, value = 0.0, slope = 0.0;
};

struct WolfeOptions {
  double c1 = 1e-4, c2 = 0.9;
  double alpha_max = 1e3;  // no step beyond (a CCD bound lowers it)
  int max_evaluations = 60;
};

struct WolfeResult {
  bool found = false;  // a point meeting both conditions
  // The best point found with sufficient decrease (alpha = 0 when none):
  // when found, the Wolfe point.
  LinePoint point;
  int evaluations = 0;
};

// Evaluates φ and φ' at α (into p.value, p.slope; p.alpha is set by the caller).
using LineFunction = std::function<void(LinePoint& p)>;

// Searches from start = (0, φ(0), φ'(0)), φ'(0) < 0.
WolfeResult strong_wolfe_search(const LineFunction& phi, const LinePoint& start,
                                const WolfeOptions& options = {});

}  // namespace tibench
