// The objective of a velocity-only implicit stage (partitioned methods whose
// position coefficient a_ii is 0 while the velocity coefficient â_ii is not,
// e.g. the first stage of Störmer–Verlet, and explicit Newmark with damping):
//
//   Φ(V) = 1/(2κ) ‖V − v̂‖²_M + R(q, V),   v̂ = ṽ + κ M⁻¹ (f_ext(t) − ∇P(q)),
//
// with q fixed; stationarity is M (V − ṽ)/κ = f_ext − ∇P(q) − ∇_v R(q, V).
// Without dissipation the minimizer is v̂ and no solve is needed.
#pragma once

#include "solvers/nonlinear/objective.hpp"

namespace tibench {

class VelocityPotential final : public StageObjective {
 public:
  explicit VelocityPotential(const Problem& p) : p_(p) {}
  // Sets q, ṽ, κ and t; returns v̂ (the solution when there is no dissipation).
  const Vec& set_stage(const Vec& q, const Vec& v_tilde, double kappa, double t);

  Index size() const override { return p_.dofs(); }
  double value(const Vec& V) const override;
  void gradient(const Vec& V, Vec& g) const override;
  void hessian(const Vec& V, bool project_psd, Triplets& out) const override;
  const Vec& inertia() const override { return inertia_; }
  double residual_noise(const Vec& V) const override;
  double scale(const Vec& V) const override { return V.cwiseAbs().maxCoeff(); }

 private:
  const Problem& p_;
  Vec q_, v_hat_, inertia_, scratch_;
  double kappa_ = 0;
  mutable double dissipation_magnitude_ = 0;
  mutable Vec g_scratch_;
};

}  // namespace tibench
