#include "integrators/runge_kutta.hpp"

#include <stdexcept>

namespace tibench {

void StepReport::absorb(const StepReport& o) {
  newton_iters += o.newton_iters;
  linear_solves += o.linear_solves;
  psd_fallbacks += o.psd_fallbacks;
  rhs_evals += o.rhs_evals;
  residual = std::max(residual, o.residual);
  if (o.status != StepStatus::ok) {
    status = o.status;
    message = o.message;
  }
}

RungeKuttaStepper::RungeKuttaStepper(const Problem& p, ButcherTableau tableau, double h,
                                     NewtonOptions newton)
    : Stepper(h), p_(p), tab_(std::move(tableau)), newton_(newton) {
  if (!tab_.is_lower_triangular())
    throw std::logic_error("tableau " + tab_.id + " is not lower triangular");
  const Index n = p.dofs();
  V_.assign(tab_.stages(), Vec::Zero(n));
  A_.assign(tab_.stages(), Vec::Zero(n));
  Q_.assign(tab_.stages(), Vec::Zero(n));
  q_tilde_.setZero(n);
  v_tilde_.setZero(n);
  if (!tab_.is_explicit()) phi_.emplace(p);
  // Stiffly accurate in the bitwise sense: the last row of A is b.
  last_stage_is_solution_ = true;
  for (int j = 0; j < tab_.stages(); ++j)
    last_stage_is_solution_ = last_stage_is_solution_ && tab_.A(tab_.stages() - 1, j) == tab_.b[j];
}

StepReport RungeKuttaStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  const int stages = tab_.stages();
  p_.begin_step(s);
  for (int i = 0; i < stages; ++i) {
    q_tilde_ = s.q;
    v_tilde_ = s.v;
    for (int j = 0; j < i; ++j) {
      const double a = tab_.A(i, j);
      if (a == 0.0) continue;
      q_tilde_.noalias() += (h * a) * V_[j];
      v_tilde_.noalias() += (h * a) * A_[j];
    }
    const double t_stage = s.t + tab_.c[i] * h;
    const double a_ii = tab_.A(i, i);
    if (a_ii == 0.0) {
      V_[i] = v_tilde_;
      Q_[i] = q_tilde_;
      p_.force(q_tilde_, v_tilde_, t_stage, f_, scratch_);
      A_[i] = p_.inverse_mass().cwiseProduct(f_);
      ++report.rhs_evals;
      continue;
    }
    const double tau = h * a_ii;
    x_ = tau * v_tilde_;  // the increment Q_i − q̃; initial guess: the inertial target ŷ = τ ṽ
    phi_->set_stage(q_tilde_, x_, tau, tau, t_stage);
    phi_->set_safe_position(s.q);
    if (guess_) {
      x_ = *guess_ - q_tilde_;
      guess_.reset();
    }
    const NewtonResult nr = newton_.minimize(*phi_, x_);
    report.newton_iters += nr.iterations;
    report.linear_solves += nr.linear_solves;
    report.psd_fallbacks += nr.psd_fallbacks;
    report.rhs_evals += nr.gradient_evals;
    report.residual = std::max(report.residual, nr.residual);
    if (!nr.converged) {
      report.status = StepStatus::solver_failed;
      report.message = "stage " + std::to_string(i + 1) + " of " + tab_.id + ": " + nr.message;
      return report;  // s is left at the start of the step
    }
    V_[i] = x_ / tau;
    A_[i] = (V_[i] - v_tilde_) / tau;
    Q_[i] = q_tilde_ + x_;
  }
  if (last_stage_is_solution_) {
    // y_{n+1} = Y_s: the same value as the b-weighted sum, without summing
    // stage derivatives that cancel when the problem is very stiff (each
    // h A_i can be ~|hλ| times larger than the result).
    s.q = q_tilde_ + h * tab_.A(stages - 1, stages - 1) * V_[stages - 1];
    s.v = V_[stages - 1];
  } else {
    for (int i = 0; i < stages; ++i) {
      const double b = tab_.b[i];
      if (b == 0.0) continue;
      s.q.noalias() += (h * b) * V_[i];
      s.v.noalias() += (h * b) * A_[i];
    }
  }
  if (tab_.b_hat.size() == stages) {
    // Embedded estimate ‖h Σ (b_i − b̂_i)(V_i, A_i)‖_∞ over positions and velocities.
    q_tilde_.setZero();
    v_tilde_.setZero();
    for (int i = 0; i < stages; ++i) {
      const double d = h * (tab_.b[i] - tab_.b_hat[i]);
      if (d == 0.0) continue;
      q_tilde_.noalias() += d * V_[i];
      v_tilde_.noalias() += d * A_[i];
    }
    report.error_estimate = std::max(q_tilde_.cwiseAbs().maxCoeff(), v_tilde_.cwiseAbs().maxCoeff());
  }
  s.t += h;
  return report;
}

}  // namespace tibench
