// BDF2 for the second-order system (Curtiss & Hirschfelder 1952; Gear 1971),
// applied to both positions and velocities (as polyfem and SOFA do; You et
// al. Eq. 3):
//   q_{n+1} = (4 q_n − q_{n−1})/3 + (2h/3) v_{n+1},
//   v_{n+1} = (4 v_n − v_{n−1})/3 + (2h/3) M⁻¹ f(q_{n+1}, v_{n+1}, t_{n+1}).
// One incremental-potential solve per step (τ = κ = 2h/3, anchor
// x_a = (4q_n − q_{n−1})/3, ŷ = τ (4v_n − v_{n−1})/3).
//
// Starting procedure: q_1 comes from one step of a one-step method, selected
// by the `starter` parameter (default backward-euler, as polyfem does;
// sdirk2, trapezoidal or tr-bdf2 keep the start second-order accurate).
#pragma once

#include <memory>
#include <optional>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/engines/stepper.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

class Bdf2Stepper final : public Stepper {
 public:
  Bdf2Stepper(const Problem& p, double h, StageSolverOptions newton,
              std::unique_ptr<Stepper> starter);
  StepReport step(State& s) override;

  int history_size() const override { return 1; }
  void set_history(const std::vector<State>& previous) override;
  std::vector<State> history() const override;

 private:
  const Problem& p_;
  std::unique_ptr<Stepper> starter_;
  std::optional<State> previous_;
  IncrementalPotential phi_;
  std::unique_ptr<StageSolver> solver_;
  Vec anchor_, y_;
};

}  // namespace tibench
