// The Runge–Kutta engine (runge_kutta.hpp) as its equations read: the
// reference stage loop and update, the implicit stage solve that the fast
// layer (rk_fast_stages.hpp) shares, and the step that runs one layer or the
// other.
#include "integrators/engines/runge_kutta.hpp"
#include "integrators/engines/stage_solve.hpp"

#include <algorithm>
#include <stdexcept>

#include "integrators/engines/contact_support.hpp"
#include "integrators/engines/rk_fast_stages.hpp"

namespace tibench {

void StepReport::absorb(const StepReport& o) {
  newton_iters += o.newton_iters;
  linear_solves += o.linear_solves;
  factorizations += o.factorizations;
  psd_fallbacks += o.psd_fallbacks;
  rhs_evals += o.rhs_evals;
  inner_iters += o.inner_iters;
  local_seconds += o.local_seconds;
  global_seconds += o.global_seconds;
  residual = std::max(residual, o.residual);
  if (o.status != StepStatus::ok) {
    status = o.status;
    message = o.message;
  }
  if (o.contacts >= 0) contacts = o.contacts;
}

RungeKuttaStepper::RungeKuttaStepper(const Problem& p, ButcherTableau tableau, double h,
                                     StageSolverOptions newton, RkLayer layer)
    : Stepper(h),
      p_(p),
      tab_(std::move(tableau)),
      stage_(tab_.stages(), p.dofs()),
      solver_(make_stage_solver(newton)) {
  if (!tab_.is_lower_triangular())
    throw std::logic_error("tableau " + tab_.id + " is not lower triangular");
  const bool is_explicit = tab_.is_explicit();
  if (!is_explicit) phi_.emplace(p);
  last_stage_is_solution_ = tab_.last_stage_is_solution();
  const bool stage_is_result = !is_explicit && last_stage_is_solution_;
  require_contact_support(
      p, tab_.id,
      {stage_is_result, stage_is_result, true,
       is_explicit ? "its explicit stages solve no minimization"
                   : "its q_{n+1} is not its last stage (the tableau is not stiffly accurate), "
                     "so it is not a constrained minimizer and friction on the stage velocity "
                     "would move it"});
  acceleration_read_ = accelerations_read(tab_, last_stage_is_solution_);
  if (layer == RkLayer::fast) fast_ = std::make_unique<RkFastStages>(p, tab_, h, stage_);
}

// Whether anything reads A_i after stage i: a later stage (a_ji ≠ 0), the
// b-weighted update (skipped when the last stage is the solution) or the
// embedded estimate (b_i ≠ b̂_i). The last stage of a stiffly accurate
// method without an estimate (backward Euler, trapezoidal, SDIRK2) is read by
// none, and its A_s costs a division per entry.
std::vector<bool> RungeKuttaStepper::accelerations_read(const ButcherTableau& tab,
                                                        bool last_stage_is_solution) {
  const int s = tab.stages();
  const bool estimated = static_cast<int>(tab.b_hat.size()) == s;
  std::vector<bool> read(static_cast<std::size_t>(s), false);
  for (int i = 0; i < s; ++i) {
    bool r =
        (!last_stage_is_solution && tab.b[i] != 0.0) || (estimated && tab.b[i] != tab.b_hat[i]);
    for (int j = i + 1; j < s; ++j) r = r || tab.A(j, i) != 0.0;
    read[static_cast<std::size_t>(i)] = r;
  }
  return read;
}

RungeKuttaStepper::~RungeKuttaStepper() = default;

// Stage i: (q̃, ṽ) = (q_n, v_n) + h Σ_{j<i} a_ij (V_j, A_j), then
//   a_ii = 0:  (Q_i, V_i) = (q̃, ṽ),  A_i = M⁻¹ f(Q_i, V_i, t_n + c_i h);
//   a_ii ≠ 0:  the Newton solve of implicit_stage().
bool RungeKuttaStepper::stages(const State& s, StepReport& report) {
  const double h = this->h();
  auto& [Q, V, A, q_tilde, v_tilde] = stage_;
  for (int i = 0; i < tab_.stages(); ++i) {
    q_tilde = s.q;
    v_tilde = s.v;
    for (int j = 0; j < i; ++j) {
      // A zero a_ij adds nothing, not even + 0 (which would turn −0 into +0).
      if (tab_.A(i, j) == 0.0) continue;
      const double h_a = h * tab_.A(i, j);
      q_tilde += h_a * V[j];
      v_tilde += h_a * A[j];
    }
    if (tab_.A(i, i) != 0.0) {
      if (!implicit_stage(i, s, report)) return false;
      continue;
    }
    Q[i] = q_tilde;
    V[i] = v_tilde;
    p_.acceleration(Q[i], V[i], s.t + tab_.c[i] * h, A[i], scratch_);
    ++report.rhs_evals;
  }
  return true;
}

// (q_{n+1}, v_{n+1}) = (q_n, v_n) + h Σ b_i (V_i, A_i), zero b_i skipped as in stages().
void RungeKuttaStepper::update(State& s) {
  const double h = this->h();
  for (int i = 0; i < tab_.stages(); ++i) {
    if (tab_.b[i] == 0.0) continue;
    const double h_b = h * tab_.b[i];
    s.q += h_b * stage_.V[i];
    s.v += h_b * stage_.A[i];
  }
}

bool RungeKuttaStepper::implicit_stage(int i, const State& s, StepReport& report) {
  auto& [Q, V, A, q_tilde, v_tilde] = stage_;
  const double t_stage = s.t + tab_.c[i] * h();
  const double tau = h() * tab_.A(i, i);
  x_ = tau * v_tilde;  // the increment Q_i − q̃; initial guess: the inertial target ŷ = τ ṽ
  phi_->set_stage(q_tilde, x_, tau, tau, t_stage);
  phi_->set_safe_position(s.q);
  if (guess_) {
    x_ = *guess_ - q_tilde;
    guess_.reset();
  }
  if (!absorb_solve(report, solver_->minimize(*phi_, x_))) {
    report.message = "stage " + std::to_string(i + 1) + " of " + tab_.id + ": " + report.message;
    return false;
  }
  const double inv_tau = 1.0 / tau;
  V[i] = inv_tau * x_;
  // Friction acts on the stage velocity only (Gast & Schroeder §5.1);
  // the stage position stays the solver's.
  friction_in_last_stage_ = phi_->apply_friction(x_, V[i]);
  if (acceleration_read_[static_cast<std::size_t>(i)]) A[i] = inv_tau * (V[i] - v_tilde);
  if (keeps_stage_positions_) Q[i] = q_tilde + x_;
  return true;
}

// y_{n+1} = Y_s: the same value as the b-weighted sum, without summing stage
// derivatives that cancel when the problem is very stiff (each h A_i can be
// ~|hλ| times larger than the result).
void RungeKuttaStepper::take_last_stage(State& s) {
  const int last = tab_.stages() - 1;
  const double a_ss = tab_.A(last, last);
  // q̃ of an explicit last stage (e.g. an FSAL tableau) is Q_s itself.
  if (friction_in_last_stage_ && a_ss != 0.0)
    s.q = stage_.q_tilde + x_;  // V_s carries the friction, Q_s = q̃ + y the solve's position
  else if (friction_in_last_stage_)
    s.q = stage_.Q[last];
  else
    s.q = (a_ss == 0.0 ? stage_.Q[last] : stage_.q_tilde) + h() * a_ss * stage_.V[last];
  copy_vector(stage_.V[last], s.v);
}

double RungeKuttaStepper::embedded_estimate() {
  // ‖h Σ (b_i − b̂_i)(V_i, A_i)‖_∞ over positions and velocities.
  const double h = this->h();
  Vec& q_err = stage_.q_tilde;
  Vec& v_err = stage_.v_tilde;
  q_err.setZero();
  v_err.setZero();
  for (int i = 0; i < tab_.stages(); ++i) {
    const double d = h * (tab_.b[i] - tab_.b_hat[i]);
    if (d == 0.0) continue;
    q_err.noalias() += d * stage_.V[i];
    v_err.noalias() += d * stage_.A[i];
  }
  return std::max(q_err.cwiseAbs().maxCoeff(), v_err.cwiseAbs().maxCoeff());
}

StepReport RungeKuttaStepper::step(State& s) {
  StepReport report;
  p_.begin_step(s);
  RkFastStages* const fast = fast_.get();
  const bool solved = fast ? fast->stages(*this, s, report) : stages(s, report);
  if (!solved) return report;  // s is left at the start of the step
  if (last_stage_is_solution_)
    take_last_stage(s);
  else if (fast)
    fast->update(s);
  else
    update(s);
  if (tab_.b_hat.size() == tab_.stages()) report.error_estimate = embedded_estimate();
  s.t += h();
  return report;
}

}  // namespace tibench
