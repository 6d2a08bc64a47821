// The incremental potential of one implicit stage (Gast & Schroeder 2014 §3;
// Brown et al. 2018 §4):
//
//   Φ(x) = 1/(2τ²) ‖x − x̂‖²_M + P(x) − f_ext(t)·x + τ R((x − x_a)/τ),
//
// whose stationarity condition M (x − x̂)/τ² = f_ext − ∇P(x) − ∇_v R(V) with
// V = (x − x_a)/τ is the stage equation of a DIRK stage with τ = h a_ii,
// x_a = q_n + h Σ_{j<i} a_ij V_j and x̂ = x_a + τ ṽ. Backward Euler, BDF2 and
// Newmark stages have the same form with their own τ and x̂.
//
// The dissipation term is exact only for R independent of q (or lagged by
// the problem); problems whose R depends on q are rejected by the engines
// that use this class.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

class IncrementalPotential {
 public:
  explicit IncrementalPotential(const Problem& p);

  // Sets the stage: inertial target x̂, velocity anchor x_a, τ and time t.
  void set_stage(const Vec& x_hat, const Vec& x_anchor, double tau, double t);

  double value(const Vec& x) const;
  void gradient(const Vec& x, Vec& g) const;
  // Appends ∇²Φ(x) = M/τ² + ∇²P(x) + ∇²_vv R / τ.
  void hessian(const Vec& x, bool project_psd, Triplets& out) const;
  // ‖τ² M⁻¹ g‖_∞: the residual expressed as a position correction. It bounds
  // the Newton step when ∇²P ⪰ 0 and is the scale the solver tolerance uses.
  double position_residual(const Vec& g) const;
  // The rounding level of position_residual at x, from the magnitudes of the
  // terms that cancel in g (inertia, forces): below it, no iterate is
  // distinguishable from the solution in doubles. Valid after gradient(x).
  double position_residual_noise(const Vec& x) const;

  const Problem& problem() const { return p_; }
  double tau() const { return tau_; }
  const Vec& x_hat() const { return x_hat_; }

 private:
  const Problem& p_;
  Vec x_hat_, x_anchor_, f_ext_;
  double tau_ = 0.0, t_ = 0.0;
  mutable double force_magnitude_ = 0.0;  // ‖τ² M⁻¹ (∇P − f_ext + ∇_v R)‖ terms, summed
  mutable Vec scratch_, velocity_;
};

}  // namespace tibench
