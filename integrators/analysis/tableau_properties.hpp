// Properties of a Butcher tableau computed from its coefficients (never
// taken on trust): order from the rooted-tree conditions up to order 8, stage
// order, stiff accuracy, the stability function R(z) = P(z)/Q(z) with
// P = det(I − zA + z e bᵀ) and Q = det(I − zA), R(∞), A- and L-stability and
// the symplecticity condition (Cooper 1987; Sanz-Serna 1988).
//
// A-stability is decided from four facts, all required: no pole of R in the
// closed left half-plane; |R(∞)| ≤ 1; |R(iy)| ≤ 1 on a dense sample of the
// imaginary axis and at every critical point of E(y) = |Q(iy)|² − |P(iy)|²
// (so narrow excursions between samples are caught); and |R| ≤ 1 on samples of
// the open left half-plane. L-stability = A-stability and R(∞) = 0.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "integrators/analysis/polynomial.hpp"
#include "integrators/analysis/rooted_trees.hpp"
#include "integrators/methods/butcher_tableau.hpp"
#include "integrators/methods/method_properties.hpp"

namespace tibench {

struct StabilityFunction {
  Polynomial P;  // numerator
  Polynomial Q;  // denominator
  std::complex<double> operator()(std::complex<double> z) const { return P(z) / Q(z); }
  // lim_{|z|→∞} R(z); +infinity when R is unbounded there.
  double at_infinity() const;
};

StabilityFunction stability_function(const ButcherTableau& t);

// A(α)-stability (Widlund 1967; Hairer & Wanner II §V.2): |R(z)| ≤ 1 on the
// sector |arg(−z)| ≤ α. The largest such α in degrees: rays z = −r e^{iθ}
// (R is real, so ±θ agree) with r on 600 log-spaced points in [1e-6, 1e8]
// and the limit r → ∞, no pole of R on the ray's side of the sector, θ
// scanned in 0.5° steps and the first failing ray bisected to 1e-3°; 90
// for an A-stable R; NaN when not even the negative real axis (θ = 0) is
// stable. Computed on demand (list, stability), not at registry start.
double a_alpha_degrees(const StabilityFunction& R);

// The largest p ≤ max_p with R(z) = e^z + O(z^{p+1}) (Taylor coefficients of
// P/Q equal 1/k! for k ≤ p, relative tolerance tol): the linear order.
int exp_agreement_order(const StabilityFunction& R, int max_p = 8, double tol = 1e-10);

struct TableauProperties {
  int order = 0;  // ≤ kMaxCheckedOrder (which then means "at least")
  // The residuals behind `order`: per order p, max |r(t)| / (p S(t)) over
  // the trees of order p, against kOrderSafety · coefficient_precision
  // (integrators/analysis/rooted_trees.hpp).
  std::vector<double> order_residuals;
  double coefficient_precision = 0.0;
  int embedded_order = 0;  // 0 when the tableau has no b̂
  int stage_order = 0;
  bool is_explicit = false;
  bool lower_triangular = false;
  bool singly_diagonal = false;       // all nonzero diagonal entries equal
  bool explicit_first_stage = false;  // a_11 = 0 with implicit later stages
  bool stiffly_accurate = false;
  StabilityFunction R;
  double r_inf = 0.0;
  double max_abs_r_imag_axis = 0.0;
  double max_abs_r_left_half_plane = 0.0;
  bool poles_in_right_half_plane = false;
  bool a_stable = false;
  bool l_stable = false;
  double symplectic_defect = 0.0;  // max |b_i a_ij + b_j a_ji − b_i b_j|
  bool symplectic = false;
  // Algebraic stability (Burrage & Butcher 1979): b ≥ 0 and
  // M = BA + AᵀB − bbᵀ ⪰ 0 with B = diag(b). The smallest eigenvalue of M
  // and the smallest weight are kept for reports.
  double algebraic_min_eigenvalue = 0.0;
  double min_weight = 0.0;
  bool algebraically_stable = false;
};

TableauProperties compute_properties(const ButcherTableau& t);

// The uniform view used by the registry.
MethodProperties to_method_properties(const TableauProperties& computed);

}  // namespace tibench
