// The linear analysis by stepping (integrators/analysis/linear_analysis.hpp) against
// the algebra: for every registry method with a scalar stability function
// (Runge–Kutta, Rosenbrock), the update matrix built by stepping the engine
// equals the closed form from R(z), and the linear order, A- and
// L-stability read from it equal those computed from the coefficients.
// Two independent routes to the same properties: a disagreement is an engine
// or analysis bug.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>
#include <complex>

#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/methods/registry.hpp"
#include "selected_suite.hpp"
#include "test_names.hpp"

namespace tibench {
namespace {

class TableauMethod : public ::testing::TestWithParam<std::string> {
 protected:
  const IntegratorInfo& info = find_integrator(GetParam());
  StepperMaker maker() const {
    return [this](const Problem& p, double h) { return info.stepper(p, h); };
  }
};

TEST_P(TableauMethod, UpdateMatrixEqualsClosedFormFromR) {
  // Q = V diag(R(z), R(z̄)) V⁻¹ with eigenvectors (1, λ) of the oscillator
  // (m, c, k) and z = hλ, for undamped and damped cases.
  const auto& R = *info.stability_function;
  const std::complex<double> zs[] = {{0.0, 0.3}, {0.0, 4.0}, {-0.5, 2.0}, {-3.0, 0.7}, {0.0, 40.0}};
  for (auto z : zs) {
    const Eigen::MatrixXd Q = update_matrix_at(maker(), z);
    Eigen::Matrix2cd V;
    V << 1.0, 1.0, z, std::conj(z);
    const Eigen::Matrix2cd D = Eigen::Vector2cd(R(z), R(std::conj(z))).asDiagonal();
    const Eigen::Matrix2cd closed = V * D * V.inverse();
    const double scale = 1 + closed.cwiseAbs().maxCoeff();
    EXPECT_LT((Q.cast<std::complex<double>>() - closed).cwiseAbs().maxCoeff(), 1e-11 * scale)
        << "z = " << z;
  }
}

TEST_P(TableauMethod, SteppedPropertiesEqualAlgebraicOnes) {
  const LinearProperties L = analyze_linear(maker());
  const MethodProperties& C = info.computed();
  EXPECT_EQ(L.order, exp_agreement_order(*info.stability_function)) << "slope " << L.order_slope;
  EXPECT_GE(L.order, C.order) << "the linear order is at least the order";
  EXPECT_EQ(L.a_stable, *C.a_stable)
      << "sup rho: axis " << L.max_rho_imaginary << ", left " << L.max_rho_left;
  EXPECT_EQ(L.l_stable, *C.l_stable) << "rho_inf " << L.rho_inf;
  // ρ at |z| = 1e6 is |R(∞)| + O(1/|z|).
  if (std::isfinite(C.r_inf)) {
    EXPECT_NEAR(L.rho_inf, std::abs(C.r_inf), 1e-4);
  }
}

std::vector<std::string> ids_with_stability_function() {
  std::vector<std::string> ids;
  for (const auto& i : integrator_registry())
    if (i.stability_function) ids.push_back(i.id);
  return ids;
}

TIBENCH_INSTANTIATE_SELECTED(Registry, TableauMethod,
                             ::testing::ValuesIn(ids_with_stability_function()), test::id_name);

TEST(LinearAnalysis, ImplicitMidpointIsLinearlySymplectic) {
  const auto& im = find_integrator("implicit-midpoint");
  const LinearProperties L =
      analyze_linear([&](const Problem& p, double h) { return im.stepper(p, h); });
  EXPECT_LT(L.max_det_deviation, 1e-12);
}

// ξ̄(ħ) and the period error against closed forms (Hughes 1987 §9.3):
// backward Euler's λ = 1/(1 ± iΩ) gives ξ̄ = ln(1 + Ω²) / (2 arctan Ω) and
// Ω̄ = arctan Ω; the trapezoidal rule, implicit midpoint (the same update on
// linear problems), Newmark's average acceleration and generalized-α with
// ρ∞ = 1 have |λ| = 1, ξ̄ = 0 and Ω̄ = 2 arctan(Ω/2).
std::vector<StabilityRow> rows_of(const std::string& id,
                                  const std::vector<std::string>& params = {}) {
  const IntegratorInfo& info = find_integrator(id);
  std::vector<double> hbars;
  for (double e = -4; e <= 8; e += 0.5) hbars.push_back(std::pow(10.0, e));
  return oscillator_stability(
      [&](const Problem& p, double h) { return info.stepper(p, h, params); }, hbars);
}

TEST(LinearAnalysis, BackwardEulerDampingAndPeriodMatchTheClosedForm) {
  for (const StabilityRow& r : rows_of("backward-euler")) {
    const double W = std::sqrt(r.hbar);
    EXPECT_NEAR(r.damping_ratio, std::log1p(W * W) / (2 * std::atan(W)),
                1e-10 * (1 + r.damping_ratio))
        << "hbar " << r.hbar;
    EXPECT_NEAR(r.period_error, W / std::atan(W) - 1, 1e-10 * (1 + r.period_error))
        << "hbar " << r.hbar;
  }
}

TEST(LinearAnalysis, NonDissipativeSecondOrderMethodsHaveZeroDamping) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> methods = {
      {"trapezoidal", {}},
      {"implicit-midpoint", {}},
      {"newmark", {"beta=0.25", "gamma=0.5"}},
      {"generalized-alpha", {"rho_inf=1"}}};
  for (const auto& [id, params] : methods)
    for (const StabilityRow& r : rows_of(id, params)) {
      const double W = std::sqrt(r.hbar);
      EXPECT_NEAR(r.damping_ratio, 0.0, 1e-10) << id << " hbar " << r.hbar;
      EXPECT_NEAR(r.period_error, W / (2 * std::atan(W / 2)) - 1, 1e-9 * (1 + r.period_error))
          << id << " hbar " << r.hbar;
    }
}

// Every registry method is consistent: as Ω → 0 its numerical damping and
// period error vanish (ξ̄ = O(Ω^p), the period error O(Ω^p)).
TEST(LinearAnalysis, EveryIntegratorsDampingAndPeriodErrorVanishAsTheStepShrinks) {
  for (const IntegratorInfo& info : integrator_registry()) {
    const auto rows = oscillator_stability(
        [&](const Problem& p, double h) { return info.stepper(p, h); }, {1e-6, 1e-4});
    for (const StabilityRow& r : rows) {
      const double W = std::sqrt(r.hbar);
      EXPECT_LT(std::abs(r.damping_ratio), 5 * W) << info.id << " hbar " << r.hbar;
      EXPECT_LT(std::abs(r.period_error), 5 * W) << info.id << " hbar " << r.hbar;
    }
  }
}

}  // namespace
}  // namespace tibench
