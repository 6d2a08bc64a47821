#include "integrators/newmark.hpp"

#include <stdexcept>

#include "integrators/contact_support.hpp"

namespace tibench {

NewmarkStepper::NewmarkStepper(const Problem& p, double h, double beta, double gamma,
                               NewtonOptions newton)
    : Stepper(h), p_(p), beta_(beta), gamma_(gamma), velocities_(p), newton_(newton) {
  if (beta < 0 || gamma <= 0) throw std::logic_error("Newmark needs beta >= 0 and gamma > 0");
  if (beta > 0) positions_.emplace(p);
  require_contact_support(p, "newmark",
                          {beta > 0, false, true,
                           beta > 0 ? "its velocity comes from the acceleration update, not from a "
                                      "stage velocity that friction could correct"
                                    : "with beta = 0 its positions are explicit"});
}

StepReport NewmarkStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  p_.begin_step(s);
  if (!(have_a_ && s.q == last_q_ && s.v == last_v_)) {
    p_.force(s.q, s.v, s.t, f_, scratch_);
    a_ = p_.inverse_mass().cwiseProduct(f_);
    ++report.rhs_evals;
  }
  v_pred_ = s.v + (h * (1.0 - gamma_)) * a_;
  const double t1 = s.t + h;
  auto absorb = [&](const NewtonResult& nr) {
    if (absorb_solve(report, nr)) return true;
    report.message = "newmark: " + report.message;
    return false;
  };
  if (beta_ > 0) {
    // Unknown: the increment d = q_{n+1} − q_n, with inertial target
    // d̂ = h v_n + h²(½ − β) a_n. On stiff problems d̂ is large and d is not;
    // anchoring at q_n (not at the predictor q_n + d̂) keeps the rounding of
    // d̂ from entering q_{n+1} = q_n + d.
    const double tau = h * std::sqrt(beta_), kappa = beta_ * h / gamma_;
    d_hat_ = h * s.v + (h * h * (0.5 - beta_)) * a_;
    y_ = d_hat_ + (beta_ * h * h) * a_;  // initial guess: a_{n+1} ≈ a_n
    positions_->set_stage(s.q, d_hat_, tau, kappa, t1);
    positions_->set_velocity_offset(v_pred_ - d_hat_ / kappa);
    if (!absorb(newton_.minimize(*positions_, y_))) return report;
    a_ = (y_ - d_hat_) / (beta_ * h * h);
    s.q += y_;
    s.v = v_pred_ + (h * gamma_) * a_;
  } else {
    const double kappa = h * gamma_;
    s.q += h * s.v + (0.5 * h * h) * a_;
    y_ = velocities_.set_stage(s.q, v_pred_, kappa, t1);
    ++report.rhs_evals;
    if (p_.has_dissipation() && !absorb(newton_.minimize(velocities_, y_))) return report;
    a_ = (y_ - v_pred_) / kappa;
    s.v = y_;
  }
  s.t = t1;
  last_q_ = s.q;
  last_v_ = s.v;
  have_a_ = true;
  return report;
}

}  // namespace tibench
