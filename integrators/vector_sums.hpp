// Linear combinations of state-sized vectors for the stage and update sums
// of the one-step engines: one fused pass per (up to) four terms, summed in
// term order, so that results round exactly like the sequence of axpy
// updates they replace.
#pragma once

#include <algorithm>

#include "problems/problem.hpp"

namespace tibench {

// No X_k aliases `out`, and out == base is an in-place update whose element
// i is read before it is written: safe to vectorize without the runtime
// overlap checks (which would fall back to scalar code for out == base).
#if defined(__GNUC__) && !defined(__clang__)
#define TIBENCH_IVDEP _Pragma("GCC ivdep")
#else
#define TIBENCH_IVDEP
#endif

// out = base + Σ_k c_k X_k, each entry summed in k order ((base + c_0 X_0) +
// c_1 X_1 + …, the rounding of a sequence of axpy updates) in one fused pass
// for up to four terms, so that `out` is written once and `base` read once
// (longer sums take further passes of four, same order). Plain loops: the
// compiler vectorizes them, and for tiny systems (the oscillator, n = 1)
// they cost no more than the arithmetic, unlike Eigen's dynamic-size
// expression setup. `out` may be `base`; no X_k may be `out`. A null `base`
// stands for +0.0 in every entry (see combine_from_zero).
inline void combine_raw(double* o, const double* b, Index n, const double* c,
                        const Vec* const* X, int terms) {
  for (int k0 = 0; k0 < terms; k0 += 4) {
    const int m = std::min(4, terms - k0);
    const double* x0 = X[k0]->data();
    const double c0 = c[k0];
    // (b ? b[i] : 0.0) is hoisted out of the loops by duplicating them.
    const auto pass = [&](auto base) {
      switch (m) {
        case 1:
          TIBENCH_IVDEP for (Index i = 0; i < n; ++i) o[i] = base(i) + c0 * x0[i];
          break;
        case 2: {
          const double *x1 = X[k0 + 1]->data(), c1 = c[k0 + 1];
          TIBENCH_IVDEP for (Index i = 0; i < n; ++i) o[i] = base(i) + c0 * x0[i] + c1 * x1[i];
          break;
        }
        case 3: {
          const double *x1 = X[k0 + 1]->data(), *x2 = X[k0 + 2]->data();
          const double c1 = c[k0 + 1], c2 = c[k0 + 2];
          TIBENCH_IVDEP for (Index i = 0; i < n; ++i)
            o[i] = base(i) + c0 * x0[i] + c1 * x1[i] + c2 * x2[i];
          break;
        }
        default: {
          const double *x1 = X[k0 + 1]->data(), *x2 = X[k0 + 2]->data(), *x3 = X[k0 + 3]->data();
          const double c1 = c[k0 + 1], c2 = c[k0 + 2], c3 = c[k0 + 3];
          TIBENCH_IVDEP for (Index i = 0; i < n; ++i)
            o[i] = base(i) + c0 * x0[i] + c1 * x1[i] + c2 * x2[i] + c3 * x3[i];
          break;
        }
      }
    };
    if (b)
      pass([b](Index i) { return b[i]; });
    else
      pass([](Index) { return 0.0; });  // (0.0 + x is not folded: it maps −0.0 to +0.0)
    b = o;  // later groups continue from the partial sum
  }
}

inline void combine(Vec& out, const Vec& base, const double* c, const Vec* const* X, int terms) {
  const Index n = base.size();
  if (out.size() != n) out.resize(n);
  if (terms == 0) {
    if (out.data() != base.data()) std::copy(base.data(), base.data() + n, out.data());
    return;
  }
  combine_raw(out.data(), base.data(), n, c, X, terms);
}

// out = Σ_k c_k X_k summed in k order from +0.0: the rounding (and signed
// zeros) of setZero followed by axpy updates, without the zeroing pass.
inline void combine_from_zero(Vec& out, const double* c, const Vec* const* X, int terms,
                              Index n) {
  if (out.size() != n) out.resize(n);
  if (terms == 0) {
    out.setZero();
    return;
  }
  combine_raw(out.data(), nullptr, n, c, X, terms);
}

}  // namespace tibench
