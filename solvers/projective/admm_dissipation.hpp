// The dissipative blocks of ADMM (solvers/projective/admm.hpp): Brown et al. 2018
// §4.4 ("two independent local potentials, one equalling U_i and the other
// equalling S_i") for dissipation functions that are sums of local quadratic
// forms raised to a power (problems/dissipation/local_quadratic.hpp, their
// §5.1.2 Rayleigh damping and §5.2.1 power law, Eq. 54):
//
//   R(v) = Σ_e φ(½ v_eᵀ D_e v_e),  φ(r) = A^{1−s} r^s,  s = (p + 1)/2.
//
// One block per form e, z_e ∈ R^{n_e} tied to the positions of its dofs
// (a selection row per dof). With a_e the positions at which the stage
// velocity V = v_0 + y/κ vanishes (x_a − κ v_0), the block's term of the
// stage objective is κ φ(½ xᵀ D_e x/κ²), x = z_e − a_e, and its local step
//
//   x ← argmin κ φ(½ xᵀ D x/κ²) + ω/2 ‖x − t‖²       (t: the target − a_e)
//
// is solved through D = V Λ Vᵀ (cached per form until the problem refreshes
// its forms): stationarity gives (g D/κ + ω I) x = ω t with the scalar
// g = φ'(½ xᵀ D x/κ²), so in the eigenbasis w_i = ω t̂_i/(ω + g λ_i/κ), and
// g solves one monotone scalar equation (their Appendix B reduces the
// power-law update to a one-dimensional root in the same way):
//
//   g ρ(g)^{1−p} = s (2A)^{(1−p)/2},   ρ(g)² = Σ λ_i w_i(g)²/κ²,
//
// g = 1 for p = 1 (a linear solve), and a safeguarded Newton iteration in
// ln g otherwise. For p = 0, R is a norm: when the target's pull stays
// below the threshold the block sticks (g = ∞: w_i = 0 on the range of D),
// the proximal map of the nonsmooth ‖·‖ that Newton on the full objective
// cannot reach.
//
// Weights: ω_e = mean eigenvalue of D_e / κ, the curvature of the linear
// (p = 1) block, taken from the forms when the split is analyzed and kept
// (so that DᵀΩD stays constant when lagged forms are refreshed every step).
// Our choice: the papers give none for dissipative blocks.
#pragma once

#include <vector>

#include <Eigen/Dense>

#include "problems/dissipation/local_quadratic.hpp"

namespace tibench {

class AdmmDissipation {
 public:
  explicit AdmmDissipation(std::vector<const LocalQuadraticDissipation*> models);

  Index rows() const { return rows_; }
  // Appends the selection rows (row0 + …) of D.
  void reduction(Index row0, Triplets& D) const;
  // ω_e for stage parameter κ (times scale), written per row into omega.
  void set_weights(double kappa, double scale, Eigen::Ref<Vec> omega);
  // For a stage: a_e = x_a − κ v_0 on each form's dofs; refreshes the
  // eigendecompositions if the problem refreshed its forms.
  void set_stage(const Vec& anchor, const Vec* v0, double kappa);
  // z ← the blocks' local step for targets t (= D y + s + u), both holding
  // the dissipative rows only; returns the scalar root iterations.
  long local_step(const Eigen::Ref<const Vec>& t, Eigen::Ref<Vec> z);
  // Σ_e κ φ(½ xᵀ D_e x/κ²) at z.
  double energy(const Eigen::Ref<const Vec>& z) const;

 private:
  struct Block {
    const LocalQuadraticDissipation* model;
    std::size_t form;
    Index row;
    double omega = 0.0;
    Eigen::MatrixXd V;       // eigenvectors of D_e
    Eigen::VectorXd lambda;  // its eigenvalues, clamped to ≥ 0
  };
  const LocalForm& form(const Block& b) const { return b.model->forms()[b.form]; }
  void refresh_eigensystems();

  std::vector<const LocalQuadraticDissipation*> models_;
  std::vector<long> versions_;
  std::vector<Block> blocks_;
  std::vector<int> iterations_;
  Index rows_ = 0;
  double kappa_ = 0.0;
  Vec rest_;  // a_e, per row
};

}  // namespace tibench
