#include "solvers/nonlinear/line_search.hpp"

#include <algorithm>
#include <cmath>

namespace tibench {
namespace {

struct Search {
  const LineFunction& phi;
  const LinePoint& start;
  const WolfeOptions& o;
  WolfeResult result;

  LinePoint evaluate(double alpha) {
    LinePoint p;
    p.alpha = alpha;
    phi(p);
    ++result.evaluations;
    return p;
  }
  bool decreases(const LinePoint& p) const {
    return std::isfinite(p.value) && std::isfinite(p.slope) &&
           p.value <= start.value + o.c1 * p.alpha * start.slope;
  }
  bool flat(const LinePoint& p) const { return std::abs(p.slope) <= -o.c2 * start.slope; }
  void keep(const LinePoint& p) {
    if (decreases(p) && (result.point.alpha == 0.0 || p.value < result.point.value))
      result.point = p;
  }
  bool spent() const { return result.evaluations >= o.max_evaluations; }
  WolfeResult found(const LinePoint& p) {
    result.found = true;
    result.point = p;
    return result;
  }
  WolfeResult zoom(LinePoint lo, LinePoint hi);
  WolfeResult run();
};

// The minimizer of the cubic through (a, φ_a, φ'_a) and (b, φ_b, φ'_b)
// (Nocedal & Wright Eq. 3.59), kept in the middle 80% of the bracket.
double interpolate(const LinePoint& a, const LinePoint& b) {
  const double lo = std::min(a.alpha, b.alpha), hi = std::max(a.alpha, b.alpha);
  const double margin = 0.1 * (hi - lo), mid = 0.5 * (lo + hi);
  if (!std::isfinite(b.value) || !std::isfinite(b.slope)) return mid;
  const double d1 = a.slope + b.slope - 3 * (a.value - b.value) / (a.alpha - b.alpha);
  const double disc = d1 * d1 - a.slope * b.slope;
  if (disc < 0) return mid;
  const double d2 = std::copysign(std::sqrt(disc), b.alpha - a.alpha);
  const double alpha =
      b.alpha - (b.alpha - a.alpha) * (b.slope + d2 - d1) / (b.slope - a.slope + 2 * d2);
  if (!std::isfinite(alpha) || alpha < lo + margin || alpha > hi - margin) return mid;
  return alpha;
}

// Alg. 3.6: lo satisfies sufficient decrease and has the lowest value seen
// in the bracket; the minimizer satisfying the Wolfe conditions lies
// between lo and hi.
WolfeResult Search::zoom(LinePoint lo, LinePoint hi) {
  while (!spent()) {
    if (std::abs(hi.alpha - lo.alpha) <= 1e-14 * std::max(1.0, lo.alpha)) break;
    const LinePoint p = evaluate(interpolate(lo, hi));
    keep(p);
    if (!decreases(p) || p.value >= lo.value) {
      hi = p;
      continue;
    }
    if (flat(p)) return found(p);
    if (p.slope * (hi.alpha - lo.alpha) >= 0) hi = lo;
    lo = p;
  }
  return result;
}

// Alg. 3.5 from α = 1 (or alpha_max if smaller), doubling while φ still
// decreases with a slope steeper than the curvature condition allows.
WolfeResult Search::run() {
  LinePoint previous = start;
  double alpha = std::min(1.0, o.alpha_max);
  while (!spent()) {
    const LinePoint p = evaluate(alpha);
    keep(p);
    if (!decreases(p) || (previous.alpha > 0 && p.value >= previous.value))
      return zoom(previous, p);
    if (flat(p)) return found(p);
    if (p.slope >= 0) return zoom(p, previous);
    if (alpha >= o.alpha_max) break;  // still descending at the bound
    previous = p;
    alpha = std::min(2 * alpha, o.alpha_max);
  }
  return result;
}

}  // namespace

WolfeResult strong_wolfe_search(const LineFunction& phi, const LinePoint& start,
                                const WolfeOptions& options) {
  Search s{phi, start, options, {}};
  return s.run();
}

}  // namespace tibench
