// The linear analysis by stepping (integrators/linear_analysis.hpp) against
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

#include "integrators/linear_analysis.hpp"
#include "integrators/registry.hpp"
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
  const MethodProperties& C = info.computed;
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

INSTANTIATE_TEST_SUITE_P(Registry, TableauMethod,
                         ::testing::ValuesIn(ids_with_stability_function()), test::id_name);

TEST(LinearAnalysis, ImplicitMidpointIsLinearlySymplectic) {
  const auto& im = find_integrator("implicit-midpoint");
  const LinearProperties L =
      analyze_linear([&](const Problem& p, double h) { return im.stepper(p, h); });
  EXPECT_LT(L.max_det_deviation, 1e-12);
}

}  // namespace
}  // namespace tibench
