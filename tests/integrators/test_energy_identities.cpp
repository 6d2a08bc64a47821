// Energy identities of Dinev et al. 2018 on the engines' actual steps:
//   forward Euler, Eq. (43):  H₁ − H₀ = [E₁ − E₀ − (x₁−x₀)ᵀ∇E₀] + h²/2 ‖M⁻¹∇E₀‖²_M  (exact);
//   backward Euler, Eq. (45): H₀ − H₁ = [E₀ − E₁ + (x₁−x₀)ᵀ∇E₁] + h²/2 ‖M⁻¹∇E₁‖²_M
//   to the tolerance implied by the Newton residual the step reports.
#include <gtest/gtest.h>

#include <cmath>

#include "core/random.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

struct Sample {
  std::unique_ptr<Problem> p;
  State s;
  double h;
};

Sample sample(SplitMix64& rng, int k) {
  auto p = make_problem("random-convex",
                        {"n=" + std::to_string(1 + k % 5), "seed=" + std::to_string(k)});
  State s = p->initial_state();
  s.q *= rng.uniform(0.2, 2.0);
  return {std::move(p), std::move(s), rng.log_uniform(1e-3, 1.0)};
}

double m_norm2_inv(const Problem& p, const Vec& g) {
  return g.dot(p.inverse_mass().cwiseProduct(g));
}

TEST(EnergyIdentities, ForwardEulerEq43HoldsToRoundoff) {
  SplitMix64 rng(7);
  for (int k = 0; k < 100; ++k) {
    auto [p, s0, h] = sample(rng, k);
    const auto& fe = find_integrator("forward-euler");
    auto st = fe.make(*p, h, integrator_params(fe));
    State s1 = s0;
    ASSERT_EQ(st->step(s1).status, StepStatus::ok);
    Vec g0;
    p->gradient(s0.q, g0);
    const double lhs = p->total_energy(s1) - p->total_energy(s0);
    const double bracket = p->potential(s1.q) - p->potential(s0.q) - (s1.q - s0.q).dot(g0);
    const double quad = 0.5 * h * h * m_norm2_inv(*p, g0);
    const double scale = std::abs(p->total_energy(s0)) + std::abs(bracket) + quad;
    EXPECT_NEAR(lhs, bracket + quad, 1e-13 * scale) << k;
    EXPECT_GE(bracket, -1e-13 * scale) << "convexity: the bracket is nonnegative";
  }
}

TEST(EnergyIdentities, BackwardEulerEq45HoldsToSolverTolerance) {
  SplitMix64 rng(11);
  for (int k = 0; k < 100; ++k) {
    auto [p, s0, h] = sample(rng, k);
    const auto& be = find_integrator("backward-euler");
    auto st = be.make(*p, h, integrator_params(be));
    State s1 = s0;
    const StepReport r = st->step(s1);
    ASSERT_EQ(r.status, StepStatus::ok) << r.message;
    Vec g1;
    p->gradient(s1.q, g1);
    const double lhs = p->total_energy(s0) - p->total_energy(s1);
    const double bracket = p->potential(s0.q) - p->potential(s1.q) + (s1.q - s0.q).dot(g1);
    const double quad = 0.5 * h * h * m_norm2_inv(*p, g1);
    // The momentum equation holds up to M·(position residual)/h², i.e. v₁ is
    // off by at most residual/h; that moves H by ‖v₁‖_M ‖δv‖_M.
    const double mass_norm = std::sqrt(p->mass().sum());
    const double dv = (r.residual + 1e-15 * s1.q.cwiseAbs().maxCoeff()) / h;
    const double v_norm = std::sqrt(2 * p->kinetic_energy(s1.v));
    const double tol = 4 * v_norm * mass_norm * dv +
                       1e-13 * (std::abs(p->total_energy(s0)) + std::abs(bracket) + quad);
    EXPECT_NEAR(lhs, bracket + quad, tol) << k;
    EXPECT_GE(lhs, -tol) << "convex E: backward Euler does not increase H";
  }
}

}  // namespace
}  // namespace tibench
