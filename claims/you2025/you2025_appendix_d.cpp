// Sub-claims of You, Zheng & Li App. D beside Y-D1 itself (decoupled
// SDIRK2, you2025_decoupled_sdirk2.cpp). Q_Ξ is the decoupled update on
// x'' = −x: the position row of Φ's step, the velocity row of its adjoint
// Φ* = (e bᵀ − A, b); this is the construction that reproduces the paper's
// printed SDIRK2 values (Y-D1), and the one the registry steps.
//
//   Y-D1.generic  "If both A, A† had full rank [...] generically the
//       eigenvalues of Q_Ξ would be −1 as h → ∞." Random two-stage methods
//       (A uniform in [−1, 1]², b1 uniform in [0, 1], b2 = 1 − b1,
//       |det A|, |det A†| ≥ 0.05), eigenvalues of Q_Ξ at h = 1e6. For
//       full-rank A, R(hJ) → R(∞)·I, so Q_Ξ → diag(R(∞), R*(∞)) with
//       R*(∞) = 1/R(∞): that prediction is reported beside the count.
//   Y-D1.two-stage-family  "Among all two stage, second order, stiffly
//       accurate Runge Kutta methods (this gives two free parameters), none
//       are always stably symplectic, except when Φ itself is symmetric or
//       symplectic." The family A = [[a11, c1 − a11], [b1, b2]], b1 = 1 − b2,
//       c1 = (½ − b2)/b1, on a grid of (a11, b2); stably symplectic =
//       |Tr Q_Ξ| ≤ 2 and det Q_Ξ = 1 on h² ∈ [1e-4, 1e16]; symmetric read on
//       the linear problem (R(z) R(−z) = 1), symplectic by the coefficient
//       condition b_i a_ij + b_j a_ji = b_i b_j.
// (Y-D1.bdf2-pair, the multistep remark, is in you2025_bdf2_pair.cpp.)
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <complex>
#include <optional>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "claims/support.hpp"
#include "claims/you2025/decoupled_algebra.hpp"
#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "core/random.hpp"
#include "integrators/analysis/linear_analysis.hpp"

namespace tibench {
namespace {

using claims::adjoint_A;
using claims::decoupled_algebraic;

nlohmann::ordered_json complex_pair(const Eigen::VectorXcd& mu) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (Eigen::Index i = 0; i < mu.size(); ++i) out.push_back({mu[i].real(), mu[i].imag()});
  return out;
}

// ---- Y-D1.generic ---------------------------------------------------------

struct GenericLimits {
  int samples = 0, near_minus_one = 0;
  double max_prediction_deviation = 0;  // eigenvalues vs {R(∞), 1/R(∞)}, relative
  nlohmann::ordered_json examples = nlohmann::ordered_json::array();
};

// R(∞) = 1 − bᵀA⁻¹e for invertible A.
double r_infinity(const Eigen::Matrix2d& A, const Eigen::Vector2d& b) {
  return 1.0 - b.dot(A.partialPivLu().solve(Eigen::Vector2d::Ones()));
}

double deviation_from(const Eigen::VectorXcd& mu, double p1, double p2) {
  auto d = [](std::complex<double> m, double p) {
    return std::abs(m - p) / std::max(1.0, std::abs(p));
  };
  return std::min(std::max(d(mu[0], p1), d(mu[1], p2)), std::max(d(mu[0], p2), d(mu[1], p1)));
}

// The one input of a perturbation (ClaimContext::scene_overrides), or
// nullopt: `name`=VALUE, any other input refused.
std::optional<std::string> input(const ClaimContext& ctx, const std::string& name) {
  std::optional<std::string> value;
  for (const std::string& o : ctx.scene_overrides) {
    if (o.rfind(name + "=", 0) != 0)
      throw InputError("invalid input '" + o + "' (accepted: " + name + "=VALUE)");
    value = o.substr(name.size() + 1);
  }
  return value;
}

// With r_inf set, every sample's A is scaled so that R(∞) = r_inf (bᵀ(sA)⁻¹e
// = bᵀA⁻¹e / s): the class of methods the limit −1 needs, R(∞) = −1.
GenericLimits generic_limits(int samples, std::optional<double> r_inf) {
  SplitMix64 rng(5);
  GenericLimits g;
  while (g.samples < samples) {
    Eigen::Matrix2d A;
    A << rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1);
    const double b1 = rng.uniform(0, 1);
    const Eigen::Vector2d b(b1, 1 - b1);
    if (r_inf) {
      const double w = b.dot(A.partialPivLu().solve(Eigen::Vector2d::Ones()));
      if (!std::isfinite(w) || std::abs(w) < 1e-9) continue;
      A *= w / (1 - *r_inf);
    }
    const Eigen::Matrix2d As = adjoint_A(A, b);
    if (std::abs(A.determinant()) < 0.05 || std::abs(As.determinant()) < 0.05) continue;
    ++g.samples;
    const Eigen::VectorXcd mu = balanced_eigenvalues(decoupled_algebraic(A, b, 1e6), 1.0);
    if (std::abs(mu[0] + 1.0) <= 1e-2 && std::abs(mu[1] + 1.0) <= 1e-2) ++g.near_minus_one;
    const double rinf = r_infinity(A, b);
    g.max_prediction_deviation =
        std::max(g.max_prediction_deviation, deviation_from(mu, rinf, 1 / rinf));
    if (g.examples.size() < 3)
      g.examples.push_back({{"A", {{A(0, 0), A(0, 1)}, {A(1, 0), A(1, 1)}}},
                            {"b", {b[0], b[1]}},
                            {"eigenvalues_h_1e6", complex_pair(mu)},
                            {"R_inf", rinf}});
  }
  return g;
}

ClaimResult generic_eigenvalues(const ClaimContext& ctx) {
  std::optional<double> r_inf;
  if (const auto value = input(ctx, "r_inf")) {
    double v = 0;
    if (!parse_real(*value, v) || v == 1)
      throw InputError("invalid r_inf '" + *value + "' (accepted: a real other than 1)");
    r_inf = v;
  }
  const GenericLimits g = generic_limits(ctx.fast() ? 50 : 400, r_inf);
  ClaimResult r;
  r.expected = "both eigenvalues of Q_Xi -> -1 as h -> inf for generic full-rank A, A^dagger";
  r.tolerance = "|mu + 1| <= 1e-2 for both eigenvalues at h = 1e6, in at least 90% of the samples";
  r.interpretation =
      "random two-stage methods (A uniform in [-1,1]^2, b1 in [0,1], b2 = 1 - b1, |det A|, "
      "|det A^dagger| >= 0.05); Q_Xi = position row of Phi, velocity row of Phi* (the "
      "construction that reproduces Y-D1); predicted limit {R(inf), 1/R(inf)}";
  r.measured = {{"samples", g.samples},
                {"both_near_minus_one", g.near_minus_one},
                {"max_deviation_from_R_inf_and_its_inverse", g.max_prediction_deviation},
                {"examples", g.examples}};
  const bool ok = g.near_minus_one >= 0.9 * g.samples;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = std::to_string(g.near_minus_one) + " of " + std::to_string(g.samples) +
              " random full-rank methods have both eigenvalues near -1 at h = 1e6; the "
              "eigenvalues are R(inf) and 1/R(inf) to " +
              claims::short_real(g.max_prediction_deviation);
  return r;
}

// ---- Y-D1.two-stage-family ------------------------------------------------

struct FamilyMember {
  Eigen::Matrix2d A;
  Eigen::Vector2d b;
};

FamilyMember family_member(double a11, double b2) {
  const double b1 = 1 - b2, c1 = (0.5 - b2) / b1;
  FamilyMember m;
  m.A << a11, c1 - a11, b1, b2;
  m.b << b1, b2;
  return m;
}

std::complex<double> stability_at(const FamilyMember& m, std::complex<double> z) {
  const Eigen::Matrix2cd M = Eigen::Matrix2cd::Identity() - z * m.A.cast<std::complex<double>>();
  const Eigen::Vector2cd y = M.partialPivLu().solve(Eigen::Vector2cd::Ones());
  return 1.0 + z * (m.b.cast<std::complex<double>>().dot(y));
}

bool linearly_symmetric(const FamilyMember& m) {
  double worst = 0;
  for (auto z : {std::complex<double>(0, 0.3), std::complex<double>(0, 1.7),
                 std::complex<double>(0.5, 0.2), std::complex<double>(3, 1)})
    worst = std::max(worst, std::abs(stability_at(m, z) * stability_at(m, -z) - 1.0));
  return worst <= 1e-9;
}

bool symplectic_condition(const FamilyMember& m) {
  double worst = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      worst = std::max(worst, std::abs(m.b[i] * m.A(i, j) + m.b[j] * m.A(j, i) - m.b[i] * m.b[j]));
  return worst <= 1e-12;
}

struct TraceRange {
  double max_abs_trace = 0, max_det_dev = 0, limit = 0;
};

// Q of the decoupled update, or (decoupled = false, a perturbation) of the
// coupled method Φ itself, R(hJ).
TraceRange trace_range(const FamilyMember& m, int points, double lo, double hi, bool decoupled) {
  TraceRange t;
  for (int i = 0; i <= points; ++i) {
    const double h2 = std::pow(10.0, lo + (hi - lo) * i / points);
    const Eigen::Matrix2d Q =
        decoupled
            ? decoupled_algebraic(m.A, m.b, std::sqrt(h2))
            : Eigen::Matrix2d(claims::rk_matrix(m.A, m.b, claims::oscillator_Z(std::sqrt(h2))));
    const double tr = std::isfinite(Q.trace()) ? std::abs(Q.trace()) : INFINITY;
    t.max_abs_trace = std::max(t.max_abs_trace, tr);
    t.max_det_dev = std::max(t.max_det_dev, std::abs(Q.determinant() - 1));
    t.limit = Q.trace();
  }
  return t;
}

bool stably_symplectic(const TraceRange& t) {
  return t.max_abs_trace <= 2 + 1e-9 && t.max_det_dev <= 1e-9;
}

// Q_Ξ has a pole on the imaginary axis where A or A† has an eigenvalue
// iy (y ≠ 0); a grid could step over it, so counterexamples must have none.
bool pole_free(const FamilyMember& m) {
  for (const Eigen::Matrix2d& M : {Eigen::Matrix2d(m.A), Eigen::Matrix2d(adjoint_A(m.A, m.b))}) {
    const double tr = M.trace(), disc = tr * tr - 4 * M.determinant();
    // Complex pair (tr ± i√−disc)/2: on the imaginary axis when tr = 0.
    if (disc < 0 && std::abs(tr) <= 1e-12) return false;
    // Real eigenvalues are on the imaginary axis only at 0, which is no pole.
  }
  return true;
}

struct FamilyScan {
  int members = 0, exempt = 0, stable = 0, stable_not_exempt = 0;
  nlohmann::ordered_json counterexample;  // confirmed on a fine grid
};

nlohmann::ordered_json describe(double a11, double b2, const FamilyMember& m, const TraceRange& t) {
  return {{"a11", a11},
          {"b2", b2},
          {"A", {{m.A(0, 0), m.A(0, 1)}, {m.A(1, 0), m.A(1, 1)}}},
          {"b", {m.b[0], m.b[1]}},
          {"max_abs_trace_h2_1e-6_to_1e20", t.max_abs_trace},
          {"max_det_deviation", t.max_det_dev},
          {"trace_at_h2_1e20", t.limit}};
}

FamilyScan family_scan(double spacing, bool decoupled) {
  FamilyScan f;
  const int n = static_cast<int>(std::lround(3.0 / spacing));
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) {
      const double a11 = -1 + 3.0 * i / n, b2 = -1 + 3.0 * j / n;
      if (std::abs(1 - b2) < 1e-9) continue;  // b1 = 0: c1 undefined
      const FamilyMember m = family_member(a11, b2);
      ++f.members;
      const bool exempt = linearly_symmetric(m) || symplectic_condition(m);
      f.exempt += exempt;
      if (!stably_symplectic(trace_range(m, 400, -4, 16, decoupled))) continue;
      ++f.stable;
      if (exempt) continue;
      ++f.stable_not_exempt;
      // Reported: the first member with positive weights and diagonal (a
      // method one might use), confirmed on a fine grid and free of poles.
      const bool plain = m.b.minCoeff() > 0 && a11 > 0 && m.A(1, 1) > 0;
      if (f.counterexample.is_null() && plain && pole_free(m)) {
        const TraceRange fine = trace_range(m, 20000, -6, 20, decoupled);
        if (stably_symplectic(fine)) f.counterexample = describe(a11, b2, m, fine);
      }
    }
  return f;
}

ClaimResult two_stage_family(const ClaimContext& ctx) {
  const double spacing = ctx.fast() ? 0.1 : 0.05;
  const auto decoupled = input(ctx, "decoupled");
  if (decoupled && *decoupled != "true" && *decoupled != "false")
    throw InputError("invalid decoupled '" + *decoupled + "' (accepted: true, false)");
  const FamilyScan f = family_scan(spacing, !decoupled || *decoupled == "true");
  ClaimResult r;
  r.expected =
      "no two-stage, second-order, stiffly accurate RK method gives an always stably "
      "symplectic Q_Xi unless Phi is symmetric or symplectic";
  r.tolerance =
      "stably symplectic: |Tr Q_Xi| <= 2 + 1e-9 and |det Q_Xi - 1| <= 1e-9 on 401 log points of "
      "h^2 in [1e-4, 1e16]; the reported counterexample (positive weights and diagonal) confirmed "
      "on 20001 points of [1e-6, 1e20], with no eigenvalue of A or A^dagger on the imaginary axis";
  r.interpretation =
      "family A = [[a11, c1 - a11], [b1, b2]], b1 = 1 - b2, c1 = (1/2 - b2)/b1 (order 2, stiffly "
      "accurate), grid a11, b2 in [-1, 2] with spacing " +
      claims::short_real(spacing) +
      " (b2 = 1 left out); symmetric read on the linear problem, R(z) R(-z) = 1; symplectic by "
      "b_i a_ij + b_j a_ji = b_i b_j";
  r.measured = {{"members", f.members},
                {"symmetric_or_symplectic", f.exempt},
                {"stably_symplectic", f.stable},
                {"stably_symplectic_neither_symmetric_nor_symplectic", f.stable_not_exempt},
                {"counterexample", f.counterexample}};
  const bool refuted = !f.counterexample.is_null();
  r.status = refuted ? Verdict::refuted : Verdict::reproduced;
  r.summary = std::to_string(f.stable_not_exempt) + " of " + std::to_string(f.members) +
              " family members are stably symplectic though neither symmetric nor symplectic";
  if (refuted)
    r.summary +=
        "; e.g. a11 = " + claims::short_real(f.counterexample["a11"].get<double>()) +
        ", b2 = " + claims::short_real(f.counterexample["b2"].get<double>()) + ": max |Tr| = " +
        claims::short_real(f.counterexample["max_abs_trace_h2_1e-6_to_1e20"].get<double>(), 8);
  return r;
}

}  // namespace

std::vector<ClaimCheck> you2025_appendix_d_claims() {
  return {
      ClaimCheck{"Y-D1.generic", kPaperYou2025,
                 "App. D: if A and its adjoint A^dagger = e b^T - A both have full rank, "
                 "generically the eigenvalues of the decoupled update Q_Xi tend to -1 as h -> "
                 "infinity",
                 generic_eigenvalues}
          .flips_with({"r_inf=-1"}, Verdict::reproduced,
                      "sampling only methods with R(inf) = -1 (A scaled): Q_Xi tends to "
                      "diag(R(inf), 1/R(inf)), so both eigenvalues then tend to -1"),
      ClaimCheck{"Y-D1.two-stage-family", kPaperYou2025,
                 "App. D: among all two-stage, second-order, stiffly accurate Runge-Kutta "
                 "methods (two free parameters) none give an always stably symplectic "
                 "decoupled method, except when Phi is symmetric or symplectic",
                 two_stage_family}
          .flips_with({"decoupled=false"}, Verdict::reproduced,
                      "the same search on the coupled method Phi, Q = R(hJ): det R(hJ) = "
                      "|R(ih)|^2 is 1 for all h only if R(z)R(-z) = 1, the symmetric exemption, "
                      "so the counterexamples exist only through the decoupling"),
  };
}

}  // namespace tibench
