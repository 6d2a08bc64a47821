// Contact of a body's vertices with analytic obstacles (level_set.hpp), in
// one of the models a problem can select (parameter `contact`):
//
//   constraint    φ_b(x_p) ≥ 0 for every obstacle b and contact vertex p,
//                 enforced by the solver of each implicit stage (gradient
//                 projection, Gast & Schroeder 2014 §3.2 and §5.1;
//                 solvers/nonlinear/contact_projection.hpp); no energy here.
//   penalty       Φ_bp = −k φ³ for φ < 0, 0 otherwise (Gast & Schroeder §5.2
//                 print "kφ³", which for φ < 0 is negative and pulls the
//                 vertex inwards; −kφ³ = k|φ|³ is the repulsive reading, C²
//                 at φ = 0). k in J/m³.
//   ipc           Φ_bp = κ b(φ/d̂), b(r) = −(r − 1)² log r for r < 1 (Li et
//                 al. 2020; You et al. App. E normalization, κ in J): +∞ for
//                 φ ≤ 0, with the conservative collision detection below
//                 bounding every solver step (IPC's filtered line search).
//   post-process  nothing during the step; after it, every vertex inside an
//                 obstacle is moved to the closest surface point and its
//                 approaching normal velocity removed (Gast & Schroeder
//                 Fig. 10, bottom: the naive baseline).
//   none          the obstacles are only observed (min φ).
//
// Friction: Coulomb with coefficient μ, applied to velocities after each
// stage solve (Gast & Schroeder §5.1–5.2: "we apply friction after the
// Newton solve"): a contact with normal force f reduces the tangential
// velocity of its vertex relative to the obstacle by at most μ f τ / m
// (τ the time over which the stage's forces act), never reversing it, so
// friction never adds kinetic energy and moves no position.
//
// The pair energies are sums of f(φ(x_p)) over pairs; their Hessian is one
// 3 × 3 block per contact vertex, emitted for every contact vertex whatever
// the state (a fixed sparsity pattern).
#pragma once

#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "problems/contact/level_set.hpp"
#include "problems/problem.hpp"

namespace tibench {

enum class ContactKind { none, constraint, penalty, ipc, post_process };

std::vector<std::string> contact_kind_ids();
ContactKind contact_kind(const std::string& id);
const char* to_string(ContactKind kind);

struct ContactParams {
  ContactKind kind = ContactKind::constraint;
  double mu = 0.0;         // Coulomb friction coefficient
  double penalty_k = 1e7;  // J/m³
  double ipc_kappa = 0.1;  // J
  double ipc_dhat = 1e-3;  // m
};

// The parameters every contact scene offers, with their defaults.
std::vector<ParamSpec> contact_param_specs(const ContactParams& defaults);
ContactParams contact_params(const ParamSet& p);

// What the state looks like from the obstacles' side.
struct ContactSummary {
  double min_phi = std::numeric_limits<double>::infinity();
  int in_contact = 0;                // pairs with a contact force (model's rule)
  Vector3 normal = Vector3::Zero();  // mean ∇φ of those pairs, normalized (0 if none)
};

// One contact's normal force, for friction.
struct ContactForce {
  Index dof = 0;  // first dof of the vertex
  Vector3 normal = Vector3::Zero();
  double force = 0.0;  // ≥ 0
  Vector3 obstacle_velocity = Vector3::Zero();
};

class ObstacleContact {
 public:
  ObstacleContact(std::vector<Obstacle> obstacles, std::vector<Index> vertex_dofs,
                  ContactParams params);

  ContactKind kind() const { return params_.kind; }
  const ContactParams& params() const { return params_; }
  const std::vector<Obstacle>& obstacles() const { return obstacles_; }
  // First dof of every contact vertex (three dofs each).
  const std::vector<Index>& vertex_dofs() const { return dofs_; }
  bool moving() const;

  // The time the obstacles are placed at for the following evaluations.
  void set_time(double t) const { t_ = t; }
  double time() const { return t_; }

  // Pair energies (penalty, ipc; zero for the other models).
  bool has_energy() const {
    return params_.kind == ContactKind::penalty || params_.kind == ContactKind::ipc;
  }
  double energy(const Vec& q) const;
  void add_gradient(const Vec& q, Vec& g) const;
  void add_hessian(const Vec& q, Triplets& out, bool project_psd) const;
  // The values add_hessian appends, in its order, written from `values` on;
  // returns how many (hessian_value_count()).
  std::size_t write_hessian_values(const Vec& q, bool project_psd, double* values) const;
  std::size_t hessian_value_count() const { return has_energy() ? 9 * dofs_.size() : 0; }
  // ipc: the largest step along dq after which every φ keeps at least 10 %
  // of its value (conservative advancement, exact for half-spaces); ∞ for
  // the other models.
  double max_feasible_step(const Vec& q, const Vec& dq) const;

  ContactSummary summary(const Vec& q) const;
  // Normal forces of the energy models' pairs in contact at q.
  void contact_forces(const Vec& q, std::vector<ContactForce>& out) const;
  // post-process: projects penetrating vertices and removes approaching
  // normal velocity (with friction bounded by μ times the removed normal
  // momentum); returns the number of pairs corrected.
  int post_process(Vec& q, Vec& v, const Vec& mass) const;

 private:
  Vector3 position(const Vec& q, std::size_t k) const { return q.segment<3>(dofs_[k]); }
  // The contact energy's 3 x 3 Hessian block of vertex k.
  Matrix3 vertex_hessian(const Vec& q, std::size_t k, bool project_psd) const;
  // f(φ), f'(φ), f''(φ) of the pair energy; false where f vanishes.
  bool pair_energy(double phi, double& f, double& df, double& d2f) const;

  std::vector<Obstacle> obstacles_;
  std::vector<Index> dofs_;
  ContactParams params_;
  mutable double t_ = 0.0;
};

// Coulomb friction after a solve (see the header comment): impulse_time is
// the τ over which the contact forces act on v.
void apply_coulomb_friction(const std::vector<ContactForce>& contacts, double mu,
                            double impulse_time, const Vec& mass, Vec& v);

}  // namespace tibench
