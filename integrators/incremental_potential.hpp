// The incremental potential of one implicit position stage (Gast & Schroeder
// 2014 §3; Brown et al. 2018 §4):
//
//   Φ(x) = 1/(2τ²) ‖x − x̂‖²_M + P(x) − f_ext(t)·x + κ R((x − x_a)/κ),
//
// whose stationarity condition
//   M (x − x̂)/τ² = f_ext − ∇P(x) − ∇_v R(V),   V = (x − x_a)/κ,
// is the stage equation of
//   a DIRK stage:        τ = κ = h a_ii, x_a = q̃, x̂ = q̃ + τ ṽ;
//   a partitioned stage: τ² = h² a_ii â_ii, κ = h a_ii (same x_a, x̂ = q̃ + κ ṽ);
//   backward Euler, BDF2, Newmark: their own τ, κ, x̂, x_a.
//
// The dissipation term is exact only for R independent of q (or lagged by
// the problem in begin_step); the constructor rejects q-dependent R.
#pragma once

#include "integrators/objective.hpp"

namespace tibench {

class IncrementalPotential final : public StageObjective {
 public:
  explicit IncrementalPotential(const Problem& p);

  // Sets the stage: inertial target x̂, velocity anchor x_a, τ, κ and time t.
  void set_stage(const Vec& x_hat, const Vec& x_anchor, double tau, double kappa, double t);
  void set_stage(const Vec& x_hat, const Vec& x_anchor, double tau, double t) {
    set_stage(x_hat, x_anchor, tau, tau, t);
  }

  Index size() const override { return p_.dofs(); }
  double value(const Vec& x) const override;
  void gradient(const Vec& x, Vec& g) const override;
  void hessian(const Vec& x, bool project_psd, Triplets& out) const override;
  const Vec& inertia() const override { return inertia_; }
  double residual_noise(const Vec& x) const override;
  double scale(const Vec& x) const override;

  const Problem& problem() const { return p_; }
  double tau() const { return tau_; }
  double kappa() const { return kappa_; }
  const Vec& x_hat() const { return x_hat_; }
  // Kept for readability at call sites: the residual in position units.
  double position_residual(const Vec& g) const { return residual(g); }

 private:
  const Problem& p_;
  Vec x_hat_, x_anchor_, f_ext_, inertia_;
  double tau_ = 0.0, kappa_ = 0.0, t_ = 0.0;
  mutable double force_magnitude_ = 0.0;  // ‖τ² M⁻¹ (∇P − f_ext + ∇_v R)‖ terms, summed
  mutable Vec scratch_, velocity_;
};

}  // namespace tibench
