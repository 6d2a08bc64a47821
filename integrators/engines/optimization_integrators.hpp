// Optimization-based integrators with dissipation functions (Brown, Overby,
// Forootaninia & Narain 2018, §3.2 and §4). Every stage has the one-stage
// form y^{n+1} = y^p + α h φ(y^{n+1}) (their Eq. 6 with y^q = y^{n+1}) and is
// solved as (their Eq. 31)
//
//   x^{n+1} = argmin_x ‖x − x̃‖²_M/(2α²h²) + Φ(x),  x̃ = x^p + αh v^p + α²h² M⁻¹ f_ext,
//   v^{n+1} = δ(x^{n+1}) = (x^{n+1} − x^p)/(αh),
//
// with Φ = U + αh R(x, δ(x)) (first order, Eq. 28) or
// Φ = U + αh (R(x, δ(x)) − R(x, v^n)) (second-order correction, Eq. 30;
// v^n is the velocity at the start of the full step in every stage — the
// paper does not say which velocity the BDF2 stage of TR-BDF2 uses).
//
// Rules (their Table 1 rows with y^q = y^{n+1}, and §4.3):
//   backward-euler  α = 1,   y^p = y^n
//   trapezoidal     α = ½,   x^p = x^n + ½h v^n,  v^p = v^n + ½h M⁻¹ f^n
//   bdf2            α = ⅔,   y^p = (4 y^n − y^{n−1})/3   (first step: backward-euler rule)
//   tr-bdf2         TR stage to t_n + γh (α = γ/2, Eq. 35), then BDF2 stage
//                   (α = (1−γ)/(2−γ), y^p = (y^{n+γ} − (1−γ)² y^n)/(γ(2−γ)), Eq. 36),
//                   γ = 2 − √2.
// f^n of the TR stages is the force stored at the end of the previous step
// (Eq. 37: f^{n+1} = M δ(v^{n+1}) of the last stage), evaluated explicitly
// only when the incoming state is not the one this stepper produced.
// For conservative problems or q-independent R the rules reproduce
// backward Euler, the trapezoidal rule, BDF2 and TR-BDF2 exactly.
#pragma once

#include <optional>
#include <string>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/engines/stepper.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

enum class OneStageRule { backward_euler, trapezoidal, bdf2, tr_bdf2 };

class OptimizationStepper final : public Stepper {
 public:
  OptimizationStepper(const Problem& p, double h, OneStageRule rule, DissipationTerm term,
                      StageSolverOptions newton);
  StepReport step(State& s) override;

  int history_size() const override { return rule_ == OneStageRule::bdf2 ? 1 : 0; }
  void set_history(const std::vector<State>& previous) override { previous_ = previous.at(0); }
  std::vector<State> history() const override;

  static constexpr double tr_bdf2_gamma() { return 0.58578643762690495119831127579030; }  // 2 − √2
  // The α of TR-BDF2's stages (Eqs. 35, 36). Equal for γ = 2 − √2, in
  // floating point too, so both stages have one stage inertia and share
  // the global matrix of local/global and ADMM (Brown et al. §4.3).
  static constexpr double tr_stage_alpha() { return tr_bdf2_gamma() / 2; }
  static constexpr double bdf2_stage_alpha() {
    return (1 - tr_bdf2_gamma()) / (2 - tr_bdf2_gamma());
  }

 private:
  // One stage y^{n+1} = y^p + αh φ(y^{n+1}) ending at time t; false on failure.
  bool solve_stage(const Vec& x_p, const Vec& v_p, double alpha, double t, const Vec& v_ref, Vec& x,
                   Vec& v, StepReport& report);
  // f^n: carried from the previous step or evaluated.
  const Vec& start_force(const State& s, StepReport& report);

  const Problem& p_;
  OneStageRule rule_;
  IncrementalPotential phi_;
  std::unique_ptr<StageSolver> solver_;
  std::optional<State> previous_;  // bdf2 history
  Vec force_, last_q_, last_v_, y_, x_p_, v_p_, x_mid_, v_mid_, scratch_;
  Vec q_start_;  // the step's start positions: the stages' feasible start
  bool have_force_ = false;
};

}  // namespace tibench
