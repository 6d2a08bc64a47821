#include "integrators/runge_kutta.hpp"

#include <algorithm>
#include <stdexcept>

namespace tibench {

namespace {

// out = base + Σ_k c_k X_k, each entry summed in k order (the rounding of a
// sequence of axpy updates), one cache-sized block at a time so that `out`
// and `base` are read and written once instead of once per term. `out` may
// be `base`.
void combine(Vec& out, const Vec& base, const double* c, const Vec* const* X, int terms) {
  constexpr Index block = 512;
  const Index n = base.size();
  if (out.size() != n) out.resize(n);
  const bool in_place = &out == &base;
  for (Index b0 = 0; b0 < n; b0 += block) {
    const Index len = std::min(block, n - b0);
    auto o = out.segment(b0, len);
    if (!in_place) o = base.segment(b0, len);
    for (int k = 0; k < terms; ++k) o += c[k] * X[k]->segment(b0, len);
  }
}

}  // namespace

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
  const auto s = static_cast<std::size_t>(tab_.stages());
  row_.assign(s, 0.0);
  coef_.assign(s, 0.0);
  term_.assign(s, nullptr);
  if (!tab_.is_explicit()) phi_.emplace(p);
  // Stiffly accurate in the bitwise sense: the last row of A is b.
  last_stage_is_solution_ = true;
  for (int j = 0; j < tab_.stages(); ++j)
    last_stage_is_solution_ = last_stage_is_solution_ && tab_.A(tab_.stages() - 1, j) == tab_.b[j];
}

// Gathers the nonzero terms h a_j X_j of a stage or update sum.
int RungeKuttaStepper::gather_terms(const double* a, int count, double h,
                                    const std::vector<Vec>& X) {
  int terms = 0;
  for (int j = 0; j < count; ++j) {
    if (a[j] == 0.0) continue;
    coef_[static_cast<std::size_t>(terms)] = h * a[j];
    term_[static_cast<std::size_t>(terms)] = &X[static_cast<std::size_t>(j)];
    ++terms;
  }
  return terms;
}

StepReport RungeKuttaStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  const int stages = tab_.stages();
  p_.begin_step(s);
  for (int i = 0; i < stages; ++i) {
    for (int j = 0; j < i; ++j) row_[static_cast<std::size_t>(j)] = tab_.A(i, j);
    const double t_stage = s.t + tab_.c[i] * h;
    const double a_ii = tab_.A(i, i);
    // Explicit stages are built in place: Q_i = q̃, V_i = ṽ.
    Vec& q_tilde = a_ii == 0.0 ? Q_[i] : q_tilde_;
    Vec& v_tilde = a_ii == 0.0 ? V_[i] : v_tilde_;
    int terms = gather_terms(row_.data(), i, h, V_);
    combine(q_tilde, s.q, coef_.data(), term_.data(), terms);
    terms = gather_terms(row_.data(), i, h, A_);
    combine(v_tilde, s.v, coef_.data(), term_.data(), terms);
    if (a_ii == 0.0) {
      p_.acceleration(q_tilde, v_tilde, t_stage, A_[i], scratch_);
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
    // (q̃ of an explicit last stage, e.g. an FSAL tableau, is Q_s itself.)
    const double a_ss = tab_.A(stages - 1, stages - 1);
    s.q = (a_ss == 0.0 ? Q_[stages - 1] : q_tilde_) + h * a_ss * V_[stages - 1];
    s.v = V_[stages - 1];
  } else {
    int terms = gather_terms(tab_.b.data(), stages, h, V_);
    combine(s.q, s.q, coef_.data(), term_.data(), terms);
    terms = gather_terms(tab_.b.data(), stages, h, A_);
    combine(s.v, s.v, coef_.data(), term_.data(), terms);
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
