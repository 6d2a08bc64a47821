// Element-level kernels shared by the elastic body and the FEM dissipation
// models. With B the map from element positions (3 per node, node-major) to
// vec(F) = vec(Σ_a x_a ⊗ ∇N_a) (column-major), quadrature contributions are
//   gradient:  g_e += w Bᵀ vec(P),
//   Hessian:   H_e += w Bᵀ D B   (D = ∂P/∂F or any 9 × 9 operator).
#pragma once

#include "problems/fem/material.hpp"
#include "problems/fem/solid_mesh.hpp"

namespace tibench {

// g_e[3a + i] += Σ_j (w P(i, j)) G(a, j), summed in j order (the rounding
// of ElasticBody's vectorized force kernel, which must equal this).
inline void accumulate_bt(const ShapeGradients& G, const Mat3& P, double w, ElementVector& g) {
  const Mat3 wP = w * P;
  for (Index a = 0; a < G.rows(); ++a)
    for (int i = 0; i < 3; ++i)
      g[3 * a + i] += wP(i, 0) * G(a, 0) + wP(i, 1) * G(a, 1) + wP(i, 2) * G(a, 2);
}

// H_e[(a,i), (b,k)] += w Σ_{j,l} D(i+3j, k+3l) G(a,j) G(b,l)
inline void accumulate_btdb(const ShapeGradients& G, const Mat9& D, double w, ElementMatrix& H) {
  const Index n = G.rows();
  Eigen::Matrix<double, 9, Eigen::Dynamic, 0, 9, 3 * kMaxElementNodes> T(9, 3 * n);  // D B
  for (Index b = 0; b < n; ++b)
    for (int k = 0; k < 3; ++k)
      T.col(3 * b + k) = D.col(k) * G(b, 0) + D.col(k + 3) * G(b, 1) + D.col(k + 6) * G(b, 2);
  for (Index a = 0; a < n; ++a)
    for (int i = 0; i < 3; ++i)
      H.row(3 * a + i).noalias() +=
          w * (G(a, 0) * T.row(i) + G(a, 1) * T.row(i + 3) + G(a, 2) * T.row(i + 6));
}

// The same for a symmetric D, filling only the lower block triangle (block
// rows a, columns of nodes ≤ a): half the work; complete with mirror_lower.
// Column by column on raw storage: H and T are column-major, so every inner
// loop runs down a contiguous column (the row-wise form above strides by the
// leading dimension). Each entry gets the same expression, so the result is
// bit-identical to the row-wise form.
inline void accumulate_btdb_lower(const ShapeGradients& G, const Mat9& D, double w,
                                  ElementMatrix& H) {
  const Index n = G.rows(), m = 3 * n, ld = H.rows();
  const double* g = G.data();  // n × 3, column-major: G(a, j) = g[a + j n]
  const double* d = D.data();
  double T[9 * 3 * kMaxElementNodes];  // D B, 9 × 3n column-major
  for (Index b = 0; b < n; ++b) {
    const double gb0 = g[b], gb1 = g[b + n], gb2 = g[b + 2 * n];
    for (int k = 0; k < 3; ++k) {
      const double* d0 = d + 9 * k;
      const double* d1 = d + 9 * (k + 3);
      const double* d2 = d + 9 * (k + 6);
      double* t = T + 9 * (3 * b + k);
      for (int r = 0; r < 9; ++r) t[r] = d0[r] * gb0 + d1[r] * gb1 + d2[r] * gb2;
    }
  }
  for (Index c = 0; c < m; ++c) {
    const double* t = T + 9 * c;
    double* h = H.data() + c * ld;
    for (Index a = c / 3; a < n; ++a) {
      const double ga0 = g[a], ga1 = g[a + n], ga2 = g[a + 2 * n];
      for (int i = 0; i < 3; ++i)
        h[3 * a + i] += w * (ga0 * t[i] + ga1 * t[i + 3] + ga2 * t[i + 6]);
    }
  }
}

// Copies the lower block triangle to the upper one.
inline void mirror_lower(ElementMatrix& H) {
  for (Index j = 0; j < H.cols(); ++j)
    for (Index i = 0; i < j; ++i) H(i, j) = H(j, i);
}

// Adds the element vector to the free dofs of g.
inline void scatter(const MeshGeometry& geo, Index e, const ElementVector& ge, Vec& g) {
  for (Index l = 0; l < ge.size(); ++l) {
    const Index d = geo.element_dof(e, static_cast<int>(l));
    if (d >= 0) g[d] += ge[l];
  }
}

// Calls f(row, col, value) for the free–free entries of the element
// matrix, column by column: the order of emit and emit_triplets.
template <class F>
inline void for_each_free_entry(const MeshGeometry& geo, Index e, const ElementMatrix& H, F&& f) {
  const Index n = H.rows();
  for (Index j = 0; j < n; ++j) {
    const Index dj = geo.element_dof(e, static_cast<int>(j));
    if (dj < 0) continue;
    for (Index i = 0; i < n; ++i) {
      const Index di = geo.element_dof(e, static_cast<int>(i));
      if (di >= 0) f(di, dj, H(i, j));
    }
  }
}

// Appends the free–free entries of the element matrix.
inline void emit(const MeshGeometry& geo, Index e, const ElementMatrix& H, Triplets& out) {
  for_each_free_entry(geo, e, H,
                      [&](Index row, Index col, double v) { out.emplace_back(row, col, v); });
}

// The triplets emit() appends, in its order, written from `out` on (an
// element's own range of a presized array); returns the position after the
// last.
inline Eigen::Triplet<double>* emit_triplets(const MeshGeometry& geo, Index e,
                                             const ElementMatrix& H, Eigen::Triplet<double>* out) {
  for_each_free_entry(geo, e, H, [&](Index row, Index col, double v) {
    *out++ = Eigen::Triplet<double>(static_cast<int>(row), static_cast<int>(col), v);
  });
  return out;
}

// The values emit() appends, in its order, written from `out` on; returns
// the position after the last.
inline double* emit_values(const MeshGeometry& geo, Index e, const ElementMatrix& H, double* out) {
  const Index n = H.rows();
  for (Index j = 0; j < n; ++j) {
    if (geo.element_dof(e, static_cast<int>(j)) < 0) continue;
    for (Index i = 0; i < n; ++i)
      if (geo.element_dof(e, static_cast<int>(i)) >= 0) *out++ = H(i, j);
  }
  return out;
}

// Clamps the negative eigenvalues of a symmetric element matrix to zero
// (Teran et al. 2005): the element's contribution becomes PSD.
void clamp_to_psd(ElementMatrix& H);

}  // namespace tibench
