// The ADMM split of a potential (Overby, Brown, Li, Narain 2017, "ADMM ⊇
// Projective Dynamics", IEEE TVCG 23(10), §3; Brown et al. 2018 §3.3, Eq. 13):
//
//   P(q) = Σ_b E_b(D_b q + c_b) − f·q + const,
//
// each E_b a function of a few local coordinates z_b = D_b q + c_b ∈ R^d (the
// deformation gradient of a tetrahedron's quadrature point, d = 9), D_b a
// constant sparse map and c_b the contribution of fixed nodes. ADMM
// (solvers/projective/admm.hpp) treats z as a variable of its own, tied to q by the
// weighted constraint W(Dq + c − z) = 0; its local step minimizes each E_b
// plus a quadratic penalty, a d-dimensional problem.
//
// Weights (Overby et al. 2017 §5.1, "stiffer energies receive larger
// weights", as their admm-elastic code sets them): w_b² = k V_b with k the
// bulk modulus λ + 2μ/3 and V_b the block's rest volume (quadrature weight).
#pragma once

#include <Eigen/Dense>

#include "problems/problem.hpp"

namespace tibench {

constexpr int kMaxSplitBlockSize = 9;
using LocalVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxSplitBlockSize, 1>;
using LocalMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxSplitBlockSize,
                                  kMaxSplitBlockSize>;

class ElementSplit {
 public:
  virtual ~ElementSplit() = default;
  // d, the size of every block's local coordinates (≤ kMaxSplitBlockSize).
  virtual int block_size() const = 0;
  virtual Index blocks() const = 0;
  // Appends D (block b on rows d·b … d·b + d − 1, columns the problem's
  // dofs) and sets c (d·blocks entries).
  virtual void reduction(Triplets& D, Vec& c) const = 0;
  // The squared weight w_b² of block b.
  virtual double weight(Index b) const = 0;
  // E_b(z), and its gradient and Hessian (d × d) at z.
  virtual double energy(Index b, const LocalVector& z) const = 0;
  virtual void derivatives(Index b, const LocalVector& z, LocalVector& g, LocalMatrix& H) const = 0;
  // The linear force f of the split (e.g. gravity).
  virtual void linear_force(Vec& f) const = 0;
};

// The split of a zero potential: no blocks. Problems whose only forces are
// dissipative take ADMM with its dissipative blocks alone.
class EmptySplit final : public ElementSplit {
 public:
  explicit EmptySplit(Index dofs) : dofs_(dofs) {}
  int block_size() const override { return 1; }
  Index blocks() const override { return 0; }
  void reduction(Triplets& /*D*/, Vec& c) const override { c.resize(0); }
  double weight(Index /*b*/) const override { return 1.0; }
  double energy(Index /*b*/, const LocalVector& /*z*/) const override { return 0.0; }
  void derivatives(Index /*b*/, const LocalVector& z, LocalVector& g,
                   LocalMatrix& H) const override {
    g.setZero(z.size());
    H.setZero(z.size(), z.size());
  }
  void linear_force(Vec& f) const override { f.setZero(dofs_); }

 private:
  Index dofs_;
};

}  // namespace tibench
