#include "integrators/engines/energy_blending.hpp"

#include <chrono>

#include "integrators/engines/contact_support.hpp"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <cmath>

#include "integrators/methods/tableaux/dirk.hpp"
#include "integrators/methods/tableaux/explicit_rk.hpp"
#include "integrators/methods/tableaux/partitioned.hpp"

namespace tibench {

namespace {

State blend(const State& a, const State& b, double alpha) {
  return {(1 - alpha) * a.q + alpha * b.q, (1 - alpha) * a.v + alpha * b.v, b.t};
}

}  // namespace

double ether_drag(const Problem& p, State& s, double k, double h) {
  const double before = p.kinetic_energy(s.v);
  s.v -= (k * h) * p.inverse_mass().cwiseProduct(s.v);
  return before - p.kinetic_energy(s.v);
}

double momentum_preserving_damping(const Problem& p, State& s, double k, double sign) {
  const double before = p.kinetic_energy(s.v);
  const int d = p.dim();
  const Index nodes = p.nodes();
  auto node = [&](const Vec& z, Index n) {
    Eigen::Vector3d r = Eigen::Vector3d::Zero();
    for (int c = 0; c < d; ++c) r[c] = z[n * d + c];
    return r;
  };
  double m_total = 0;
  Eigen::Vector3d x_cm = Eigen::Vector3d::Zero(), v_cm = Eigen::Vector3d::Zero();
  for (Index n = 0; n < nodes; ++n) {
    const double m = p.mass()[n * d];
    m_total += m;
    x_cm += m * node(s.q, n);
    v_cm += m * node(s.v, n);
  }
  x_cm /= m_total;
  v_cm /= m_total;
  Eigen::Vector3d L = Eigen::Vector3d::Zero();
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
  for (Index n = 0; n < nodes && d > 1; ++n) {
    const double m = p.mass()[n * d];
    const Eigen::Vector3d r = node(s.q, n) - x_cm;
    L += r.cross(m * node(s.v, n));
    Eigen::Matrix3d R;
    R << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
    I += m * R * R.transpose();
  }
  // ω = I⁻¹ L, in the least-squares sense where I is singular (collinear or
  // planar point sets: their rigid rotations live in the range of I).
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
  if (d > 1) omega = I.completeOrthogonalDecomposition().solve(L);
  for (Index n = 0; n < nodes; ++n) {
    const Eigen::Vector3d r = node(s.q, n) - x_cm;
    const Eigen::Vector3d dv = node(s.v, n) - v_cm - sign * omega.cross(r);
    for (int c = 0; c < d; ++c) s.v[n * d + c] -= k * dv[c];
  }
  return before - p.kinetic_energy(s.v);
}

BlendStepper::BlendStepper(const Problem& p, double h, StageSolverOptions newton,
                           BlendOptions options)
    : Stepper(h), p_(p), o_(options) {
  require_contact_support(p, "blend-im",
                          {false, false, true,
                           "its result blends implicit-midpoint (or symplectic-Euler) and Euler "
                           "states, none of them a constrained minimizer"});
  if (o_.symplectic_euler_start)
    start_ = std::make_unique<PartitionedRKStepper>(
        p, PartitionedTableau::from_record(tableaux::symplectic_euler_v), h, newton);
  else
    start_ = std::make_unique<RungeKuttaStepper>(
        p, ButcherTableau::from_record(tableaux::implicit_midpoint), h, newton);
  StageSolverOptions stabilization = newton;
  if (newton.solver == StageSolverKind::local_global)
    stabilization.local_global.budget.max_iterations = o_.stabilization_iterations;
  be_ = std::make_unique<RungeKuttaStepper>(
      p, ButcherTableau::from_record(tableaux::backward_euler), h, stabilization);
  fe_ = std::make_unique<RungeKuttaStepper>(p, ButcherTableau::from_record(tableaux::forward_euler),
                                            h, newton);
}

// Bookkeeping for one step from `start` to the start method's z_s: work of
// the external force and the energy the problem's own dissipation removes
// (at the start method's midpoint).
void BlendStepper::account_work(const State& start, const State& z_s) {
  if (const ExternalForce* e = p_.external_force()) {
    e->at(start.t, f0_);
    e->at(z_s.t, f1_);
    H_added_ += 0.5 * (f0_ + f1_).dot(z_s.q - start.q);
  }
  if (const Dissipation* r = p_.dissipation()) {
    const Vec q_mid = 0.5 * (start.q + z_s.q), v_mid = 0.5 * (start.v + z_s.v);
    r->gradient_v(q_mid, v_mid, g_);
    H_diss_ += h() * v_mid.dot(g_);
  }
  H_total_ = *H_initial_ + H_added_ - H_diss_;
}

double BlendStepper::energy_error(const State& z) const { return p_.total_energy(z) - H_total_; }

// α of the blend z(α) = (1 − α) a + α b between the start method's z_s and
// the other method's result (a = z_s for BE, b = z_s for FE).
double BlendStepper::blend_alpha(const State& a, const State& b, const State& other, double e_s,
                                 bool blend_be, double tolerance) const {
  const double e_a = energy_error(a), e_far = energy_error(other);
  const double far_end = blend_be ? 1.0 : 0.0;
  if (std::abs(e_far) < tolerance)
    return far_end;  // the far end (full BE or full FE) already meets Eq. 24
  if ((e_far > 0) == (e_s > 0)) {
    // No root to bracket. BE also gains: the paper's rule, α = 1 (full BE).
    // FE also loses (the paper is silent): the end closer to the target —
    // full FE would lose more than S whenever |e(FE)| > |e(S)|.
    return blend_be || std::abs(e_far) < std::abs(e_s) ? far_end : 1.0 - far_end;
  }
  double l = 0.0, r = 1.0;  // e(a) and e(b) have opposite signs
  double alpha = far_end;
  for (int k = 0; k < o_.max_bisections; ++k) {
    const double mid = 0.5 * (l + r);
    const double em = energy_error(blend(a, b, mid));
    alpha = mid;
    if (std::abs(em) < tolerance) break;
    if ((em > 0) == (e_a > 0))
      l = mid;
    else
      r = mid;
  }
  return alpha;
}

StepReport BlendStepper::step(State& s) {
  StepReport report;
  const State start = s;
  const double H_n = p_.total_energy(start);
  if (!H_initial_) H_initial_ = H_n;

  State z_s = start;
  report.absorb(start_->step(z_s));
  if (report.status != StepStatus::ok) return report;
  account_work(start, z_s);
  // Eq. 24: |e(α)| < ε H_total, the tolerance relative to this step's target.
  const double tolerance = o_.epsilon * std::abs(H_total_);
  const double e_s = energy_error(z_s);

  double signed_alpha = 0.0;
  State result = z_s;
  if (record_) last_ = BlendCandidates{start, z_s, std::nullopt, e_s > 0, H_total_, tolerance, 0.0};
  if (std::abs(e_s) >= tolerance) {
    bool blend_be = e_s > 0;
    State other = start;
    if (blend_be) {
      be_->set_initial_guess(z_s.q);
      report.absorb(be_->step(other));
    } else {
      report.absorb(fe_->step(other));
    }
    if (report.status != StepStatus::ok) return report;
    // Parameterization: z(α) = (1 − α) a + α b with e(a) and e(b) of
    // opposite signs when a root exists.
    const State& a = blend_be ? z_s : other;
    const State& b = blend_be ? other : z_s;
    const auto search_start = std::chrono::steady_clock::now();
    const double alpha = blend_alpha(a, b, other, e_s, blend_be, tolerance);
    result = blend(a, b, alpha);
    alpha_search_seconds_ +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - search_start).count();
    signed_alpha = blend_be ? alpha : -(1.0 - alpha);
    if (record_) last_->other = other, last_->alpha = alpha;
  }
  if (o_.ether_drag > 0) H_diss_ += ether_drag(p_, result, o_.ether_drag, h());
  if (o_.damping_k > 0) H_diss_ += momentum_preserving_damping(p_, result, o_.damping_k);
  H_total_ = *H_initial_ + H_added_ - H_diss_;
  report.alpha = signed_alpha;
  report.energy_target = H_total_;
  s = result;
  s.t = start.t + h();
  return report;
}

}  // namespace tibench
