// Generalized-α (Chung & Hulbert 1993; integrators/engines/newmark.hpp) against its
// defining equations: the 3×3 update matrix on (q, v, a) built by stepping
// the engine equals L⁻¹R from the three equations written out for the
// oscillator m x'' + c x' + k x = 0,
//   q₁ = q₀ + h v₀ + h²((½ − β) a₀ + β a₁),
//   v₁ = v₀ + h((1 − γ) a₀ + γ a₁),
//   m((1 − α_m) a₁ + α_m a₀) = −c((1 − α_f) v₁ + α_f v₀) − k((1 − α_f) q₁ + α_f q₀),
// (an independent check of the incremental-potential form the engine
// solves), and the linear analysis reads Chung & Hulbert's claims from it
// over the parameter's range: second order, unconditionally stable, spectral
// radius ρ∞ as h → ∞.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>

#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/engines/newmark.hpp"
#include "integrators/methods/registry.hpp"

namespace tibench {
namespace {

StepperMaker generalized_alpha(double rho_inf) {
  return [rho_inf](const Problem& p, double h) {
    return find_integrator("generalized-alpha")
        .stepper(p, h, {"rho_inf=" + std::to_string(rho_inf)});
  };
}

Eigen::Matrix3d closed_form(double rho_inf, double m, double c, double k, double h) {
  const NewmarkParameters g = NewmarkParameters::generalized_alpha(rho_inf);
  // Rows: the q update, the v update, the balance; columns (q₁, v₁, a₁) on
  // the left, (q₀, v₀, a₀) on the right.
  Eigen::Matrix3d L, R;
  L << 1, 0, -h * h * g.beta,  //
      0, 1, -h * g.gamma,      //
      k * (1 - g.alpha_f), c * (1 - g.alpha_f), m * (1 - g.alpha_m);
  R << 1, h, h * h * (0.5 - g.beta),  //
      0, 1, h * (1 - g.gamma),        //
      -k * g.alpha_f, -c * g.alpha_f, -m * g.alpha_m;
  return L.partialPivLu().solve(R);
}

TEST(GeneralizedAlpha, UpdateMatrixIsTheDefiningEquations) {
  for (double rho : {0.0, 0.3, 0.6, 0.9, 1.0})
    for (auto [c, k, h] : {std::tuple{0.0, 1.0, 0.1}, std::tuple{0.3, 4.0, 0.5},
                           std::tuple{2.0, 100.0, 1.0}, std::tuple{0.0, 1e4, 2.0}}) {
      const Eigen::MatrixXd Q = update_matrix(generalized_alpha(rho), 1.0, c, k, h);
      ASSERT_EQ(Q.rows(), 3);
      const Eigen::Matrix3d expected = closed_form(rho, 1.0, c, k, h);
      // Relative to the column scales (a ~ k q): entries of very different size.
      for (int j = 0; j < 3; ++j) {
        const double scale = expected.col(j).cwiseAbs().maxCoeff();
        EXPECT_LE((Q.col(j) - expected.col(j)).cwiseAbs().maxCoeff(), 1e-11 * scale)
            << "rho_inf " << rho << " c " << c << " k " << k << " h " << h << " column " << j;
      }
    }
}

TEST(GeneralizedAlpha, ChungAndHulbertsClaimsHoldOverRhoInf) {
  for (double rho : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    const LinearProperties p = analyze_linear(generalized_alpha(rho));
    EXPECT_EQ(p.order, 2) << "rho_inf " << rho << " slope " << p.order_slope;
    EXPECT_TRUE(p.a_stable) << "rho_inf " << rho;
    // Read at |z| = 1e6, where the spectral radius is within O(|z|^{-1/2})
    // of its limit.
    EXPECT_NEAR(p.rho_inf, rho, 1e-3) << "rho_inf " << rho;
    EXPECT_EQ(p.l_stable, rho == 0.0) << "rho_inf " << rho;
  }
}

TEST(GeneralizedAlpha, NewmarkParametersAreChungAndHulberts) {
  // ρ∞ = 1: α_m = α_f = ½, γ = ½, β = ¼; ρ∞ = 0: α_m = −1, α_f = 0, γ = 3/2, β = 1.
  const NewmarkParameters one = NewmarkParameters::generalized_alpha(1.0);
  EXPECT_DOUBLE_EQ(one.alpha_m, 0.5);
  EXPECT_DOUBLE_EQ(one.alpha_f, 0.5);
  EXPECT_DOUBLE_EQ(one.gamma, 0.5);
  EXPECT_DOUBLE_EQ(one.beta, 0.25);
  const NewmarkParameters zero = NewmarkParameters::generalized_alpha(0.0);
  EXPECT_DOUBLE_EQ(zero.alpha_m, -1.0);
  EXPECT_DOUBLE_EQ(zero.alpha_f, 0.0);
  EXPECT_DOUBLE_EQ(zero.gamma, 1.5);
  EXPECT_DOUBLE_EQ(zero.beta, 1.0);
}

}  // namespace
}  // namespace tibench
