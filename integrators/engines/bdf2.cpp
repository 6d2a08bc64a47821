#include "integrators/engines/bdf2.hpp"
#include "integrators/engines/stage_solve.hpp"

#include "integrators/engines/contact_support.hpp"

namespace tibench {

Bdf2Stepper::Bdf2Stepper(const Problem& p, double h, StageSolverOptions newton,
                         std::unique_ptr<Stepper> starter)
    : Stepper(h), p_(p), starter_(std::move(starter)), phi_(p), solver_(make_stage_solver(newton)) {
  // One solve per step, whose result is q_{n+1} and whose velocity is v_{n+1}.
  require_contact_support(p, "bdf2", {true, true, true, ""});
}

void Bdf2Stepper::set_history(const std::vector<State>& previous) { previous_ = previous.at(0); }

std::vector<State> Bdf2Stepper::history() const {
  if (previous_) return {*previous_};
  return {};
}

StepReport Bdf2Stepper::step(State& s) {
  if (!previous_) {
    State start = s;
    StepReport r = starter_->step(s);
    if (r.status == StepStatus::ok) previous_ = std::move(start);
    return r;
  }
  StepReport report;
  const double h = this->h();
  p_.begin_step(s);
  const double tau = 2.0 * h / 3.0;
  anchor_ = (4.0 * s.q - previous_->q) / 3.0;
  y_ = tau * (4.0 * s.v - previous_->v) / 3.0;
  phi_.set_stage(anchor_, y_, tau, tau, s.t + h);
  phi_.set_safe_position(s.q);
  if (!absorb_solve(report, solver_->minimize(phi_, y_))) {
    report.message = "bdf2: " + report.message;
    return report;
  }
  previous_ = s;
  s.q = anchor_ + y_;
  s.v = y_ / tau;
  phi_.apply_friction(y_, s.v);
  s.t += h;
  return report;
}

}  // namespace tibench
