#include "problems/contact/obstacle_contact.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "problems/contact/ipc_barrier.hpp"

namespace tibench {

std::vector<std::string> contact_kind_ids() {
  return {"constraint", "penalty", "ipc", "post-process", "none"};
}

ContactKind contact_kind(const std::string& id) {
  if (id == "constraint") return ContactKind::constraint;
  if (id == "penalty") return ContactKind::penalty;
  if (id == "ipc") return ContactKind::ipc;
  if (id == "post-process") return ContactKind::post_process;
  if (id == "none") return ContactKind::none;
  throw InputError("unknown contact model '" + id +
                   "' (accepted: constraint, penalty, ipc, post-process, none)");
}

const char* to_string(ContactKind kind) {
  switch (kind) {
    case ContactKind::constraint: return "constraint";
    case ContactKind::penalty: return "penalty";
    case ContactKind::ipc: return "ipc";
    case ContactKind::post_process: return "post-process";
    case ContactKind::none: return "none";
  }
  return "none";
}

std::vector<ParamSpec> contact_param_specs(const ContactParams& d) {
  return {
      choice_param("contact", to_string(d.kind), contact_kind_ids(),
                   "contact model: constraint (Gast & Schroeder 2014 Sec. 3.2/5.1, enforced by "
                   "the stage solver), penalty (-k phi^3, Sec. 5.2), ipc (kappa b(phi/dhat), Li "
                   "et al. 2020), post-process (projection after the step, Gast Fig. 10), none"),
      real_param("mu", d.mu, "Coulomb friction coefficient, applied after each stage solve",
                 Range::nonnegative()),
      real_param("k_penalty", d.penalty_k, "penalty stiffness k of -k phi^3 [J/m^3]",
                 Range::positive()),
      real_param("kappa", d.ipc_kappa, "IPC barrier stiffness [J] (You et al. normalization)",
                 Range::positive()),
      real_param("dhat", d.ipc_dhat, "IPC activation distance [m]", Range::positive()),
  };
}

ContactParams contact_params(const ParamSet& p) {
  ContactParams c;
  c.kind = contact_kind(p.choice("contact"));
  c.mu = p.real("mu");
  c.penalty_k = p.real("k_penalty");
  c.ipc_kappa = p.real("kappa");
  c.ipc_dhat = p.real("dhat");
  return c;
}

ObstacleContact::ObstacleContact(std::vector<Obstacle> obstacles, std::vector<Index> vertex_dofs,
                                 ContactParams params)
    : obstacles_(std::move(obstacles)), dofs_(std::move(vertex_dofs)), params_(params) {}

bool ObstacleContact::moving() const {
  for (const auto& o : obstacles_)
    if (o.motion.moves()) return true;
  return false;
}

bool ObstacleContact::pair_energy(double phi, double& f, double& df, double& d2f) const {
  if (params_.kind == ContactKind::penalty) {
    if (!(phi < 0)) return false;
    const double k = params_.penalty_k;
    f = -k * phi * phi * phi;
    df = -3 * k * phi * phi;
    d2f = -6 * k * phi;
    return true;
  }
  if (params_.kind == ContactKind::ipc) {
    const double dhat = params_.ipc_dhat, kappa = params_.ipc_kappa, r = phi / dhat;
    if (r >= 1.0) return false;
    f = kappa * ipc::b(r);
    df = kappa * ipc::db(r) / dhat;
    d2f = kappa * ipc::d2b(r) / (dhat * dhat);
    return true;
  }
  return false;
}

double ObstacleContact::energy(const Vec& q) const {
  if (!has_energy()) return 0.0;
  double E = 0.0, f = 0, df = 0, d2f = 0;
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (const auto& o : obstacles_)
      if (pair_energy(o.phi(position(q, k), t_), f, df, d2f)) E += f;
  return E;
}

void ObstacleContact::add_gradient(const Vec& q, Vec& g) const {
  if (!has_energy()) return;
  double f = 0, df = 0, d2f = 0;
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (const auto& o : obstacles_) {
      const Vector3 x = position(q, k);
      if (!pair_energy(o.phi(x, t_), f, df, d2f)) continue;
      g.segment<3>(dofs_[k]) += df * o.evaluate(x, t_).grad;
    }
}

Matrix3 ObstacleContact::vertex_hessian(const Vec& q, std::size_t k, bool project_psd) const {
  double f = 0, df = 0, d2f = 0;
  Matrix3 H = Matrix3::Zero();
  for (const auto& o : obstacles_) {
    const Vector3 x = position(q, k);
    if (!pair_energy(o.phi(x, t_), f, df, d2f)) continue;
    const LevelSetValue ls = o.evaluate(x, t_);
    H += d2f * ls.grad * ls.grad.transpose() + df * ls.hess;
  }
  if (project_psd && H != Matrix3::Zero()) {
    Eigen::SelfAdjointEigenSolver<Matrix3> eig(H);
    H = eig.eigenvectors() * eig.eigenvalues().cwiseMax(0.0).asDiagonal() *
        eig.eigenvectors().transpose();
  }
  return H;
}

void ObstacleContact::add_hessian(const Vec& q, Triplets& out, bool project_psd) const {
  if (!has_energy()) return;
  for (std::size_t k = 0; k < dofs_.size(); ++k) {
    const Matrix3 H = vertex_hessian(q, k, project_psd);
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) out.emplace_back(dofs_[k] + i, dofs_[k] + j, H(i, j));
  }
}

std::size_t ObstacleContact::write_hessian_values(const Vec& q, bool project_psd,
                                                  double* values) const {
  if (!has_energy()) return 0;
  double* out = values;
  for (std::size_t k = 0; k < dofs_.size(); ++k) {
    const Matrix3 H = vertex_hessian(q, k, project_psd);
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) *out++ = H(i, j);
  }
  return static_cast<std::size_t>(out - values);
}

double ObstacleContact::max_feasible_step(const Vec& q, const Vec& dq) const {
  double alpha = std::numeric_limits<double>::infinity();
  if (params_.kind != ContactKind::ipc) return alpha;
  for (std::size_t k = 0; k < dofs_.size(); ++k) {
    const Vector3 x = position(q, k), d = dq.segment<3>(dofs_[k]);
    const double speed = d.norm();
    if (!(speed > 0)) continue;
    for (const auto& o : obstacles_) {
      const Vector3 local = x - o.motion.displacement(t_);
      const double phi0 = o.shape->phi(local);
      alpha = std::min(alpha, o.shape->first_crossing(local, d, (1.0 - ipc::kCcdFraction) * phi0));
    }
  }
  return alpha;
}

ContactSummary ObstacleContact::summary(const Vec& q) const {
  ContactSummary s;
  double f = 0, df = 0, d2f = 0;
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (const auto& o : obstacles_) {
      const Vector3 x = position(q, k);
      const double phi = o.phi(x, t_);
      s.min_phi = std::min(s.min_phi, phi);
      // Constraint contact leaves touching vertices at φ = 0 up to rounding.
      const bool touching = has_energy() ? pair_energy(phi, f, df, d2f)
                                         : phi <= 1e-10 * (1.0 + x.cwiseAbs().maxCoeff());
      if (!touching) continue;
      ++s.in_contact;
      s.normal += o.evaluate(x, t_).grad;
    }
  if (s.in_contact > 0) s.normal.normalize();
  return s;
}

void ObstacleContact::contact_forces(const Vec& q, std::vector<ContactForce>& out) const {
  out.clear();
  double f = 0, df = 0, d2f = 0;
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (const auto& o : obstacles_) {
      const Vector3 x = position(q, k);
      if (!pair_energy(o.phi(x, t_), f, df, d2f) || df == 0.0) continue;
      out.push_back({dofs_[k], o.evaluate(x, t_).grad, -df, o.motion.velocity_at(t_)});
    }
}

int ObstacleContact::post_process(Vec& q, Vec& v, const Vec& mass) const {
  int corrected = 0;
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (const auto& o : obstacles_) {
      const Index d = dofs_[k];
      const LevelSetValue ls = o.evaluate(position(q, k), t_);
      if (!(ls.phi < 0)) continue;
      ++corrected;
      q.segment<3>(d) -= ls.phi * ls.grad;
      const Vector3 u = o.motion.velocity_at(t_);
      const double vn = (v.segment<3>(d) - u).dot(ls.grad);
      if (vn >= 0) continue;
      v.segment<3>(d) -= vn * ls.grad;
      // The removed normal momentum bounds the friction impulse.
      const std::vector<ContactForce> one{{d, ls.grad, -vn * mass[d], u}};
      apply_coulomb_friction(one, params_.mu, 1.0, mass, v);
    }
  return corrected;
}

void apply_coulomb_friction(const std::vector<ContactForce>& contacts, double mu,
                            double impulse_time, const Vec& mass, Vec& v) {
  if (!(mu > 0)) return;
  for (const ContactForce& c : contacts) {
    const Vector3 rel = v.segment<3>(c.dof) - c.obstacle_velocity;
    const Vector3 tangential = rel - rel.dot(c.normal) * c.normal;
    const double speed = tangential.norm();
    if (!(speed > 0)) continue;
    const double reduction = std::min(speed, mu * c.force * impulse_time / mass[c.dof]);
    v.segment<3>(c.dof) -= (reduction / speed) * tangential;
  }
}

}  // namespace tibench
