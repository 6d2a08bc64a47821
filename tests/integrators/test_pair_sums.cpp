// combine_pair (integrators/engines/pair_sums.hpp) against the sequence of axpy
// updates whose rounding it promises, bit for bit: on each of its paths (the
// single entry of one-dof systems, the inline entry-by-entry sum of tiny
// systems and the vectorized passes of four terms), for every term count an
// engine meets, in place and not.
#include <gtest/gtest.h>

#include <vector>

#include "core/random.hpp"
#include "integrators/engines/pair_sums.hpp"

namespace tibench {
namespace {

Vec random_vec(SplitMix64& rng, Index n) {
  Vec x(n);
  for (Index i = 0; i < n; ++i) x[i] = rng.uniform(-1, 1) * 1e3;
  return x;
}

TEST(PairSums, RoundLikeSequentialAxpyOnEveryPath) {
  SplitMix64 rng(7);
  for (Index n : {Index{1}, Index{2}, kShortPairSum - 1, kShortPairSum, Index{13}, Index{64}}) {
    for (int count = 0; count <= 9; ++count) {
      const Vec base_q = random_vec(rng, n), base_v = random_vec(rng, n);
      std::vector<Vec> xq, xv;
      std::vector<PairTerm> terms;
      for (int k = 0; k < count; ++k) {
        xq.push_back(random_vec(rng, n));
        xv.push_back(random_vec(rng, n));
      }
      for (int k = 0; k < count; ++k)
        terms.push_back({rng.uniform(-1, 1), xq[static_cast<std::size_t>(k)].data(),
                         xv[static_cast<std::size_t>(k)].data()});
      Vec want_q = base_q, want_v = base_v;
      for (int k = 0; k < count; ++k) {
        const double c = terms[static_cast<std::size_t>(k)].c;
        want_q += c * xq[static_cast<std::size_t>(k)];
        want_v += c * xv[static_cast<std::size_t>(k)];
      }
      const PairTerm* first = terms.data();
      const PairTerm* last = terms.data() + terms.size();
      Vec out_q(n), out_v(n);
      combine_pair(out_q, base_q, out_v, base_v, first, last);
      EXPECT_EQ(out_q, want_q) << "n=" << n << " terms=" << count;
      EXPECT_EQ(out_v, want_v) << "n=" << n << " terms=" << count;
      Vec q = base_q, v = base_v;  // in place
      combine_pair(q, q, v, v, first, last);
      EXPECT_EQ(q, want_q) << "in place, n=" << n << " terms=" << count;
      EXPECT_EQ(v, want_v) << "in place, n=" << n << " terms=" << count;
    }
  }
}

}  // namespace
}  // namespace tibench
