// The Newmark family (Newmark 1959) with parameters (β, γ):
//   q_{n+1} = q_n + h v_n + h² ((½ − β) a_n + β a_{n+1}),
//   v_{n+1} = v_n + h ((1 − γ) a_n + γ a_{n+1}),   a = M⁻¹ f(q, v, t).
// β = ¼, γ = ½ (average acceleration) is the trapezoidal rule (Dinev et al.
// 2018 §2; substituting the v-update gives q_{n+1} = q_n + h/2 (v_n + v_{n+1})).
//
// β > 0: one incremental-potential solve per step in d = q_{n+1} − q_n
// (τ² = βh², κ = βh/γ, ŷ = d̂ = h v_n + h²(½ − β) a_n), with
// v_pred = v_n + h(1 − γ) a_n and a_{n+1} = (d − d̂)/(βh²).
// β = 0 (explicit, e.g. central differences with γ = ½): q_{n+1} is
// explicit and v_{n+1} solves a velocity-only stage when there is dissipation.
//
// a_n is carried over from the previous step when the incoming state is the
// one this stepper produced (bitwise), and recomputed otherwise, so the
// method is a one-step map on (q, v) wherever the state comes from.
#pragma once

#include <optional>

#include "integrators/incremental_potential.hpp"
#include "integrators/newton_solver.hpp"
#include "integrators/stepper.hpp"
#include "integrators/velocity_potential.hpp"

namespace tibench {

class NewmarkStepper final : public Stepper {
 public:
  NewmarkStepper(const Problem& p, double h, double beta, double gamma, NewtonOptions newton);
  StepReport step(State& s) override;

 private:
  const Problem& p_;
  double beta_, gamma_;
  std::optional<IncrementalPotential> positions_;
  VelocityPotential velocities_;
  NewtonSolver newton_;
  Vec a_, last_q_, last_v_, d_hat_, v_pred_, y_, f_, scratch_;
  bool have_a_ = false;
};

}  // namespace tibench
