#include "integrators/engines/decoupled.hpp"

#include "integrators/engines/contact_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tibench {

DecoupledStepper::DecoupledStepper(const Problem& p, const ButcherTableau& phi, double h,
                                   StageSolverOptions newton, double alpha,
                                   std::optional<AlphaSearchOptions> search, bool full_correction)
    : Stepper(h), p_(p), alpha_(alpha), search_(search), full_correction_(full_correction) {
  require_contact_support(p, "decoupled (" + phi.id + ")",
                          {false, false, true,
                           "its velocity is rebuilt from positions and the forces of P, which "
                           "hold no constraint or friction force"});
  if (!phi.adjoint().is_lower_triangular())
    throw std::logic_error("decoupled method: the adjoint of " + phi.id +
                           " is not diagonally implicit after reversing its stages (this needs "
                           "a_ij = b_j below the diagonal, e.g. backward Euler, SDIRK2)");
  phi_ = std::make_unique<RungeKuttaStepper>(p, phi, h, newton);
  const Problem* adjoint_problem = &p;
  if (!full_correction && p.dissipation()) {
    conservative_ = std::make_unique<ConservativeView>(p);
    adjoint_problem = conservative_.get();
  }
  adjoint_ = std::make_unique<RungeKuttaStepper>(*adjoint_problem, phi.adjoint(), h, newton);
  phi_->keep_stage_positions();  // the impulses below evaluate forces there
  adjoint_->keep_stage_positions();
  if (search_) target_.emplace(search_->target);
}

void DecoupledStepper::conservative_impulse(const RungeKuttaStepper& st, double t, Vec& out,
                                            StepReport& r) {
  const ButcherTableau& tab = st.tableau();
  out.setZero(p_.dofs());
  for (int i = 0; i < tab.stages(); ++i) {
    if (tab.b[i] == 0.0) continue;
    const Vec& Q = st.stage_positions()[static_cast<std::size_t>(i)];
    if (full_correction_) {
      p_.force(Q, st.stage_velocities()[static_cast<std::size_t>(i)], t + tab.c[i] * h(), g_,
               scratch_);
    } else {
      p_.gradient(Q, g_);
      g_ = -g_;
      if (const ExternalForce* e = p_.external_force()) {
        e->at(t + tab.c[i] * h(), f_ext_);
        g_ += f_ext_;
      }
    }
    ++r.rhs_evals;
    out.noalias() += (h() * tab.b[i]) * g_;
  }
}

double DecoupledStepper::choose_alpha(double P, const Vec& v, const Vec& D, double target) {
  const AlphaSearchOptions& o = *search_;
  const Vec& m = p_.mass();
  const double a = 0.5 * D.dot(m.cwiseProduct(D));
  const double b = v.dot(m.cwiseProduct(D));
  const double c = P + 0.5 * v.dot(m.cwiseProduct(v)) - target;
  if (o.sparse) {
    const double H1 = a + b + c;  // H(1) − target
    side_history_.push_back(H1 > 0 ? 1 : (H1 < 0 ? -1 : 0));
    if (side_history_.size() > 3) side_history_.pop_front();
    const bool same = side_history_.size() == 3 && side_history_[0] != 0 &&
                      side_history_[0] == side_history_[1] && side_history_[1] == side_history_[2];
    if (!same) return 1.0;
  }
  auto clip = [&](double x) { return std::clamp(x, o.alpha_min, o.alpha_max); };
  auto error = [&](double x) { return std::abs((a * x + b) * x + c); };  // |H(α) − target|
  const double scale = std::abs(b) + std::abs(c) + a;
  if (a <= 1e-300 || a <= 1e-15 * scale) {
    // H does not depend on α. At the target up to the rounding of the
    // energies (free flight at conserved energy) every α gives the same
    // state: report the base method's α = 1.
    const double energy = std::abs(P) + 0.5 * v.dot(m.cwiseProduct(v)) + std::abs(target);
    if (std::abs(c) <= 16 * std::numeric_limits<double>::epsilon() * energy) return 1.0;
    return c < 0 ? o.alpha_max : o.alpha_min;
  }
  const double disc = b * b - 4 * a * c;
  if (disc < 0) return clip(-b / (2 * a));
  const double sq = std::sqrt(disc);
  // Roots without cancellation: q = −(b + sign(b) √disc)/2, roots q/a and c/q.
  const double q = -0.5 * (b + (b >= 0 ? sq : -sq));
  double r1 = q / a;
  double r2 = q != 0 ? c / q : r1;
  if (std::abs(r2 - 1) < std::abs(r1 - 1)) std::swap(r1, r2);  // r1: the root closer to 1
  if (o.literal_root || clip(r1) == r1) return clip(r1);
  // The root closer to 1 lies outside [α_min, α_max]: keep whichever clipped
  // root leaves the smaller energy error (with both roots on one side of 1,
  // e.g. H(0) < H(1) < target, the literal choice would clip to the end
  // that moves the energy away from the target).
  return error(clip(r2)) < error(clip(r1)) ? clip(r2) : clip(r1);
}

StepReport DecoupledStepper::step(State& s) {
  StepReport report;
  if (!H0_) H0_ = p_.total_energy(s);
  State tilde = s, star = s;
  report.absorb(phi_->step(tilde));
  if (report.status != StepStatus::ok) return report;
  report.absorb(adjoint_->step(star));
  if (report.status != StepStatus::ok) return report;
  conservative_impulse(*phi_, s.t, impulse_, report);
  conservative_impulse(*adjoint_, s.t, impulse_star_, report);
  D_ = p_.inverse_mass().cwiseProduct(impulse_star_ - impulse_);

  double alpha = alpha_;
  if (search_) {
    // ℰ: energy dissipated by R inside Φ, h Σ b_i V_i·∇_v R(Q_i, V_i).
    double loss = 0.0;
    if (const Dissipation* r = p_.dissipation()) {
      const ButcherTableau& tab = phi_->tableau();
      for (int i = 0; i < tab.stages(); ++i) {
        const auto k = static_cast<std::size_t>(i);
        r->gradient_v(phi_->stage_positions()[k], phi_->stage_velocities()[k], g_);
        loss += h() * tab.b[i] * phi_->stage_velocities()[k].dot(g_);
      }
    }
    const double target = target_->next(*H0_, s.t, h());
    alpha = choose_alpha(p_.potential(tilde.q), tilde.v, D_, target);
    target_->record_loss(loss);
    report.energy_target = target;
  }
  report.alpha = alpha;
  s.q = tilde.q;
  s.v = tilde.v + alpha * D_;
  s.t = tilde.t;
  return report;
}

}  // namespace tibench
