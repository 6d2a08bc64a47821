#include "integrators/engines/optimization_integrators.hpp"
#include "integrators/engines/stage_solve.hpp"

#include "integrators/engines/contact_support.hpp"

namespace tibench {

OptimizationStepper::OptimizationStepper(const Problem& p, double h, OneStageRule rule,
                                         DissipationTerm term, StageSolverOptions newton)
    : Stepper(h), p_(p), rule_(rule), phi_(p, term), solver_(make_stage_solver(newton)) {
  // Every stage is one solve whose result is the stage's (x, v).
  require_contact_support(p, "opt-*", {true, true, true, ""});
}

std::vector<State> OptimizationStepper::history() const {
  if (previous_) return {*previous_};
  return {};
}

bool OptimizationStepper::solve_stage(const Vec& x_p, const Vec& v_p, double alpha, double t,
                                      const Vec& v_ref, Vec& x, Vec& v, StepReport& report) {
  const double ah = alpha * h();
  y_ = ah * v_p;
  phi_.set_stage(x_p, y_, ah, ah, t);
  phi_.set_safe_position(q_start_);
  phi_.set_reference_velocity(v_ref);
  if (!absorb_solve(report, solver_->minimize(phi_, y_))) return false;
  x = x_p + y_;
  v = y_ / ah;
  phi_.apply_friction(y_, v);
  return true;
}

const Vec& OptimizationStepper::start_force(const State& s, StepReport& report) {
  if (!(have_force_ && s.q == last_q_ && s.v == last_v_)) {
    p_.force(s.q, s.v, s.t, force_, scratch_);
    ++report.rhs_evals;
  }
  return force_;
}

StepReport OptimizationStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  p_.begin_step(s);
  const Vec v_ref = s.v;
  const State start = s;
  q_start_ = s.q;
  bool ok = true;
  switch (rule_) {
    case OneStageRule::backward_euler:
      ok = solve_stage(start.q, start.v, 1.0, s.t + h, v_ref, s.q, s.v, report);
      break;
    case OneStageRule::trapezoidal: {
      const Vec& f = start_force(start, report);
      x_p_ = start.q + (0.5 * h) * start.v;
      v_p_ = start.v + (0.5 * h) * p_.inverse_mass().cwiseProduct(f);
      ok = solve_stage(x_p_, v_p_, 0.5, s.t + h, v_ref, s.q, s.v, report);
      if (ok) force_ = p_.mass().cwiseProduct(s.v - v_p_) / (0.5 * h);  // Eq. 37
      break;
    }
    case OneStageRule::bdf2:
      if (!previous_) {
        ok = solve_stage(start.q, start.v, 1.0, s.t + h, v_ref, s.q, s.v, report);
      } else {
        x_p_ = (4.0 * start.q - previous_->q) / 3.0;
        v_p_ = (4.0 * start.v - previous_->v) / 3.0;
        ok = solve_stage(x_p_, v_p_, 2.0 / 3.0, s.t + h, v_ref, s.q, s.v, report);
      }
      if (ok) previous_ = start;
      break;
    case OneStageRule::tr_bdf2: {
      const double g = tr_bdf2_gamma();
      const Vec& f = start_force(start, report);
      x_p_ = start.q + (0.5 * g * h) * start.v;
      v_p_ = start.v + (0.5 * g * h) * p_.inverse_mass().cwiseProduct(f);
      ok = solve_stage(x_p_, v_p_, tr_stage_alpha(), s.t + g * h, v_ref, x_mid_, v_mid_, report);
      if (!ok) break;
      const double w = 1.0 / (g * (2 - g)), u = (1 - g) * (1 - g) / (g * (2 - g));
      x_p_ = w * x_mid_ - u * start.q;
      v_p_ = w * v_mid_ - u * start.v;
      const double alpha = bdf2_stage_alpha();
      ok = solve_stage(x_p_, v_p_, alpha, s.t + h, v_ref, s.q, s.v, report);
      if (ok) force_ = p_.mass().cwiseProduct(s.v - v_p_) / (alpha * h);  // Eq. 37
      break;
    }
  }
  if (!ok) {
    s = start;
    return report;
  }
  s.t = start.t + h;
  last_q_ = s.q;
  last_v_ = s.v;
  have_force_ = rule_ == OneStageRule::trapezoidal || rule_ == OneStageRule::tr_bdf2;
  return report;
}

}  // namespace tibench
