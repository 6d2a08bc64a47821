// all_finite (problems/problem.hpp) against Eigen's allFinite: every length
// up to past a few SIMD packets, with one inf, −inf or NaN at every position,
// and vectors of finite extremes (largest, smallest subnormal, signed zeros).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "problems/problem.hpp"

namespace tibench {
namespace {

TEST(AllFinite, AgreesWithEigenAtEveryPositionAndLength) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double bad_values[] = {inf, -inf, std::numeric_limits<double>::quiet_NaN()};
  for (Index n = 0; n <= 19; ++n) {
    Vec v(n);
    for (Index i = 0; i < n; ++i)
      v[i] = (i % 2 ? -1.0 : 1.0) * std::ldexp(1.0, 1000 - 150 * static_cast<int>(i % 15));
    EXPECT_TRUE(all_finite(v)) << "n=" << n;
    for (Index i = 0; i < n; ++i)
      for (double bad : bad_values) {
        Vec w = v;
        w[i] = bad;
        EXPECT_EQ(all_finite(w), w.allFinite()) << "n=" << n << " i=" << i << " " << bad;
        EXPECT_FALSE(all_finite(w));
      }
  }
  Vec extremes(4);
  extremes << std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
      std::numeric_limits<double>::denorm_min(), -0.0;
  EXPECT_TRUE(all_finite(extremes));
}

}  // namespace
}  // namespace tibench
