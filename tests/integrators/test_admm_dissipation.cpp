// ADMM's dissipative blocks (solvers/projective/admm_dissipation.hpp):
//  - the local step is the minimizer of κ φ(½ xᵀDx/κ²) + ω/2 ‖x − t‖² for
//    random PSD forms (rank-deficient ones too) and p ∈ {0, ½, 1, 2, 3.5}:
//    no random perturbation, large or small, lowers the objective, and
//    where φ is differentiable its gradient vanishes;
//  - a p = 0 block whose target pulls less than the threshold sticks
//    exactly (the velocity the block sees is zero);
//  - the viscous (strain-rate) blocks' gradient and Hessian match finite
//    differences;
//  - (the augmented Lagrangian with damped blocks: test_admm.cpp) and the power-law-drag particle
//    under ADMM stops exactly, in finite time, at p = 0 (the registry-wide comparison with Newton's
//    minimizer is in test_admm.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "solvers/projective/admm.hpp"
#include "solvers/projective/admm_dissipation.hpp"
#include "solvers/projective/admm_viscous.hpp"

namespace tibench {
namespace {

struct Block {
  std::unique_ptr<LocalQuadraticDissipation> model;
  double kappa = 0.0;
  Vec anchor, target;
};

// One form of n dofs with D = B Bᵀ (rank r) and a random stage.
Block random_block(int n, int r, double p, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd B(n, r);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < r; ++j) B(i, j) = normal(rng);
  LocalForm form;
  for (int i = 0; i < n; ++i) form.dofs.push_back(i);
  form.D = B * B.transpose();
  Block b;
  b.model = std::make_unique<LocalQuadraticDissipation>(
      std::vector<LocalForm>{form}, LocalQuadraticDissipation::Update{}, PowerLaw{p, 0.7});
  b.kappa = 0.05;
  b.anchor = Vec::NullaryExpr(n, [&] { return normal(rng); });
  b.target = b.anchor + 0.1 * Vec::NullaryExpr(n, [&] { return normal(rng); });
  return b;
}

TEST(AdmmDissipation, LocalStepMinimizesTheBlockObjective) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  for (const double p : {0.0, 0.5, 1.0, 2.0, 3.5})
    for (const auto& [n, r] : {std::pair{1, 1}, std::pair{3, 3}, std::pair{12, 7}})
      for (int trial = 0; trial < 20; ++trial) {
        SCOPED_TRACE("p " + std::to_string(p) + ", n " + std::to_string(n) + ", rank " +
                     std::to_string(r) + ", trial " + std::to_string(trial));
        Block b = random_block(n, r, p, rng);
        AdmmDissipation blocks({b.model.get()});
        Vec omega(n);
        blocks.set_weights(b.kappa, std::exp(normal(rng)), omega);
        blocks.set_stage(b.anchor, nullptr, b.kappa);
        Vec z(n);
        blocks.local_step(b.target, z);
        const auto objective = [&](const Vec& x) {
          return blocks.energy(x) + 0.5 * omega[0] * (x - b.target).squaredNorm();
        };
        const double best = objective(z);
        for (double size : {1e-1, 1e-3, 1e-5, 1e-7})
          for (int k = 0; k < 20; ++k) {
            const Vec trial_z = z + size * Vec::NullaryExpr(n, [&] { return normal(rng); });
            EXPECT_GE(objective(trial_z), best - 1e-14 * std::abs(best));
          }
        const Vec x = z - b.anchor;
        const Eigen::MatrixXd& D = b.model->forms()[0].D;
        const double rr = 0.5 * x.dot(D * x) / (b.kappa * b.kappa);
        if (p == 1.0 || rr > 1e-20) {  // φ differentiable at x
          const double s = 0.5 * (p + 1.0);
          const double dphi = p == 1.0 ? 1.0 : s * std::pow(0.7, 1.0 - s) * std::pow(rr, s - 1.0);
          const Vec grad = dphi * D * x / b.kappa + omega[0] * (z - b.target);
          EXPECT_LE(grad.norm(), 1e-9 * omega[0] * (b.target - b.anchor).norm());
        }
      }
}

TEST(AdmmDissipation, ACoulombLikeBlockSticksBelowItsThreshold) {
  // p = 0, one dof, D = c = 2, A = 1: R' = √(A c/2) |v| = |v|, so the
  // block's stage term is κ R'(x/κ) = |x| and its local step the soft
  // threshold x = sgn(t) max(0, |t| − 1/ω): a pull ω|t| below 1 leaves the
  // block at rest, exactly; above it, the block slides by the excess.
  LocalForm form{{0}, Eigen::MatrixXd::Constant(1, 1, 2.0)};
  LocalQuadraticDissipation model({form}, {}, PowerLaw{0.0, 1.0});
  AdmmDissipation blocks({&model});
  Vec omega(1), anchor = Vec::Constant(1, 0.3), z(1);
  const double kappa = 0.1;
  blocks.set_weights(kappa, 1.0, omega);  // ω = 2/κ = 20
  blocks.set_stage(anchor, nullptr, kappa);
  blocks.local_step(anchor + Vec::Constant(1, 0.9 / omega[0]), z);
  EXPECT_EQ(z[0], anchor[0]);
  blocks.local_step(anchor + Vec::Constant(1, 1.5 / omega[0]), z);
  EXPECT_NEAR(z[0] - anchor[0], 0.5 / omega[0], 1e-15);
}

// The viscous blocks' gradient against central differences of their
// energy, and their Hessian against central differences of the gradient,
// at random F and stages, for both dissipation terms.
TEST(AdmmViscous, BlockDerivativesMatchFiniteDifferences) {
  const auto p =
      make_problem("ball-drop", {"mesh_size=0.35", "damping=strain-rate", "psi=50", "phi=20"});
  SplitDissipation parts;
  ASSERT_NE(p->dissipation(), nullptr);
  ASSERT_TRUE(p->dissipation()->split(parts));
  ASSERT_EQ(parts.strain_rate.size(), 1u);
  ViscousSplit split(*parts.strain_rate[0]);
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal;
  const auto random_vec = [&](Index n, double scale) {
    return Vec(scale * Vec::NullaryExpr(n, [&] { return normal(rng); }));
  };
  for (const bool second_order : {false, true})
    for (int trial = 0; trial < 10; ++trial) {
      const Index b = static_cast<Index>(trial * 7) % split.blocks();
      const double kappa = 0.01 * (1 + trial);
      Vec a = random_vec(9 * split.blocks(), 0.2), ref = random_vec(9 * split.blocks(), 3.0);
      for (Index k = 0; k < split.blocks(); ++k)
        a.segment<9>(9 * k) += Eigen::Map<const Vec>(Mat3::Identity().eval().data(), 9);
      split.set_stage(a, ref, kappa, second_order);
      LocalVector z = a.segment<9>(9 * b) + random_vec(9, 0.05), g, g_plus, g_minus;
      LocalMatrix H, H_unused;
      split.derivatives(b, z, g, H);
      const double eps = 1e-6;
      for (int i = 0; i < 9; ++i) {
        LocalVector zp = z, zm = z;
        zp[i] += eps;
        zm[i] -= eps;
        const double fd = (split.energy(b, zp) - split.energy(b, zm)) / (2 * eps);
        EXPECT_NEAR(g[i], fd, 1e-6 * (std::abs(fd) + g.norm())) << "gradient " << i;
        split.derivatives(b, zp, g_plus, H_unused);
        split.derivatives(b, zm, g_minus, H_unused);
        const LocalVector column = (g_plus - g_minus) / (2 * eps);
        EXPECT_LE((H.col(i) - column).norm(), 1e-6 * (column.norm() + H.norm()))
            << "Hessian column " << i;
      }
    }
}

TEST(AdmmDissipation, PowerLawDragAtPZeroStopsExactly) {
  // v' = −1 (p = 0, c = 2, A = 1: k = 1) from v0 = 1 stops at t* = 1;
  // backward Euler takes v ← max(0, v − h): the stop comes at step
  // ⌈1/h⌉, and after it the speed stays at the solver's tolerance level
  // (ADMM's y meets the sticking z only to its residual test).
  const auto p = make_problem("power-law-drag", {"p=0"});
  const double h = 0.03;
  const IntegratorInfo& info = find_integrator("opt-backward-euler");
  auto st = info.make(
      *p, h, integrator_params(info, {"solver=admm", "tolerance=1e-12", "max_iterations=100000"}));
  State s = p->initial_state();
  int stopped_at = -1;
  for (int n = 1; n <= 50; ++n) {
    const StepReport r = st->step(s);
    ASSERT_EQ(r.status, StepStatus::ok) << r.message;
    if (n < 34) {
      EXPECT_NEAR(s.v[0], 1.0 - n * h, 1e-9) << "step " << n;
    }
    if (stopped_at < 0 && std::abs(s.v[0]) <= 1e-9) stopped_at = n;
    if (stopped_at > 0) {
      EXPECT_LE(std::abs(s.v[0]), 1e-9) << "step " << n;
    }
  }
  EXPECT_EQ(stopped_at, 34);
}

}  // namespace
}  // namespace tibench
