// The fixed-corotated energy (Stomakhin et al. 2012): rest state and rigid
// rotations are energy and stress free; P is the gradient of Ψ and ∂P/∂F
// the Jacobian of P (central differences) for well-conditioned, nearly
// singular, inverted and repeated-singular-value F; ∂P/∂F is symmetric and
// linearizes to isotropic linear elasticity at F = I (and its rotated copy
// at F = Q); Ψ is frame invariant and equals its singular-value form with
// the reflection on the smallest singular value; ∂P/∂F stays finite on the
// degenerate set where R has no derivative.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/random.hpp"
#include "fem_fixtures.hpp"
#include "problems/fem/material.hpp"

namespace tibench {
namespace {

const Material kMat(MaterialModel::fixed_corotated, test::kLame);
const Mat3 kUnused = Mat3::Identity();  // the lagged rotation argument, ignored

// F = U diag(s) Vᵀ with random rotations U, V: the (signed) singular
// values are chosen, so the distance to the degenerate set is known.
Mat3 with_singular_values(SplitMix64& rng, const Eigen::Vector3d& s) {
  return test::random_rotation(rng) * s.asDiagonal() * test::random_rotation(rng).transpose();
}

struct Sample {
  std::string kind;
  Mat3 F;
};

// Every sample keeps σ̂_i + σ̂_j ≥ 0.1 (signed, descending), far from the
// degenerate set compared with the difference step.
std::vector<Sample> samples() {
  SplitMix64 rng(17);
  std::vector<Sample> out;
  for (int k = 0; k < 10; ++k) {
    const double a = rng.uniform(0.6, 1.6), b = rng.uniform(0.6, 1.6), c = rng.uniform(0.6, 1.6);
    out.push_back({"well-conditioned", with_singular_values(rng, {a, b, c})});
    // det F ~ 1e-4 … 1e-3: one singular value near zero, on either side.
    const double tiny = (k % 2 ? -1 : 1) * rng.uniform(1e-4, 1e-3);
    out.push_back({"nearly singular", with_singular_values(rng, {a, b, tiny})});
    // det F < 0; |σ̂_3| at most σ_2 − 0.1 so that σ_2 + σ̂_3 ≥ 0.1.
    const double s2 = std::min(a, b), s3 = -rng.uniform(0.05, s2 - 0.1);
    out.push_back({"inverted", with_singular_values(rng, {std::max(a, b), s2, s3})});
    // A reflected random matrix: the sign lands on the smallest singular
    // value whichever column is flipped; redrawn until σ_2 − σ_3 ≥ 0.1.
    Mat3 G;
    do {
      G = Mat3::Identity();
      for (int i = 0; i < 9; ++i) G.data()[i] += rng.uniform(-0.3, 0.3);
    } while (G.jacobiSvd().singularValues()(1) - G.jacobiSvd().singularValues()(2) < 0.1);
    G.col(k % 3) *= -1.0;
    out.push_back({"reflected", G});
    // Repeated singular values (not inverted): U, V are not unique, R and
    // ∂R/∂F are.
    out.push_back({"repeated", with_singular_values(rng, {a, a, c})});
    out.push_back({"isotropic", a * test::random_rotation(rng)});
  }
  return out;
}

double max_abs(const Mat9& A) { return A.cwiseAbs().maxCoeff(); }

TEST(FixedCorotated, ParsedAndListedAndComputesItsOwnRotation) {
  EXPECT_EQ(material_model("fixed-corotated"), MaterialModel::fixed_corotated);
  const auto ids = material_model_ids();
  EXPECT_NE(std::find(ids.begin(), ids.end(), "fixed-corotated"), ids.end());
  EXPECT_FALSE(kMat.uses_rotation());
  // The lagged-rotation argument must not matter.
  SplitMix64 rng(2);
  const Mat3 F = with_singular_values(rng, {1.3, 0.9, 0.7}), R = test::random_rotation(rng);
  EXPECT_EQ(kMat.energy(F, R), kMat.energy(F, kUnused));
  EXPECT_EQ(kMat.stress(F, R), kMat.stress(F, kUnused));
  EXPECT_EQ(kMat.stress_derivative(F, R), kMat.stress_derivative(F, kUnused));
}

TEST(FixedCorotated, RestStateAndRotationsAreEnergyAndStressFree) {
  SplitMix64 rng(3);
  const double tol = 1e-12 * test::kLame.lambda;
  EXPECT_EQ(kMat.energy(Mat3::Identity(), kUnused), 0.0);
  EXPECT_LT(kMat.stress(Mat3::Identity(), kUnused).cwiseAbs().maxCoeff(), tol);
  for (int k = 0; k < 20; ++k) {
    const Mat3 Q = test::random_rotation(rng);
    EXPECT_LT(std::abs(kMat.energy(Q, kUnused)), tol);
    EXPECT_LT(kMat.stress(Q, kUnused).cwiseAbs().maxCoeff(), tol);
  }
}

// Central differences with step h: truncation h²/6 |third derivative| and
// roundoff ε |Ψ| / h. Third derivatives are O(λ + μ/(σ̂_i + σ̂_j)²) ≤ O(100 λ)
// on these samples (sums ≥ 0.1) and |Ψ|, |P| = O(λ), so h = 1e-5 gives an
// error ~1e-8 λ, far below the 1e-6 relative tolerance while a wrong term
// (a missing dR, a sign, a factor 2) shows up at O(μ) ≈ 0.1 λ.
TEST(FixedCorotated, StressAndItsDerivativeMatchFiniteDifferences) {
  const double h = 1e-5, tol = 1e-6;
  double worst_p = 0.0, worst_d = 0.0;
  for (const Sample& s : samples()) {
    const Mat3& F = s.F;
    const Mat3 P = kMat.stress(F, kUnused);
    const Mat9 D = kMat.stress_derivative(F, kUnused);
    Mat3 P_fd;
    Mat9 D_fd;
    for (int c = 0; c < 9; ++c) {
      Mat3 Fp = F, Fm = F;
      Fp.data()[c] += h;
      Fm.data()[c] -= h;
      P_fd.data()[c] = (kMat.energy(Fp, kUnused) - kMat.energy(Fm, kUnused)) / (2 * h);
      const Mat3 dP = (kMat.stress(Fp, kUnused) - kMat.stress(Fm, kUnused)) / (2 * h);
      D_fd.col(c) = Eigen::Map<const Eigen::Matrix<double, 9, 1>>(dP.data());
    }
    // Relative to the stiffness scale 2μ + λ: P vanishes at rotations.
    const double scale = 2 * test::kLame.mu + test::kLame.lambda;
    const double ep = (P - P_fd).cwiseAbs().maxCoeff() / std::max(P.cwiseAbs().maxCoeff(), scale);
    const double ed = max_abs(D - D_fd) / std::max(max_abs(D), scale);
    EXPECT_LT(ep, tol) << s.kind << "\nF =\n" << F;
    EXPECT_LT(ed, tol) << s.kind << "\nF =\n" << F;
    worst_p = std::max(worst_p, ep);
    worst_d = std::max(worst_d, ed);
  }
  std::printf("fixed-corotated: max relative FD error P %.2e, dP/dF %.2e\n", worst_p, worst_d);
}

TEST(FixedCorotated, StressDerivativeIsSymmetric) {
  for (const Sample& s : samples()) {
    const Mat9 D = kMat.stress_derivative(s.F, kUnused);
    EXPECT_LT(max_abs(D - D.transpose()), 1e-13 * max_abs(D)) << s.kind;
  }
}

Mat9 linear_elasticity() {  // μ(δ_ik δ_jl + δ_il δ_jk) + λ δ_ij δ_kl on vec(F)
  Mat9 C = Mat9::Zero();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l)
          C(i + 3 * j, k + 3 * l) = test::kLame.mu * ((i == k && j == l) + (i == l && j == k)) +
                                    test::kLame.lambda * (i == j && k == l);
  return C;
}

TEST(FixedCorotated, LinearizesToIsotropicLinearElasticity) {
  const Mat9 C = linear_elasticity();
  EXPECT_LT(max_abs(kMat.stress_derivative(Mat3::Identity(), kUnused) - C), 1e-12 * max_abs(C));
  // At a rotation Q: ∂P/∂F(Q)[dF] = Q C[Qᵀ dF] (the rest state, rotated).
  SplitMix64 rng(4);
  for (int k = 0; k < 10; ++k) {
    const Mat3 Q = test::random_rotation(rng);
    const Mat9 rotated = matrix_of([&](const Mat3& dF) -> Mat3 {
      const Mat3 G = Q.transpose() * dF;
      Mat3 out;
      Eigen::Map<Eigen::Matrix<double, 9, 1>>(out.data()) =
          C * Eigen::Map<const Eigen::Matrix<double, 9, 1>>(G.data());
      return Q * out;
    });
    EXPECT_LT(max_abs(kMat.stress_derivative(Q, kUnused) - rotated), 1e-11 * max_abs(C));
  }
}

TEST(FixedCorotated, EnergyIsFrameInvariantAndStressRotates) {
  SplitMix64 rng(6);
  for (const Sample& s : samples()) {
    const Mat3 Q = test::random_rotation(rng);
    const double a = kMat.energy(s.F, kUnused), b = kMat.energy(Q * s.F, kUnused);
    EXPECT_NEAR(a, b, 1e-12 * (test::kLame.lambda + std::abs(a))) << s.kind;
    const Mat3 P = kMat.stress(s.F, kUnused);
    EXPECT_LT((kMat.stress(Q * s.F, kUnused) - Q * P).cwiseAbs().maxCoeff(),
              1e-12 * (test::kLame.lambda + P.cwiseAbs().maxCoeff()))
        << s.kind;
  }
}

// Ψ = μ Σ (σ̂_i − 1)² + λ/2 (J − 1)² with the reflection on the smallest
// singular value: for inverted F the energy is that of the nearest proper
// rotation (and continuous through J = 0).
TEST(FixedCorotated, EnergyEqualsSingularValueFormWithReflectionOnTheSmallest) {
  SplitMix64 rng(8);
  using V3 = Eigen::Vector3d;
  for (const V3& s : {V3(1.4, 1.1, 0.8), V3(1.4, 1.1, -0.8), V3(0.9, 0.5, -0.2), V3(1.2, 0.7, 0.0),
                      V3(2.0, 1.0, -1e-3)}) {
    const Mat3 F = with_singular_values(rng, s);
    const double J = s.prod();
    const double expect = test::kLame.mu * (s.array() - 1.0).square().sum() +
                          0.5 * test::kLame.lambda * (J - 1.0) * (J - 1.0);
    EXPECT_NEAR(kMat.energy(F, kUnused), expect, 1e-12 * test::kLame.lambda) << s.transpose();
  }
}

// On the degenerate set (σ_2 = −σ̂_3, or rank F ≤ 1) R has no derivative;
// ∂P/∂F must still be finite (the σ̂_i + σ̂_j floor) and symmetric.
TEST(FixedCorotated, StressDerivativeIsFiniteOnTheDegenerateSet) {
  SplitMix64 rng(10);
  using V3 = Eigen::Vector3d;
  for (const V3& s :
       {V3(1.2, 0.6, -0.6), V3(0.8, 0.0, 0.0), V3(0.0, 0.0, 0.0), V3(0.5, 0.5, -0.5)}) {
    const Mat3 F = with_singular_values(rng, s);
    const Mat9 D = kMat.stress_derivative(F, kUnused);
    EXPECT_TRUE(D.allFinite()) << s.transpose();
    EXPECT_TRUE(kMat.stress(F, kUnused).allFinite()) << s.transpose();
    EXPECT_LT(max_abs(D - D.transpose()), 1e-13 * max_abs(D)) << s.transpose();
  }
}

}  // namespace
}  // namespace tibench
