// The generic Runge–Kutta engine for the second-order system
//   q' = v,  M v' = f(q, v, t),
// for any lower-triangular tableau: explicit RK, DIRK, SDIRK, EDIRK/ESDIRK.
//
// Stage i with q̃ = q_n + h Σ_{j<i} a_ij V_j and ṽ = v_n + h Σ_{j<i} a_ij A_j:
//   a_ii = 0 (explicit stage):  Q_i = q̃, V_i = ṽ, A_i = M⁻¹ f(Q_i, V_i, t_n + c_i h);
//   a_ii ≠ 0 (implicit stage):  with τ = h a_ii, the increment y = Q_i − q̃
//     minimizes the incremental potential
//     Φ(y) = ‖y − τ ṽ‖²_M/(2τ²) + P(q̃ + y) − f_ext·(q̃ + y) + τ R(y/τ),
//     then V_i = y/τ and A_i = (V_i − ṽ)/τ (stage values, no extra force
//     evaluation, so stiffly accurate methods return V_s exactly).
// Update: q_{n+1} = q_n + h Σ b_i V_i,  v_{n+1} = v_n + h Σ b_i A_i; for
// stiffly accurate tableaux (last row of A = b) the identical value
// (Q_s, V_s) is taken directly, which avoids cancellation on stiff problems.
// Tableaux with embedded weights b̂ report ‖h Σ (b_i − b̂_i)(V_i, A_i)‖_∞ as
// the step's error estimate.
//
// One engine serves explicit and diagonally implicit tableaux because an
// explicit stage is the a_ii = 0 case of the same recursion; explicit
// tableaux never construct the Newton machinery.
//
// runge_kutta.cpp writes the stages and the update as plainly as the
// equations (the reference layer). By default the stepper runs the same
// arithmetic through its fast layer (rk_fast_stages.hpp), which makes tiny
// systems cheap; the two give bit-identical results
// (tests/integrators/test_rk_fast_layer.cpp), and the implicit stage solve is the
// engine's in both.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/engines/rk_stage_values.hpp"
#include "integrators/engines/stepper.hpp"
#include "integrators/methods/butcher_tableau.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

class RkFastStages;

// Which code computes the stages and the update: the fast layer (what every
// integrator runs) or the plain reference loop it is checked against.
enum class RkLayer { fast, reference };

class RungeKuttaStepper final : public Stepper {
 public:
  RungeKuttaStepper(const Problem& p, ButcherTableau tableau, double h, StageSolverOptions newton,
                    RkLayer layer = RkLayer::fast);
  ~RungeKuttaStepper() override;
  // (The fast layer points into the stepper's own vectors.)
  RungeKuttaStepper(const RungeKuttaStepper&) = delete;
  RungeKuttaStepper& operator=(const RungeKuttaStepper&) = delete;
  StepReport step(State& s) override;

  // Stage positions Q_i of the last step (for methods built on top of a
  // Runge–Kutta step, e.g. the decoupled methods of You et al.). The stepper
  // itself never reads Q_i of an implicit stage, so it forms them (a pass
  // per stage) only after keep_stage_positions(); reading them without that
  // is a logic error.
  void keep_stage_positions() { keeps_stage_positions_ = true; }
  const std::vector<Vec>& stage_positions() const {
    if (!keeps_stage_positions_)
      throw std::logic_error("RungeKuttaStepper: stage_positions() without keep_stage_positions()");
    return stage_.Q;
  }
  const std::vector<Vec>& stage_velocities() const { return stage_.V; }
  const ButcherTableau& tableau() const { return tab_; }
  // Start the Newton solve of the next step's first implicit stage from the
  // position q_guess instead of the inertial target (one-shot; Dinev et al.
  // start backward Euler from the implicit-midpoint result).
  void set_initial_guess(const Vec& q_guess) { guess_ = q_guess; }

 private:
  friend class RkFastStages;  // shares implicit_stage()

  // The reference layer: the stages of a step (false if a Newton solve
  // failed, the report saying why) and the b-weighted update.
  bool stages(const State& s, StepReport& report);
  void update(State& s);
  // Stage i with a_ii ≠ 0, from its q̃ and ṽ in stage_ (both layers).
  bool implicit_stage(int i, const State& s, StepReport& report);
  // y_{n+1} = Y_s of a stiffly accurate tableau.
  void take_last_stage(State& s);
  // ‖y − ŷ‖_∞ of the embedded weights b̂ (uses q̃ and ṽ as workspace).
  double embedded_estimate();
  static std::vector<bool> accelerations_read(const ButcherTableau& tab,
                                              bool last_stage_is_solution);

  const Problem& p_;
  ButcherTableau tab_;
  RkStageValues stage_;
  std::optional<Vec> guess_;
  Vec x_, scratch_;                     // x_: the stage increment y
  std::unique_ptr<RkFastStages> fast_;  // null: the reference layer
  std::optional<IncrementalPotential> phi_;
  bool last_stage_is_solution_ = false;
  bool friction_in_last_stage_ = false;  // the last stage's V was changed by friction
  bool keeps_stage_positions_ = false;   // Q_i of implicit stages are formed
  std::vector<bool> acceleration_read_;  // per stage: is A_i read after the stage?
  std::unique_ptr<StageSolver> solver_;
};

}  // namespace tibench
