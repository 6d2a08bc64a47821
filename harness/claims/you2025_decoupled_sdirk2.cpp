// Claim Y-D1 of You, Zheng & Li (App. D): the decoupled SDIRK2 method
// (positions from SDIRK2, velocities from its adjoint) has a limiting trace
// ~ −1.914 and a minimum ~ −2.16 near ħ = h²k/m ~ 44, so it is not
// unconditionally stable. Computed by stepping the registry's
// decoupled-sdirk2 and checked against the algebraic construction from the
// tableau (decoupled_algebraic below); a random full-rank 2-stage RK and
// BDF2 with its forward-difference adjoint are checked the same way.
#include <Eigen/LU>
#include <cmath>
#include <complex>

#include "harness/claims/claim_files.hpp"
#include "harness/claims/oscillator_update.hpp"
#include "integrators/tableaux/dirk.hpp"
#include "problems/random.hpp"

namespace tibench {
namespace {

using claims::rel;
using claims::stepped;

const std::string kPaper = "You, Zheng, Li 2025 (Energy-Controllable Time Integration)";

// The 2×2 stability matrix I + (bᵀ⊗Z)(I − A⊗Z)⁻¹(e⊗I) of a Runge–Kutta
// method on y' = Jy with Z = hJ — dense algebra, independent of the engines.
Eigen::Matrix2d rk_matrix(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                          const Eigen::Matrix2d& Z) {
  const Eigen::Index s = A.rows();
  Eigen::MatrixXd big = Eigen::MatrixXd::Identity(2 * s, 2 * s);
  for (Eigen::Index i = 0; i < s; ++i)
    for (Eigen::Index j = 0; j < s; ++j) big.block(2 * i, 2 * j, 2, 2) -= A(i, j) * Z;
  Eigen::MatrixXd E(2 * s, 2);
  for (Eigen::Index i = 0; i < s; ++i) E.block(2 * i, 0, 2, 2) = Eigen::Matrix2d::Identity();
  const Eigen::MatrixXd Y = big.partialPivLu().solve(E);
  Eigen::Matrix2d R = Eigen::Matrix2d::Identity();
  for (Eigen::Index i = 0; i < s; ++i) R += b[i] * Z * Y.block(2 * i, 0, 2, 2);
  return R;
}

Eigen::Matrix2d oscillator_Z(double h) {
  Eigen::Matrix2d Z;
  Z << 0, h, -h, 0;
  return Z;
}

// Decoupled method from (A, b) algebraically: positions from Φ, velocities
// from Φ* = (e bᵀ − A, b).
Eigen::Matrix2d decoupled_algebraic(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, double h) {
  const Eigen::MatrixXd Astar = Eigen::VectorXd::Ones(A.rows()) * b.transpose() - A;
  const Eigen::Matrix2d R = rk_matrix(A, b, oscillator_Z(h)),
                        Rs = rk_matrix(Astar, b, oscillator_Z(h));
  Eigen::Matrix2d Q;
  Q.row(0) = R.row(0);
  Q.row(1) = Rs.row(1);
  return Q;
}

// The trace of decoupled SDIRK2's update matrix on x'' = -x over h².
struct TraceScan {
  double construction_diff = 0;            // stepped against the algebraic construction
  double max_det_dev = 0;                  // |det - 1|
  double best_h2 = 0, best_tr = INFINITY;  // the minimum of the trace
  double lo = NAN, hi = NAN;               // where |trace| > 2
  double limit = 0;                        // the trace at h² = 1e12
};

double trace_at(double h2) { return stepped("decoupled-sdirk2", 1.0, 1.0, std::sqrt(h2)).trace(); }

TraceScan trace_scan() {
  const ButcherTableau s2 = ButcherTableau::from_record(tableaux::sdirk2);
  TraceScan t;
  for (int i = 0; i <= 440; ++i) {
    const double h2 = std::pow(10.0, -3.0 + 11.0 * i / 440);
    const Eigen::Matrix2d Q = stepped("decoupled-sdirk2", 1.0, 1.0, std::sqrt(h2));
    t.construction_diff =
        std::max(t.construction_diff, rel(Q, decoupled_algebraic(s2.A, s2.b, std::sqrt(h2))));
    t.max_det_dev = std::max(t.max_det_dev, std::abs(Q.determinant() - 1));
    if (Q.trace() < t.best_tr) t.best_tr = Q.trace(), t.best_h2 = h2;
    if (std::abs(Q.trace()) > 2) {
      if (std::isnan(t.lo)) t.lo = h2;
      t.hi = h2;
    }
  }
  // Refine the minimum by golden-section search on log h².
  double a = std::log(t.best_h2) - 0.1, b = std::log(t.best_h2) + 0.1;
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int k = 0; k < 80; ++k) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    if (trace_at(std::exp(c)) < trace_at(std::exp(d)))
      b = d;
    else
      a = c;
  }
  t.best_h2 = std::exp(0.5 * (a + b));
  t.best_tr = trace_at(t.best_h2);
  t.limit = trace_at(1e12);
  return t;
}

// App. D: a random full-rank 2-stage method; eigenvalues at h = 1e6.
Eigen::VectorXcd random_full_rank_eigenvalues() {
  SplitMix64 rng(5);
  Eigen::Matrix2d A;
  A << rng.uniform(0.2, 1.0), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(0.2, 1.0);
  const double b1 = rng.uniform(0.2, 0.8);
  const Eigen::Vector2d bb(b1, 1 - b1);
  // (Eigenvalues through linear_analysis's solver: instantiating Eigen's
  // EigenSolver here made this file the compiler's memory peak.)
  return balanced_eigenvalues(decoupled_algebraic(A, bb, 1e6), 1.0);
}

// App. D: BDF2 and its forward-difference adjoint on u = (x_n, v_n, x_{n−1}, v_{n−1}).
struct Bdf2Pair {
  Eigen::VectorXcd mu_R, mu_Rinv;  // eigenvalues of BDF2's R and R⁻¹
  Eigen::Matrix4d C;               // the pair's update matrix at h = 0.3
  double symplectic_residual = 0;  // |CᵀΩC − Ω|
};

Bdf2Pair bdf2_pair() {
  Bdf2Pair out;
  Eigen::Matrix2d Rb;
  Rb << 4.0 / 3, -1.0 / 3, 1, 0;
  out.mu_R = balanced_eigenvalues(Rb, 1.0);
  out.mu_Rinv = balanced_eigenvalues(Rb.inverse(), 1.0);
  const double h = 0.3;
  Eigen::Matrix4d C = Eigen::Matrix4d::Zero();
  // v_{n+1} = 4 v_n − 3 v_{n−1} − 2h x_{n−1};  x_{n+1} = 4/3 x_n − 1/3 x_{n−1} + 2h/3 v_{n+1}.
  const Eigen::RowVector4d vrow(0, 4, -2 * h, -3);
  C.row(1) = vrow;
  C.row(0) = Eigen::RowVector4d(4.0 / 3, 0, -1.0 / 3, 0) + (2 * h / 3) * vrow;
  C(2, 0) = 1;
  C(3, 1) = 1;
  Eigen::Matrix4d Omega = Eigen::Matrix4d::Zero();
  Omega(0, 1) = 1, Omega(1, 0) = -1, Omega(2, 3) = 1, Omega(3, 2) = -1;
  out.symplectic_residual = (C.transpose() * Omega * C - Omega).cwiseAbs().maxCoeff();
  out.C = C;
  return out;
}

ClaimResult decoupled_sdirk2(const ClaimContext&) {
  const TraceScan t = trace_scan();
  const Eigen::VectorXcd mu_random = random_full_rank_eigenvalues();
  const Bdf2Pair bdf2 = bdf2_pair();
  ClaimResult r;
  r.expected =
      "limiting trace -sqrt2 - 1/2 ~ -1.914; minimum ~ -2.16 at h^2 ~ 44; not unconditionally "
      "stable; det = 1";
  r.tolerance =
      "limit +- 5e-4 of -1.914, minimum +- 5e-3 of -2.16, location +- 10% of 44 (the printed "
      "precision); constructions agree to 1e-10";
  r.interpretation =
      "registry decoupled-sdirk2 (SDIRK2 of Alexander, gamma = 1 - 1/sqrt2) stepped on x'' = -x, "
      "cross-checked against the dense algebraic construction; h^2 in [1e-3, 1e8], minimum refined "
      "by "
      "golden section, limit read at h^2 = 1e12";
  r.measured["limit_trace"] = t.limit;
  r.measured["min_trace"] = t.best_tr;
  r.measured["min_location_h2"] = t.best_h2;
  r.measured["abs_trace_above_2_interval_h2"] = {t.lo, t.hi};
  r.measured["max_det_deviation"] = t.max_det_dev;
  r.measured["stepped_vs_algebraic_max_relative_difference"] = t.construction_diff;
  r.measured["random_full_rank_eigenvalues_h_1e6"] = {{mu_random[0].real(), mu_random[0].imag()},
                                                      {mu_random[1].real(), mu_random[1].imag()}};
  r.measured["bdf2_R_eigenvalue_moduli"] = {std::abs(bdf2.mu_R[0]), std::abs(bdf2.mu_R[1])};
  r.measured["bdf2_R_inverse_eigenvalue_moduli"] = {std::abs(bdf2.mu_Rinv[0]),
                                                    std::abs(bdf2.mu_Rinv[1])};
  r.measured["bdf2_forward_pair_det"] = bdf2.C.determinant();
  r.measured["bdf2_forward_pair_symplectic_residual_omega_plus_omega"] = bdf2.symplectic_residual;
  const bool ok = std::abs(t.limit + 1.914) <= 5e-4 && std::abs(t.best_tr + 2.16) <= 5e-3 &&
                  std::abs(t.best_h2 - 44) <= 4.4 && t.construction_diff <= 1e-10 &&
                  t.max_det_dev <= 1e-10;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = "limit " + format_real(t.limit) + " (printed -1.914), minimum " +
              format_real(t.best_tr) + " at h^2 = " + format_real(t.best_h2) +
              " (printed -2.16 at ~44)";
  return r;
}

}  // namespace

std::vector<ClaimCheck> you2025_decoupled_sdirk2_claims() {
  return {
      {"Y-D1", kPaper,
       "App. D: decoupled SDIRK2 has limiting trace ~ -1.914 and a minimum ~ -2.16 "
       "around h^2 ~ 44, so it is not unconditionally stable",
       decoupled_sdirk2},
  };
}

}  // namespace tibench
