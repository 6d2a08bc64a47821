// Linear stability analysis of any mechanical integrator, by stepping.
//
// Test problem: m x'' + c x' + k x = 0 (one degree of freedom), with
// eigenvalues λ± = (−c ± √(c² − 4mk)) / (2m). The update matrix Q maps the
// method's state u_n = (x_n, v_n [, history] [, a_n]) to u_{n+1} — history:
// the previous (x, v) pairs of multistep methods; a_n: the acceleration a
// method carries (Stepper::carries_acceleration), last, so that an update
// matrix of odd size ends with it — it is built by
// stepping the basis states through the integrator's own Stepper, so it
// describes the engine as implemented, not a formula about it. For a
// Runge–Kutta method Q has the eigenvalues R(hλ±).
//
// Undamped (c = 0, k = m = 1): ħ = h² k/m (You et al. 2025, App. C), the
// eigenvalues e^{±ih} are the exact propagator's. Damped oscillators with
// c = −2m Re z/h, k = m|z|²/h² put hλ at any z of the closed left half-plane.
#pragma once

#include <Eigen/Core>
#include <complex>
#include <functional>
#include <memory>
#include <vector>

#include "integrators/engines/stepper.hpp"

namespace tibench {

using StepperMaker = std::function<std::unique_ptr<Stepper>(const Problem&, double h)>;

// m x'' + c x' + k x = 0 as a Problem (dissipation R = ½ c v²).
std::unique_ptr<Problem> make_linear_test_problem(double m, double c, double k);

// Q for one step of size h on the test problem (m, c, k).
Eigen::MatrixXd update_matrix(const StepperMaker& make, double m, double c, double k, double h);

// Numerical damping and dispersion, as structural dynamics compares
// integrators (Hilber, Hughes & Taylor 1977; Hughes, The Finite Element
// Method, 1987, §9.3): the principal eigenvalues of Q are written
// λ = exp(Ω̄(−ξ̄ ± i)), so Ω̄ = |arg λ| and the damping ratio ξ̄ = −ln|λ| / Ω̄;
// with Ω = ωh = √ħ the relative period error is T̄/T − 1 = Ω/Ω̄ − 1. The
// principal pair is the complex pair of largest modulus; where Q has no
// complex eigenvalue (the motion is overdamped) both are NaN.
struct StabilityRow {
  double hbar = 0, det = 0, trace = 0, spectral_radius = 0;
  double angle = 0;  // |arg| of the eigenvalue of largest modulus
  double damping_ratio = 0, period_error = 0;
};

// Rows for k = m = 1, c = 0 at the given ħ (= h²).
std::vector<StabilityRow> oscillator_stability(const StepperMaker& make,
                                               const std::vector<double>& hbars);

// Q at hλ± = z, z̄ (m = h = 1), and at two real eigenvalues hλ = z1, z2.
Eigen::MatrixXd update_matrix_at(const StepperMaker& make, std::complex<double> z);
Eigen::MatrixXd update_matrix_real(const StepperMaker& make, double z1, double z2);
// Eigenvalues of Q computed in the balanced coordinates (x, v/s [, a/s²]),
// s ≈ |λ|.
Eigen::VectorXcd balanced_eigenvalues(const Eigen::MatrixXd& Q, double s);

struct LinearProperties {
  // From the local error O(h^{p+1}) on exact solutions of x'' = −x; for a
  // carried acceleration, from the global error O(h^p) at t = 2.
  int order = 0;
  double order_slope = 0;        // the fitted slope (p + 1, or p from the global error)
  double max_rho_imaginary = 0;  // sup of ρ(Q) over the undamped ħ grid (1e-4 … 1e12)
  double max_rho_left = 0;       // sup of ρ(Q) over the sampled open left half-plane
  double rho_inf = 0;            // max of ρ(Q) at |z| = 1e6: imaginary axis, 3π/4, real axis
  bool a_stable = false;         // both sups ≤ 1 + 1e-10
  bool l_stable = false;         // a_stable, rho_inf ≤ 1e-2 and ρ decaying (≤ ρ(1e4)/5)
  double max_det_deviation = 0;  // sup |det Q − 1| over the undamped grid (one-step methods)
};

LinearProperties analyze_linear(const StepperMaker& make);

}  // namespace tibench
