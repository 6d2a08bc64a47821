#include "harness/analysis/contact_phases.hpp"

#include <algorithm>
#include <cmath>

namespace tibench {

ContactPhaseDetector::ContactPhaseDetector(const Problem& p, const State& s0, double H0,
                                           int contacts0)
    : p_(p), total_mass_(p.mass().sum() / p.dim()) {
  last_free_ = snapshot(s0, H0);
  if (contacts0 > 0) {
    StepReport r;
    r.contacts = contacts0;
    open_phase(r);
  }
}

ContactPhaseDetector::Snapshot ContactPhaseDetector::snapshot(const State& s, double H) const {
  Snapshot out;
  out.t = s.t;
  out.H = H;
  const int d = p_.dim();
  out.com = Eigen::VectorXd::Zero(d);
  out.momentum = Eigen::VectorXd::Zero(d);
  for (Index n = 0; n < p_.nodes(); ++n) {
    const double m = p_.mass()[n * d];
    out.com += m * s.q.segment(n * d, d);
    out.momentum += m * s.v.segment(n * d, d);
  }
  out.com /= total_mass_;
  out.com_velocity = out.momentum / total_mass_;
  return out;
}

double ContactPhaseDetector::along(const Eigen::VectorXd& x, const Eigen::Vector3d& n) const {
  double s = 0;
  for (Index i = 0; i < std::min<Index>(x.size(), 3); ++i) s += x[i] * n[i];
  return s;
}

void ContactPhaseDetector::open_phase(const StepReport& r) {
  in_contact_ = true;
  ContactPhase ph;
  ph.normal = r.contact_normal;
  ph.t_start = last_free_.t;  // corrected by on_step to the step's own time
  if (in_flight_ && !phases_.empty()) {
    phases_.back().flight_energy_change = last_free_.H - flight_start_.H;
    in_flight_ = false;
  }
  phases_.push_back(ph);
}

void ContactPhaseDetector::close_phase(const Snapshot& after) {
  ContactPhase& ph = phases_.back();
  in_contact_ = false;
  ph.t_end = after.t;
  ph.v_in = along(last_free_.com_velocity, ph.normal);
  ph.v_out = along(after.com_velocity, ph.normal);
  if (ph.v_in < 0) ph.restitution = -ph.v_out / ph.v_in;
  ph.energy_change = after.H - last_free_.H;
  const Eigen::VectorXd dp = after.momentum - last_free_.momentum;
  ph.momentum_change.assign(dp.data(), dp.data() + dp.size());
  flight_start_ = after;
  in_flight_ = true;
  ph.apex = along(after.com, ph.normal);
}

void ContactPhaseDetector::on_step(const State& s, const StepReport& r, double H) {
  const bool contact = r.contacts > 0;
  if (contact && !in_contact_) {
    open_phase(r);
    phases_.back().t_start = s.t;
  }
  if (contact) {
    ContactPhase& ph = phases_.back();
    if (!std::isnan(r.min_phi)) ph.max_penetration = std::max(ph.max_penetration, -r.min_phi);
    ph.max_active = std::max(ph.max_active, r.contacts);
    ph.t_end = s.t;
    return;
  }
  const Snapshot now = snapshot(s, H);
  if (in_contact_) {
    // Out of contact while the centre of mass still approaches: a vertex
    // bounced off within the collision (chatter), not the body's separation.
    if (along(now.com_velocity, phases_.back().normal) < 0) return;
    close_phase(now);
  }
  if (in_flight_ && !phases_.empty()) {
    ContactPhase& ph = phases_.back();
    ph.apex = std::max(ph.apex, along(now.com, ph.normal));
  }
  last_free_ = now;
}

std::vector<ContactPhase> ContactPhaseDetector::finish() {
  if (in_contact_) {
    ContactPhase& ph = phases_.back();
    ph.open = true;
    ph.v_in = along(last_free_.com_velocity, ph.normal);
    ph.v_out = ph.energy_change = std::numeric_limits<double>::quiet_NaN();
  }
  if (in_flight_ && !phases_.empty())
    phases_.back().flight_energy_change = last_free_.H - flight_start_.H;
  in_flight_ = false;
  return phases_;
}

}  // namespace tibench
