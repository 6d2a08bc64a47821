#include "integrators/runge_kutta.hpp"

#include <algorithm>
#include <stdexcept>

#include "integrators/contact_support.hpp"

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
  if (o.contacts >= 0) contacts = o.contacts;
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
  // The nonzero terms h a_ij of every stage sum and h b_i of the update, once:
  // h and the tableau are fixed for the stepper's lifetime.
  const auto terms_of = [&](const double* a, int count) {
    Sum sum;
    for (int j = 0; j < count; ++j)
      if (a[j] != 0.0) {
        // V_ and A_ keep their buffers, except V_1's, which stage 1 in
        // place swaps with the state's (v1_reads_).
        const auto k = static_cast<std::size_t>(j);
        sum.terms.push_back({h * a[j], V_[k].data(), A_[k].data()});
      }
    return sum;
  };
  first_stage_in_place_ = tab_.A(0, 0) == 0.0;
  std::vector<double> row(static_cast<std::size_t>(tab_.stages()));
  for (int i = 0; i < tab_.stages(); ++i) {
    for (int j = 0; j < i; ++j) row[static_cast<std::size_t>(j)] = tab_.A(i, j);
    Stage stage;
    stage.sum = terms_of(row.data(), i);
    stage.c = tab_.c[i];
    stage.a_ii = tab_.A(i, i);
    // Explicit stages are built in place: Q_i = q̃, V_i = ṽ.
    const auto k = static_cast<std::size_t>(i);
    stage.q = stage.a_ii == 0.0 ? &Q_[k] : &q_tilde_;
    stage.v = stage.a_ii == 0.0 ? &V_[k] : &v_tilde_;
    stage.a = &A_[k];
    stages_.push_back(std::move(stage));
  }
  update_sum_ = terms_of(tab_.b.data(), tab_.stages());
  explicit_ = tab_.is_explicit();
  // A sum reads V_1 in its first term when its first coefficient is nonzero.
  // (The sums are final: their terms no longer move.)
  if (first_stage_in_place_) {
    for (int i = 1; i < tab_.stages(); ++i)
      if (tab_.A(i, 0) != 0.0)
        v1_reads_.push_back(&stages_[static_cast<std::size_t>(i)].sum.terms[0].q);
    if (tab_.b[0] != 0.0) v1_reads_.push_back(&update_sum_.terms[0].q);
  }
  potential_force_only_ =
      !p.has_dissipation() && !p.has_external_force() && !p.potential_depends_on_time();
  if (!tab_.is_explicit()) phi_.emplace(p);
  // Stiffly accurate in the bitwise sense: the last row of A is b.
  last_stage_is_solution_ = true;
  for (int j = 0; j < tab_.stages(); ++j)
    last_stage_is_solution_ = last_stage_is_solution_ && tab_.A(tab_.stages() - 1, j) == tab_.b[j];
  const bool stage_is_result = !explicit_ && last_stage_is_solution_;
  require_contact_support(
      p, tab_.id,
      {stage_is_result, stage_is_result, true,
       explicit_ ? "its explicit stages solve no minimization"
                 : "its q_{n+1} is not its last stage (the tableau is not stiffly accurate), so "
                   "it is not a constrained minimizer and friction on the stage velocity would "
                   "move it"});
}

void RungeKuttaStepper::accelerate(const Vec& q, const Vec& v, double t, Vec& a) {
  if (potential_force_only_)
    p_.potential_acceleration(q, a);
  else
    p_.acceleration(q, v, t, a, scratch_);
}

// An explicit first stage is the state itself (Q_1 = q_n, V_1 = v_n): it is
// evaluated on s directly, and s's vectors are swapped into Q_1, V_1 after
// the stages instead of being copied in before them (two passes less per
// step). Until then V_1 is read from s.v; nothing reads Q_1 (implicit stages
// use q̃ and s.q), and s is untouched if a stage fails.
void RungeKuttaStepper::read_v1_from(const Vec& v) {
  const double* data = v.data();  // (read once: the stores might alias v)
  for (const double** read : v1_reads_) *read = data;
}

// dirk_stages() without the implicit branch, whose bookkeeping costs as much
// as a stage on tiny systems, and with the force terms resolved at compile
// time.
template <bool potential_force_only>
void RungeKuttaStepper::explicit_stages(State& s) {
  const double h = this->h();
  const auto accelerate = [&](const Stage& stage, const Vec& q, const Vec& v) {
    if constexpr (potential_force_only)
      p_.potential_acceleration(q, *stage.a);
    else
      p_.acceleration(q, v, s.t + stage.c * h, *stage.a, scratch_);
  };
  read_v1_from(s.v);
  accelerate(stages_[0], s.q, s.v);
  for (auto stage = stages_.begin() + 1; stage != stages_.end(); ++stage) {
    combine_pair(*stage->q, s.q, *stage->v, s.v, stage->sum.begin(), stage->sum.end());
    accelerate(*stage, *stage->q, *stage->v);
  }
}

bool RungeKuttaStepper::dirk_stages(State& s, StepReport& report) {
  const double h = this->h();
  const int stages = tab_.stages();
  int first = 0;
  if (first_stage_in_place_) {
    read_v1_from(s.v);
    accelerate(s.q, s.v, s.t + stages_[0].c * h, A_[0]);
    ++report.rhs_evals;
    first = 1;
  }
  for (int i = first; i < stages; ++i) {
    const Stage& stage = stages_[static_cast<std::size_t>(i)];
    combine_pair(*stage.q, s.q, *stage.v, s.v, stage.sum.begin(), stage.sum.end());
    const double t_stage = s.t + stage.c * h;
    const double a_ii = stage.a_ii;
    if (a_ii == 0.0) {
      accelerate(*stage.q, *stage.v, t_stage, *stage.a);
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
    if (!absorb_solve(report, newton_.minimize(*phi_, x_))) {
      report.message = "stage " + std::to_string(i + 1) + " of " + tab_.id + ": " + report.message;
      return false;
    }
    V_[i] = x_ / tau;
    // Friction acts on the stage velocity only (Gast & Schroeder §5.1);
    // the stage position stays the solver's.
    friction_in_last_stage_ = phi_->apply_friction(x_, V_[i]);
    A_[i] = (V_[i] - v_tilde_) / tau;
    Q_[i] = q_tilde_ + x_;
  }
  return true;
}

double RungeKuttaStepper::embedded_estimate() {
  // ‖h Σ (b_i − b̂_i)(V_i, A_i)‖_∞ over positions and velocities.
  const double h = this->h();
  q_tilde_.setZero();
  v_tilde_.setZero();
  for (int i = 0; i < tab_.stages(); ++i) {
    const double d = h * (tab_.b[i] - tab_.b_hat[i]);
    if (d == 0.0) continue;
    q_tilde_.noalias() += d * V_[i];
    v_tilde_.noalias() += d * A_[i];
  }
  return std::max(q_tilde_.cwiseAbs().maxCoeff(), v_tilde_.cwiseAbs().maxCoeff());
}

StepReport RungeKuttaStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  const int stages = tab_.stages();
  p_.begin_step(s);
  if (explicit_) {
    if (potential_force_only_)
      explicit_stages<true>(s);
    else
      explicit_stages<false>(s);
    report.rhs_evals = stages;
  } else if (!dirk_stages(s, report)) {
    return report;  // s is left at the start of the step
  }
  // (Q_1, V_1) = (q_n, v_n) by swapping; s.q and s.v then hold buffers whose
  // contents are overwritten below.
  if (first_stage_in_place_) {
    Q_[0].swap(s.q);
    V_[0].swap(s.v);
  }
  if (last_stage_is_solution_) {
    // y_{n+1} = Y_s: the same value as the b-weighted sum, without summing
    // stage derivatives that cancel when the problem is very stiff (each
    // h A_i can be ~|hλ| times larger than the result).
    // (q̃ of an explicit last stage, e.g. an FSAL tableau, is Q_s itself.)
    const double a_ss = tab_.A(stages - 1, stages - 1);
    if (friction_in_last_stage_)
      s.q = Q_[stages - 1];  // V_s carries the friction, Q_s the solve's position
    else
      s.q = (a_ss == 0.0 ? Q_[stages - 1] : q_tilde_) + h * a_ss * V_[stages - 1];
    s.v = V_[stages - 1];
  } else {
    const Vec& q_n = first_stage_in_place_ ? Q_[0] : s.q;
    const Vec& v_n = first_stage_in_place_ ? V_[0] : s.v;
    combine_pair(s.q, q_n, s.v, v_n, update_sum_.begin(), update_sum_.end());
  }
  if (tab_.b_hat.size() == stages) report.error_estimate = embedded_estimate();
  s.t += h;
  return report;
}

}  // namespace tibench
