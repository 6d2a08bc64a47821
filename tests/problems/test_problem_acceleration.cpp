// Problem::acceleration and Problem::potential_acceleration (including the
// one-pass forms problems may supply, e.g. spring-chain's) against their definitions on every
// registry problem, bit for bit: a = M⁻¹ force(q, v, t) and, for purely potential forces, a =
// −(∇P(q) m⁻¹) entry by entry.
#include <gtest/gtest.h>

#include <cstring>

#include "problem_cases.hpp"
#include "same_bits.hpp"

namespace tibench {
namespace {

TEST(ProblemAcceleration, EqualsItsDefinitionBitForBit) {
  int potential_only = 0;
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    const Vec& inverse_mass = p->inverse_mass();
    for (const State& s : {p->initial_state(), p->sample_state(3)}) {
      p->begin_step(s);
      Vec a, f, scratch;
      p->acceleration(s.q, s.v, s.t, a, scratch);
      p->force(s.q, s.v, s.t, f, scratch);
      EXPECT_TRUE(test::same_bits(a, Vec(f.cwiseProduct(inverse_mass)))) << c.label;
      if (p->dissipation() || p->external_force() || p->potential_depends_on_time()) continue;
      ++potential_only;
      Vec g, expected;
      p->gradient(s.q, g);
      expected = -(g.cwiseProduct(inverse_mass));
      p->potential_acceleration(s.q, a);
      EXPECT_TRUE(test::same_bits(a, expected)) << c.label;
    }
  }
  EXPECT_GT(potential_only, 0);
}

}  // namespace
}  // namespace tibench
