#include "integrators/engines/newmark.hpp"
#include "integrators/engines/stage_solve.hpp"

#include <stdexcept>

#include "integrators/engines/contact_support.hpp"

namespace tibench {

NewmarkParameters NewmarkParameters::generalized_alpha(double rho_inf) {
  NewmarkParameters n;
  n.alpha_m = (2 * rho_inf - 1) / (rho_inf + 1);
  n.alpha_f = rho_inf / (rho_inf + 1);
  n.gamma = 0.5 - n.alpha_m + n.alpha_f;
  const double s = 1 - n.alpha_m + n.alpha_f;
  n.beta = 0.25 * s * s;
  return n;
}

NewmarkStepper::NewmarkStepper(const Problem& p, double h, NewmarkParameters params,
                               StageSolverOptions newton)
    : Stepper(h),
      p_(p),
      beta_(params.beta),
      gamma_(params.gamma),
      alpha_m_(params.alpha_m),
      alpha_f_(params.alpha_f),
      velocities_(p),
      solver_(make_stage_solver(newton)) {
  const double beta = beta_, gamma = gamma_;
  if (beta < 0 || gamma <= 0) throw std::logic_error("Newmark needs beta >= 0 and gamma > 0");
  if ((alpha_m_ != 0 || alpha_f_ != 0) && !(beta > 0 && alpha_m_ < 1 && alpha_f_ < 1))
    throw std::logic_error("generalized-alpha needs beta > 0, alpha_m < 1 and alpha_f < 1");
  if (beta > 0) positions_.emplace(p);
  const bool generalized = carries_acceleration();
  const char* why_not =
      beta == 0 ? "with beta = 0 its positions are explicit"
      : alpha_f_ != 0
          ? "its constraint solve is at q_{n+1-alpha_f}, and q_{n+1} = q_n + (q_{n+1-alpha_f} - "
            "q_n)/(1 - alpha_f) extrapolates past it into the obstacle"
          : "its velocity comes from the acceleration update, not from a stage velocity that "
            "friction could correct";
  require_contact_support(p, generalized ? "generalized-alpha" : "newmark",
                          {beta > 0 && alpha_f_ == 0, false, true, why_not});
}

void NewmarkStepper::set_carried_acceleration(const State& s, const Vec& a) {
  a_ = a;
  last_q_ = s.q;
  last_v_ = s.v;
  have_a_ = true;
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
  auto absorb = [&](const StageSolveResult& nr) {
    if (absorb_solve(report, nr)) return true;
    report.message = "newmark: " + report.message;
    return false;
  };
  if (beta_ > 0) {
    // Unknown: y = (1 − α_f) d, d = q_{n+1} − q_n, with inertial target
    // d̂ = h v_n + h²(½ − β) a_n. On stiff problems d̂ is large and d is not;
    // anchoring at q_n (not at the predictor q_n + d̂) keeps the rounding of
    // d̂ from entering q_{n+1} = q_n + d. With α_m = α_f = 0 every factor
    // below is exactly 1 or 0 and this is Newmark's step. The quotients by
    // 1 − α_f and βh² are products with their reciprocals (one rounding
    // more, no division per entry).
    const double keep_f = 1.0 - alpha_f_, keep_m = 1.0 - alpha_m_;
    const double tau = h * std::sqrt(beta_ * keep_f / keep_m), kappa = beta_ * h / gamma_;
    const double tau2 = tau * tau;
    d_hat_ = h * s.v + (h * h * (0.5 - beta_)) * a_;
    y_hat_ = keep_f * d_hat_ - (tau2 * alpha_m_) * a_;
    y_ = keep_f * (d_hat_ + (beta_ * h * h) * a_);  // initial guess: a_{n+1} ≈ a_n
    positions_->set_stage(s.q, y_hat_, tau, kappa, s.t + keep_f * h);
    // (The offset enters dissipation and contact terms only.)
    if (p_.dissipation() || p_.contact() != nullptr) {
      velocity_offset_ = keep_f * v_pred_ + alpha_f_ * s.v - (keep_f * d_hat_) / kappa;
      positions_->set_velocity_offset(velocity_offset_);
    }
    if (!absorb(solver_->minimize(*positions_, y_))) return report;
    if (keep_f != 1.0) d_ = (1.0 / keep_f) * y_;
    const Vec& d = keep_f == 1.0 ? y_ : d_;  // (Newmark: y itself)
    a_ = (1.0 / (beta_ * h * h)) * (d - d_hat_);
    s.q += d;
    s.v = v_pred_ + (h * gamma_) * a_;
  } else {
    const double kappa = h * gamma_;
    s.q += h * s.v + (0.5 * h * h) * a_;
    y_ = velocities_.set_stage(s.q, v_pred_, kappa, t1);
    ++report.rhs_evals;
    if (p_.dissipation() && !absorb(solver_->minimize(velocities_, y_))) return report;
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
