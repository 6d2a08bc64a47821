// IncrementalPotential's shortcuts against what they stand for, on every
// registry problem: the stage residual ‖W⁻¹g‖∞, which divides once when all
// weights are equal, against the definition (one quotient per entry), equal
// bits for gradients over the whole range of doubles, subnormals and signed
// zeros included; the inertia stamp, renewed exactly when the inertia
// changes; the tolerance scale at the inertial target.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "integrators/engines/incremental_potential.hpp"
#include "problem_cases.hpp"
#include "same_bits.hpp"

namespace tibench {
namespace {

double definition(const Vec& g, const Vec& w) { return g.cwiseQuotient(w).cwiseAbs().maxCoeff(); }

TEST(StageResidual, EqualsTheDefinitionBitForBit) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-1074, 1023), sign(0, 1);
  int uniform = 0, varying = 0;
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    const State s = p->initial_state();
    // (first_order: accepted by every problem, q-dependent dissipation too)
    IncrementalPotential phi(*p, DissipationTerm::first_order);
    for (double tau : {1e-3, 0.1, 7.0}) {
      phi.set_stage(s.q, tau * s.v, tau, tau, 0.0);
      const Vec& w = phi.inertia();
      ((w.array() == w[0]).all() ? uniform : varying) += 1;
      for (int trial = 0; trial < 20; ++trial) {
        Vec g(p->dofs());
        for (Index i = 0; i < g.size(); ++i) {
          const int e = exponent(rng);
          const double m = e < -1022 ? std::ldexp(1.0, e) : std::ldexp(mantissa(rng), e);
          g[i] = trial % 5 == 0 && i % 2 == 0 ? 0.0 : (sign(rng) ? -m : m);
        }
        if (trial == 1) g.setZero();
        if (trial == 2) g = -Vec::Zero(g.size());
        const double expected = definition(g, w);
        EXPECT_TRUE(test::same_bits(phi.residual(g), expected))
            << c.label << " τ = " << tau << ": " << phi.residual(g) << " vs " << expected;
      }
    }
  }
  EXPECT_GT(uniform, 0);  // both branches were compared
  EXPECT_GT(varying, 0);
}

TEST(StageObjectiveShortcuts, InertiaStampAndScaleAtTheTarget) {
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    const State s = p->initial_state();
    IncrementalPotential phi(*p, DissipationTerm::first_order),
        other(*p, DissipationTerm::first_order);
    phi.set_stage(s.q, 0.1 * s.v, 0.1, 0.1, 0.0);
    other.set_stage(s.q, 0.1 * s.v, 0.1, 0.1, 0.0);
    const auto first = phi.inertia_stamp();
    const Vec w = phi.inertia();
    EXPECT_NE(first, 0u) << c.label;
    EXPECT_NE(first, other.inertia_stamp()) << c.label;  // unique across objectives
    phi.set_stage(s.q, 0.1 * s.v, 0.1, 0.1, 0.5);        // same τ: same inertia, same stamp
    EXPECT_EQ(phi.inertia_stamp(), first) << c.label;
    EXPECT_TRUE(phi.inertia() == w) << c.label;
    phi.set_stage(s.q, 0.2 * s.v, 0.2, 0.2, 0.0);  // another τ: another inertia and stamp
    EXPECT_NE(phi.inertia_stamp(), first) << c.label;
    EXPECT_FALSE(phi.inertia() == w) << c.label;
    // At the inertial target the scale min(|y|∞, |y − ŷ|∞) is 0; elsewhere
    // the smaller of the two.
    const Vec target = 0.2 * s.v;
    EXPECT_EQ(phi.scale(target), 0.0) << c.label;
    const Vec y = target + Vec::Constant(target.size(), 0.25);
    EXPECT_EQ(phi.scale(y), std::min(y.cwiseAbs().maxCoeff(), (y - target).cwiseAbs().maxCoeff()))
        << c.label;
  }
}

// The gradient's scalar forms for equal weights and no external force
// against ∇P(x̃ + y) + w ∘ (y − ŷ) − f_ext, and the force magnitude of the
// noise estimate against max_i |∇P_i| / w_i as products with 1/w_i: equal
// bits (problems without dissipation or constraints, whose gradient has no
// further terms).
TEST(StageObjectiveShortcuts, GradientEqualsItsDefinition) {
  int compared = 0;
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    if (p->dissipation() || p->contact() != nullptr) continue;
    const State s = p->initial_state();
    IncrementalPotential phi(*p);
    const double tau = 0.05;
    const Vec y_hat = tau * s.v;
    phi.set_stage(s.q, y_hat, tau, tau, 0.0);
    const Vec y = y_hat + Vec::LinSpaced(y_hat.size(), -1e-3, 2e-3);
    Vec g, expected, f_ext = Vec::Zero(p->dofs());
    if (const ExternalForce* e = p->external_force()) e->at(0.0, f_ext);
    phi.gradient(y, g);
    p->gradient(s.q + y, expected);
    const Vec& w = phi.inertia();
    const Vec force_only = expected;
    expected += w.cwiseProduct(y - y_hat) - f_ext;
    EXPECT_TRUE(g.size() == expected.size() &&
                std::memcmp(g.data(), expected.data(), sizeof(double) * g.size()) == 0)
        << c.label;
    // The force magnitude enters residual_noise_upper, whose Hessian term is
    // unset before any assembly: the generic formula, operation for operation.
    constexpr double eps = std::numeric_limits<double>::epsilon();
    const double external =
        p->external_force() ? f_ext.cwiseQuotient(w).cwiseAbs().maxCoeff() : 0.0;
    const double force = force_only.cwiseAbs().cwiseProduct(w.cwiseInverse()).maxCoeff() + external;
    const double magnitude = y.cwiseAbs().maxCoeff() + y_hat.cwiseAbs().maxCoeff() + force;
    EXPECT_TRUE(
        test::same_bits(phi.residual_noise_upper(y), (1 + 1e-6) * 8 * eps * (magnitude + 0.0)))
        << c.label;
    ++compared;
  }
  EXPECT_GT(compared, 0);
}

}  // namespace
}  // namespace tibench
