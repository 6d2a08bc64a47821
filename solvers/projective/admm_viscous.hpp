// The viscous blocks of ADMM (solvers/projective/admm.hpp): strain-rate damping
// (Brown et al. 2018 §5.1.1, problems/fem/strain_rate_damping.hpp) as a
// local potential of its own beside the elastic one (their §4.4: "two
// independent local potentials, one equalling U_i and the other equalling
// S_i"). One block per quadrature point, z = vec F (the elastic blocks'
// rows), and since Ḟ = D V = (z − a)/κ with a = D x_a + c − κ D v_0 (the
// deformation gradient at which the stage velocity vanishes), the block's
// stage term is
//
//   S(z) = κ w (R(z, (z − a)/κ) − [second order] R(z, Ḟ_ref)),
//
// R(F, Ḟ) = ψ‖Ė‖² + φ/2 tr²Ė, w the quadrature weight, Ḟ_ref = D v_ref:
// the first- and second-order dissipation terms of Brown et al. Eqs. 19b
// and 26 as the stage objective uses them. Its gradient is
// w (κḞ S + F S − κ Ḟ_ref S(F, Ḟ_ref)) with S(F, Ḟ) = 2ψ sym(FᵀḞ) +
// φ tr(FᵀḞ) I, and its Hessian the exact linearization of that. The local
// step is the elastic blocks' 9-dimensional Newton solve
// (solvers/projective/admm_local_newton.hpp), PSD-clamped where S is not convex
// (it is quartic in z). (Their Appendix A reduces it to 6 dimensions by a
// polar decomposition; we solve the 9-dimensional problem.)
//
// Weights: ω_b = w (2ψ + 3φ)/κ, the curvature of S in z at F = I (our
// choice, as for the other dissipative blocks), fixed when analyzed.
#pragma once

#include <memory>
#include <vector>

#include "problems/element_split.hpp"
#include "problems/fem/strain_rate_damping.hpp"

namespace tibench {

// The viscous terms S_b of one strain-rate model as an ElementSplit, for
// the stage set last.
class ViscousSplit final : public ElementSplit {
 public:
  explicit ViscousSplit(const StrainRateDamping& model);

  int block_size() const override { return 9; }
  Index blocks() const override { return blocks_; }
  void reduction(Triplets& D, Vec& c) const override;
  // w (2ψ + 3φ): the weight times κ.
  double weight(Index b) const override;
  double energy(Index b, const LocalVector& z) const override;
  void derivatives(Index b, const LocalVector& z, LocalVector& g, LocalMatrix& H) const override;
  void linear_force(Vec& f) const override { f.resize(0); }

  // a and Ḟ_ref per block (9 · blocks() each), κ, and the term.
  void set_stage(Vec a, Vec fdot_ref, double kappa, bool second_order);

 private:
  double block_weight(Index b) const;

  const StrainRateDamping& model_;
  Index blocks_;
  int points_;  // quadrature points per element
  Vec a_, fdot_ref_;
  double kappa_ = 0.0;
  bool second_order_ = false;
};

class AdmmViscous {
 public:
  explicit AdmmViscous(const std::vector<const StrainRateDamping*>& models);

  Index rows() const { return rows_; }
  // Appends the rows (row0 + …) of D and writes their part of c.
  void reduction(Index row0, Triplets& D, Eigen::Ref<Vec> c) const;
  // ω_b for stage parameter κ (times scale), written per row into omega.
  void set_weights(double kappa, double scale, Eigen::Ref<Vec> omega);
  // s: the viscous rows of D x_a + c (the stage's F at the anchor).
  void set_stage(const Eigen::Ref<const Vec>& s, const Vec* v0, const Vec* v_ref, double kappa,
                 bool second_order);
  // z ← the blocks' local step for targets t (= D y + s + u), both holding
  // the viscous rows only; returns the local Newton iterations.
  long local_step(const Eigen::Ref<const Vec>& t, Eigen::Ref<Vec> z);
  double energy(const Eigen::Ref<const Vec>& z) const;

 private:
  struct Part {
    std::unique_ptr<ViscousSplit> split;
    SparseMatrix D;
    Vec c;
    Index row = 0;
  };
  std::vector<Part> parts_;
  std::vector<int> iterations_;
  Index rows_ = 0;
  std::vector<double> omega_;  // per block, all parts in order
};

}  // namespace tibench
