// Brent's root finder (Brent 1973, "Algorithms for Minimization without
// Derivatives", ch. 4): inverse quadratic interpolation and secant steps
// safeguarded by bisection; converges for any continuous g with a sign
// change on [a, b], to the rounding level of x.
#pragma once

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace tibench::claims {

template <class G>
double brent_root(G g, double a, double b) {
  double fa = g(a), fb = g(b);
  if (fa == 0.0) return a;
  if (fb == 0.0) return b;
  if ((fa > 0) == (fb > 0)) throw std::logic_error("brent_root: no sign change");
  const double eps = std::numeric_limits<double>::epsilon();
  double c = a, fc = fa, d = b - a, e = d;
  for (int it = 0; it < 200; ++it) {
    if ((fb > 0) == (fc > 0)) c = a, fc = fa, d = e = b - a;
    if (std::abs(fc) < std::abs(fb)) {
      a = b, b = c, c = a;
      fa = fb, fb = fc, fc = fa;
    }
    const double tol = 2 * eps * std::abs(b) + 1e-300, m = 0.5 * (c - b);
    if (std::abs(m) <= tol || fb == 0.0) return b;
    if (std::abs(e) >= tol && std::abs(fa) > std::abs(fb)) {
      double p, q, s = fb / fa;
      if (a == c) {
        p = 2 * m * s, q = 1 - s;
      } else {
        const double r = fb / fc;
        q = fa / fc;
        p = s * (2 * m * q * (q - r) - (b - a) * (r - 1));
        q = (q - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = std::abs(p);
      if (2 * p < std::min(3 * m * q - std::abs(tol * q), std::abs(e * q))) {
        e = d, d = p / q;
      } else {
        d = m, e = m;
      }
    } else {
      d = m, e = m;
    }
    a = b, fa = fb;
    b += std::abs(d) > tol ? d : (m > 0 ? tol : -tol);
    fb = g(b);
  }
  return b;
}

}  // namespace tibench::claims
