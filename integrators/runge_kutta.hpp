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
// tableaux never construct the Newton machinery, and their steps take the
// same stages without the implicit branch.
#pragma once

#include <memory>
#include <optional>

#include "integrators/butcher_tableau.hpp"
#include "integrators/incremental_potential.hpp"
#include "integrators/newton_solver.hpp"
#include "integrators/pair_sums.hpp"
#include "integrators/stepper.hpp"

namespace tibench {

class RungeKuttaStepper final : public Stepper {
 public:
  RungeKuttaStepper(const Problem& p, ButcherTableau tableau, double h, NewtonOptions newton);
  // (The stage sums point into the stepper's own vectors.)
  RungeKuttaStepper(const RungeKuttaStepper&) = delete;
  RungeKuttaStepper& operator=(const RungeKuttaStepper&) = delete;
  StepReport step(State& s) override;

  // Stage positions Q_i of the last step (for methods built on top of a
  // Runge–Kutta step, e.g. the decoupled methods of You et al.).
  const std::vector<Vec>& stage_positions() const { return Q_; }
  const std::vector<Vec>& stage_velocities() const { return V_; }
  const ButcherTableau& tableau() const { return tab_; }
  // Start the Newton solve of the next step's first implicit stage from the
  // position q_guess instead of the inertial target (one-shot; Dinev et al.
  // start backward Euler from the implicit-midpoint result).
  void set_initial_guess(const Vec& q_guess) { guess_ = q_guess; }

 private:
  // The nonzero terms of a stage or update sum: coefficients h a_j with the
  // data of the V_j and A_j they weigh, in stage order.
  struct Sum {
    std::vector<PairTerm> terms;
    const PairTerm* begin() const { return terms.data(); }
    const PairTerm* end() const { return terms.data() + terms.size(); }
  };
  // Stage i as step() walks it, resolved at construction (the tableau is
  // fixed; on tiny systems re-deriving this per stage costs as much as the
  // arithmetic).
  struct Stage {
    Sum sum;  // row i of A below the diagonal
    double c = 0.0, a_ii = 0.0;
    Vec* q = nullptr;  // where q̃ is built: Q_i for explicit stages, else q_tilde_
    Vec* v = nullptr;  // where ṽ is built: V_i for explicit stages, else v_tilde_
    Vec* a = nullptr;  // A_i
  };
  // Points the terms that read V_1 at v's buffer.
  void read_v1_from(const Vec& v);
  // A_i = M⁻¹ f(Q_i, V_i, t_i) (Problem::acceleration, bit for bit).
  void accelerate(const Vec& q, const Vec& v, double t, Vec& a);
  // The stages of a step: of any tableau (false if a Newton solve failed, the
  // report saying why), or of an explicit one (potential_force_only_ as a
  // template argument).
  bool dirk_stages(State& s, StepReport& report);
  template <bool potential_force_only>
  void explicit_stages(State& s);
  // ‖y − ŷ‖_∞ of the embedded weights b̂ (uses q_tilde_, v_tilde_).
  double embedded_estimate();

  const Problem& p_;
  ButcherTableau tab_;
  std::vector<Vec> V_, A_, Q_;  // stage velocities, accelerations, positions
  std::optional<Vec> guess_;
  Vec q_tilde_, v_tilde_, x_, scratch_;  // x_: the stage increment y
  std::vector<Stage> stages_;
  Sum update_sum_;                     // b
  bool first_stage_in_place_ = false;  // a_11 = 0: stage 1 is evaluated on the state
  // With stage 1 in place, V_1 is the state's velocity buffer (s.v during the
  // stages, V_[0] after the swap): the terms that read it, pointed at that
  // buffer at the start of every step.
  std::vector<const double**> v1_reads_;
  bool explicit_ = false;  // every a_ii = 0: no stage needs the Newton branch
  // The problem has neither dissipation nor external force (asked once: on
  // tiny systems the per-stage queries cost as much as the force itself).
  bool potential_force_only_ = false;
  std::optional<IncrementalPotential> phi_;
  bool last_stage_is_solution_ = false;
  bool friction_in_last_stage_ = false;  // the last stage's V was changed by friction
  NewtonSolver newton_;
};

}  // namespace tibench
