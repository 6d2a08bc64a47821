// particle-drop — one point mass falling on the ground: the smallest problem
// with obstacle contact (problems/contact/obstacle_contact.hpp), in any of
// the contact models, for checks that need closed forms:
//
//   m x'' = −m g e_y − ∇Φ_c(x),   x ∈ R³, ground φ(x) = y − ground_y,
//   Φ_c the contact energy of the selected model (none for constraint and
//   post-process contact, which the solver and the driver enforce).
//
// Closed forms: before contact, free fall; at rest on the ground under
// penalty contact (Φ = −k φ³), the penetration δ solves 3 k δ² = m g, i.e.
// δ = √(m g / (3k)); under IPC (Φ = κ b(φ/d̂)) the rest distance solves
// −κ b'(φ/d̂)/d̂ = m g. Gast & Schroeder 2014 §5.2 (claim G-M5) prescribe
// this test: "a 1-D particle and a plane".
//
// Parameters (all our choices): m = 1 kg, g = 9.81 m/s², start at y0 =
// 1 m with velocity (vx, vy, vz) = 0, ground_y = 0; the contact parameters
// of the contact scenes (k_penalty = 1e4 J/m³, kappa = 1e-3 J, dhat = 1e-3 m
// by default here: a resting penetration of about 1.8 cm under penalty).
// Observables: height (y) and vertical velocity.
#include <cmath>

#include "problems/contact/ipc_barrier.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> particle_params() {
  ContactParams d;
  d.penalty_k = 1e4;
  d.ipc_kappa = 1e-3;
  std::vector<ParamSpec> specs{
      real_param("m", 1.0, "mass [kg]", Range::positive()),
      real_param("g", 9.81, "gravitational acceleration along -y [m/s^2]", Range::nonnegative()),
      real_param("y0", 1.0, "initial height [m]", Range::any("every initial state is valid")),
      real_param("vx", 0.0, "initial velocity x [m/s]", Range::any("every initial state is valid")),
      real_param("vy", 0.0, "initial velocity y [m/s]", Range::any("every initial state is valid")),
      real_param("vz", 0.0, "initial velocity z [m/s]", Range::any("every initial state is valid")),
      real_param("ground_y", 0.0, "height of the ground plane [m]",
                 Range::any("a placement: only y0 - ground_y matters")),
  };
  for (auto& s : contact_param_specs(d)) specs.push_back(s);
  return specs;
}

class ParticleDrop final : public Problem {
 public:
  explicit ParticleDrop(ParamSet p)
      : Problem(p, 3, Vec::Constant(3, p.real("m"))),
        g_(p.real("g")),
        contact_({{"ground", half_space(Vector3(0, p.real("ground_y"), 0), Vector3::UnitY()), {}}},
                 {0}, contact_params(p)) {
    q0_ = Vec(3);
    q0_ << 0.0, p.real("y0"), 0.0;
    v0_ = Vec(3);
    v0_ << p.real("vx"), p.real("vy"), p.real("vz");
  }

  static constexpr std::string_view kId = "particle-drop";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override {
    return mass()[1] * g_ * q[1] + contact_.energy(q);
  }
  void gradient(const Vec& q, Vec& g) const override {
    g = Vec::Zero(3);
    g[1] = mass()[1] * g_;
    contact_.add_gradient(q, g);
  }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    contact_.add_hessian(q, out, project_psd);
  }
  bool has_feasibility_limit() const override { return contact_.kind() == ContactKind::ipc; }
  double max_feasible_step(const Vec& q, const Vec& dq) const override {
    return contact_.max_feasible_step(q, dq);
  }
  bool is_smooth() const override { return !contact_.has_energy(); }
  const ObstacleContact* contact() const override { return &contact_; }
  State initial_state() const override { return {q0_, v0_, 0.0}; }
  // The fall time to the ground, or the period of the contact spring at
  // rest on it (penalty, IPC: 1/ω with ω² the contact stiffness / m there).
  double time_scale() const override {
    const double m = mass()[1],
                 fall = std::sqrt(2.0 * std::max(std::abs(q0_[1]), 1e-3) / std::max(g_, 1e-3));
    const ContactParams& c = contact_.params();
    double stiffness = 0.0;
    if (c.kind == ContactKind::penalty) {
      const double depth = std::sqrt(m * std::max(g_, 1e-3) / (3 * c.penalty_k));
      stiffness = 6 * c.penalty_k * depth;
    } else if (c.kind == ContactKind::ipc) {
      const double r = ipc::solve_decreasing([&](double x) { return -ipc::db(x); },
                                             m * std::max(g_, 1e-3) * c.ipc_dhat / c.ipc_kappa);
      stiffness = c.ipc_kappa * ipc::d2b(r) / (c.ipc_dhat * c.ipc_dhat);
    }
    return stiffness > 0 ? std::min(fall, std::sqrt(m / stiffness)) : fall;
  }
  // Above the ground (IPC needs a positive distance), within 10 % of y0.
  State sample_state(std::uint64_t seed) const override {
    State s = perturbed_initial_state(seed, 0.1 * std::abs(q0_[1]), 0.3);
    return s;
  }
  std::vector<std::string> observable_names() const override { return {"height", "velocity_y"}; }
  void observables(const State& s, std::vector<double>& out) const override {
    out = {s.q[1], s.v[1]};
  }

 private:
  double g_;
  ObstacleContact contact_;
  Vec q0_, v0_;
};

}  // namespace

ProblemInfo particle_drop_problem() {
  return {std::string(ParticleDrop::kId),
          "point mass falling on the ground, any contact model (Gast & Schroeder 2014 Sec. 5.2 "
          "test)",
          particle_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<ParticleDrop>(std::move(p));
          },
          {},
          {{"contact=penalty", "y0=-0.01"},
           {"contact=ipc", "y0=0.0005"},
           {"contact=post-process"},
           {"contact=penalty", "y0=-0.01", "mu=0.3", "vx=0.1"}}};
}

}  // namespace tibench
