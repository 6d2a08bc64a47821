// Pairs of sums with shared coefficients, as the position and velocity sums
// of the Runge–Kutta and Rosenbrock stages and updates are:
//   out_q = base_q + Σ_k c_k Xq_k,  out_v = base_v + Σ_k c_k Xv_k,
// each entry summed in term order ((base + c_0 X_0) + c_1 X_1 + …), the
// rounding of a sequence of axpy updates; a zero base gives the rounding and
// signed zeros of setZero followed by those updates. Both sums in one loop halve the
// loop and coefficient overhead, which is what a step costs on tiny systems
// (the oscillator, n = 1): there the entries are summed inline, term after
// term, with each term's coefficient and vectors side by side.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

// A term's arrays by their data pointers: the tiny-system path then reads an
// entry with one load instead of two (callers whose vectors change buffers,
// as the RK engine's V_1 does by swapping, point the term again).
struct PairTerm {
  double c;
  const double* q;
  const double* v;
};

// Below this size combine_pair sums entry by entry, inline: the call and the
// setup of the vectorized passes cost more than the arithmetic.
inline constexpr Index kShortPairSum = 8;

// The vectorized passes (pair_sums.cpp) for the larger systems.
void combine_pair_passes(Index n, double* oq, const double* bq, double* ov, const double* bv,
                         const PairTerm* first, const PairTerm* last);

// Sums the terms [first, last). Every vector and term array has the size of
// base_q (the callers size their workspace once; no resize check per sum).
// `out_q` may be `base_q` and `out_v` may be `base_v`; no term's arrays may
// be those of `out_q` or `out_v`.
inline void combine_pair(Vec& out_q, const Vec& base_q, Vec& out_v, const Vec& base_v,
                         const PairTerm* first, const PairTerm* last) {
  const Index n = base_q.size();
  double *oq = out_q.data(), *ov = out_v.data();
  const double *bq = base_q.data(), *bv = base_v.data();
  if (n >= kShortPairSum) {
    combine_pair_passes(n, oq, bq, ov, bv, first, last);
    return;
  }
  // Entry i, the partial sums in registers (which rounds like storing them).
  const auto sum_entry = [&](Index i) {
    double sq = bq[i], sv = bv[i];
    for (const PairTerm* t = first; t != last; ++t) {
      sq += t->c * t->q[i];
      sv += t->c * t->v[i];
    }
    oq[i] = sq;
    ov[i] = sv;
  };
  // One entry (the 1-dof problems) without the loop over entries, whose
  // setup costs most of what a term does.
  if (n == 1) return sum_entry(0);
  for (Index i = 0; i < n; ++i) sum_entry(i);
}

}  // namespace tibench
