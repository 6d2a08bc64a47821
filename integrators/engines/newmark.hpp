// The Newmark family (Newmark 1959) with parameters (β, γ), and its
// generalized-α extension (Chung & Hulbert 1993) with (α_m, α_f):
//   q_{n+1} = q_n + h v_n + h² ((½ − β) a_n + β a_{n+1}),
//   v_{n+1} = v_n + h ((1 − γ) a_n + γ a_{n+1}),
//   M a_{n+1−α_m} = f(q_{n+1−α_f}, v_{n+1−α_f}, t_{n+1−α_f}),
// with x_{n+1−α} = (1 − α) x_{n+1} + α x_n (α_m = α_f = 0: Newmark).
// β = ¼, γ = ½ (average acceleration) is the trapezoidal rule (Dinev et al.
// 2018 §2; substituting the v-update gives q_{n+1} = q_n + h/2 (v_n + v_{n+1})).
// Chung & Hulbert's one-parameter family in ρ∞ ∈ [0, 1] (the spectral radius
// at h → ∞): α_m = (2ρ∞ − 1)/(ρ∞ + 1), α_f = ρ∞/(ρ∞ + 1), γ = ½ − α_m + α_f,
// β = ¼ (1 − α_m + α_f)²: second order, unconditionally stable.
//
// β > 0: one incremental-potential solve per step in y = (1 − α_f) d,
// d = q_{n+1} − q_n: with d̂ = h v_n + h²(½ − β) a_n, the balance
// (1 − α_m) M (d − d̂)/(βh²) + α_m M a_n = f(q_n + y) is the gradient of an
// incremental potential with τ² = βh²(1 − α_f)/(1 − α_m) and target
// ŷ = (1 − α_f) d̂ − τ² α_m a_n; κ = βh/γ and the velocity offset give
// v_{n+1−α_f}. Then a_{n+1} = (d − d̂)/(βh²).
// β = 0 (explicit, e.g. central differences with γ = ½; Newmark only): q_{n+1}
// is explicit and v_{n+1} solves a velocity-only stage when there is
// dissipation.
//
// a_n is carried over from the previous step when the incoming state is the
// one this stepper produced (bitwise), and recomputed as M⁻¹f(q_n, v_n)
// otherwise (Chung & Hulbert's start). For Newmark that is the carried value
// (the balance holds at t_{n+1}), so Newmark is a one-step map on (q, v);
// generalized-α's a_n is its own state (balanced at t_{n+1−α_m}), exposed
// through Stepper::carries_acceleration to the linear analysis, whose
// update matrix is then 3×3 on (q, v, a): order from the global error,
// spectral radius ρ∞ at h → ∞ (checked against the parameter in the registry).
// Constraint contact is refused for α_f ≠ 0: the constrained solve is at
// q_{n+1−α_f}, and q_{n+1} extrapolates past it.
#pragma once

#include <optional>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/engines/stepper.hpp"
#include "integrators/engines/velocity_potential.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

struct NewmarkParameters {
  double beta = 0.25, gamma = 0.5;
  double alpha_m = 0.0, alpha_f = 0.0;  // generalized-α; 0, 0 is Newmark
  // Chung & Hulbert's parameters for the spectral radius ρ∞ at infinity.
  static NewmarkParameters generalized_alpha(double rho_inf);
};

class NewmarkStepper final : public Stepper {
 public:
  NewmarkStepper(const Problem& p, double h, NewmarkParameters params, StageSolverOptions newton);
  StepReport step(State& s) override;
  // Generalized-α's a_n is part of its state (Newmark's equals M⁻¹f at the
  // step's end, a function of (q, v)).
  bool carries_acceleration() const override { return alpha_m_ != 0.0 || alpha_f_ != 0.0; }
  void set_carried_acceleration(const State& s, const Vec& a) override;
  Vec carried_acceleration() const override { return a_; }

 private:
  const Problem& p_;
  double beta_, gamma_, alpha_m_, alpha_f_;
  std::optional<IncrementalPotential> positions_;
  VelocityPotential velocities_;
  std::unique_ptr<StageSolver> solver_;
  Vec a_, last_q_, last_v_, d_hat_, y_hat_, v_pred_, y_, f_, scratch_;
  Vec velocity_offset_, d_;  // buffers of step() (no allocation per step)
  bool have_a_ = false;
};

}  // namespace tibench
