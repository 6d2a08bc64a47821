// Sampling and drift metrics of a running cell (harness/run/run_recorder.hpp).
#include "harness/run/run_recorder.hpp"

#include <algorithm>
#include <cmath>

#include "problems/contact/obstacle_contact.hpp"

namespace tibench {

RunRecorder::RunRecorder(const Problem& p, const State& s0, long steps, long max_samples,
                         long frames, RunRecord& rec)
    : p_(p), out_(rec.series), rec_(rec) {
  stride_ = std::max(1L, (steps + max_samples - 1) / std::max(1L, max_samples));
  steps_ = steps;
  H0_ = p.total_energy(s0);
  p0_ = p.linear_momentum(s0.v);
  L0_ = p.angular_momentum(s0);
  const double m_total = p.mass().sum() / p.dim();
  const double p_scale = std::sqrt(2.0 * m_total * std::abs(H0_));
  double r0 = 0.0;
  for (Index n = 0; p.dim() > 1 && n < p.nodes(); ++n)
    r0 = std::max(r0, s0.q.segment(n * p.dim(), p.dim()).norm());
  p_ref_ = std::max(p0_.norm(), p_scale);
  L_ref_ = std::max(L0_.norm(), r0 * p_scale);
  out_.observable_names = p.observable_names();
  out_.observables.assign(out_.observable_names.size(), {});
  if (const ObstacleContact* c = p.contact()) {
    p.set_potential_time(s0.t);
    const ContactSummary summary = c->summary(s0.q);
    last_contacts_ = summary.in_contact;
    last_min_phi_ = summary.min_phi;
    phases_.emplace(p, s0, H0_, c->kind() == ContactKind::constraint ? 0 : summary.in_contact);
    rec.contact_model = to_string(c->kind());
  }
  if (const auto surface = p.surface_triangles(); !surface.empty() && frames != 0) {
    const long count = frames < 0 ? kDefaultFrames : frames;
    frame_stride_ = std::max(1L, (steps + count - 1) / count);
    for (const auto& tri : surface)
      rec.frames.surface.insert(rec.frames.surface.end(), tri.begin(), tri.end());
    frame(s0);
  }
  sample(s0, H0_);
}

void RunRecorder::on_step(long n, const State& s, const StepReport& r, double H) {
  iters_since_sample_ += r.newton_iters;
  drift_ = std::abs(H - H0_) / energy_scale();
  energy_drift_max_ = std::max(energy_drift_max_, drift_);
  const Vec pm = p_.linear_momentum(s.v);
  if (p_ref_ > 0) momentum_drift_max_ = std::max(momentum_drift_max_, (pm - p0_).norm() / p_ref_);
  const Eigen::Vector3d L = p_.angular_momentum(s);
  if (L_ref_ > 0) angmom_drift_max_ = std::max(angmom_drift_max_, (L - L0_).norm() / L_ref_);
  if (!std::isnan(r.alpha)) any_alpha_ = true;
  if (!std::isnan(r.energy_target)) any_target_ = true;
  if (!std::isnan(r.error_estimate)) any_estimate_ = true;
  last_alpha_ = r.alpha;
  last_target_ = r.energy_target;
  last_estimate_ = r.error_estimate;
  last_contacts_ = r.contacts;
  last_min_phi_ = r.min_phi;
  if (phases_) phases_->on_step(s, r, H);
  if (n % stride_ == 0 || n == steps_) sample(s, H);
  if (frame_stride_ > 0 && (n % frame_stride_ == 0 || n == steps_)) frame(s);
}

void RunRecorder::finish(Metrics& m) {
  m["energy_drift_max"] = energy_drift_max_;
  m["energy_drift_final"] = drift_;
  m["momentum_drift_max"] = momentum_drift_max_;
  m["angmom_drift_max"] = angmom_drift_max_;
  if (!any_alpha_) out_.alpha.clear();
  if (!any_target_) out_.energy_target.clear();
  if (!any_estimate_) out_.error_estimate.clear();
  if (phases_) rec_.contact_phases = phases_->finish();
}

void RunRecorder::sample(const State& s, double H) {
  out_.t.push_back(s.t);
  out_.energy.push_back(H);
  const double K = p_.kinetic_energy(s.v);
  out_.kinetic.push_back(K);
  out_.potential.push_back(H - K);
  const Vec pm = p_.linear_momentum(s.v);
  out_.linear_momentum.insert(out_.linear_momentum.end(), pm.data(), pm.data() + pm.size());
  const Eigen::Vector3d L = p_.angular_momentum(s);
  out_.angular_momentum.insert(out_.angular_momentum.end(), L.data(), L.data() + 3);
  out_.newton_iters.push_back(iters_since_sample_);
  iters_since_sample_ = 0;
  out_.alpha.push_back(last_alpha_);
  out_.energy_target.push_back(last_target_);
  out_.error_estimate.push_back(last_estimate_);
  p_.observables(s, obs_);
  for (std::size_t k = 0; k < obs_.size() && k < out_.observables.size(); ++k)
    out_.observables[k].push_back(obs_[k]);
  if (phases_) {
    out_.contact_active.push_back(last_contacts_);
    out_.min_phi.push_back(last_min_phi_);
  }
}

void RunRecorder::frame(const State& s) {
  rec_.frames.t.push_back(s.t);
  rec_.frames.positions.insert(rec_.frames.positions.end(), s.q.data(), s.q.data() + s.q.size());
}

}  // namespace tibench
