// The vectorized passes of combine_pair, out of line: on systems large
// enough to take them the call costs nothing, and keeping them out of the
// callers keeps the tiny-system path short.
#include "integrators/engines/pair_sums.hpp"

#include <algorithm>

namespace tibench {
namespace {

// No term aliases an output, and out == base is an in-place update whose
// entry i is read before it is written: safe to vectorize without the
// runtime overlap checks (which would fall back to scalar code for
// out == base).
#if defined(__GNUC__) && !defined(__clang__)
#define TIBENCH_IVDEP _Pragma("GCC ivdep")
#else
#define TIBENCH_IVDEP
#endif

// One fused pass over a group of M ≤ 4 terms; `out` is written once.
template <int M>
void pass(Index n, double* oq, const double* bq, double* ov, const double* bv,
          const PairTerm* terms) {
  const double* xq[M];
  const double* xv[M];
  double c[M];
  for (int k = 0; k < M; ++k) {
    xq[k] = terms[k].q;
    xv[k] = terms[k].v;
    c[k] = terms[k].c;
  }
  TIBENCH_IVDEP for (Index i = 0; i < n; ++i) {
    double sq = bq[i], sv = bv[i];
    for (int k = 0; k < M; ++k) {
      sq += c[k] * xq[k][i];
      sv += c[k] * xv[k][i];
    }
    oq[i] = sq;
    ov[i] = sv;
  }
}

}  // namespace

void combine_pair_passes(Index n, double* oq, const double* bq, double* ov, const double* bv,
                         const PairTerm* first, const PairTerm* last) {
  const PairTerm* terms = first;
  const auto count = static_cast<int>(last - first);
  if (count == 0) {
    if (oq != bq) std::copy(bq, bq + n, oq);
    if (ov != bv) std::copy(bv, bv + n, ov);
    return;
  }
  for (int k0 = 0; k0 < count; k0 += 4) {
    switch (std::min(4, count - k0)) {
      case 1: pass<1>(n, oq, bq, ov, bv, terms + k0); break;
      case 2: pass<2>(n, oq, bq, ov, bv, terms + k0); break;
      case 3: pass<3>(n, oq, bq, ov, bv, terms + k0); break;
      default: pass<4>(n, oq, bq, ov, bv, terms + k0); break;
    }
    bq = oq;  // later groups continue from the partial sums
    bv = ov;
  }
}

}  // namespace tibench
