// barrier-quadratic — a particle hitting a one-sided quadratic barrier, the
// collision test of You et al. (Eq. 14, App. E):
//
//   m x'' = −P'(x),   P(x) = ½ k x² for x < 0, 0 for x ≥ 0,
//   x(0) = β h,  v(0) = v0 = −1,   ω² = k/m,   ħ = ω² h².
//
// Barrier orientation: App. E prints P(x) = 1_{x>0} ½ k x², but its own
// states have the particle start at x = βh > 0 moving with v = −1 and sit at
// x < 0 while in contact (e.g. trapezoidal x₁ = (4β − 4)/(hω²) < 0); the
// barrier therefore occupies x < 0, and that is what is implemented.
// Phase convention: x0 = βh couples the initial state to the integrator's
// step h, which the problem cannot see: the parameter `h` must be set to the
// step of the run for `beta` to be the collision phase (claims compute it).
//
// Parameters (defaults; source):
//   m = 1 kg, k = 1 N/m      App. E is written for ω (only ħ matters); unit
//                            values are our choice
//   beta = 0.5, h = 0.1 s    phase and step (App. E: β ∈ [0, 1]); our defaults
//   v0 = −1 m/s              App. E
// Exact solution (v0 < 0 ≤ x0): free flight to t_c = x0/|v0|, then
// x = (v0/ω) sin(ω(t − t_c)) for the contact time π/ω ("The true time the
// particle spends in the barrier is π/ω"), then free flight with velocity
// −v0: the reference for this nonsmooth problem. Energy is conserved.
// Observables: velocity (the outgoing velocity is its value after contact),
// penetration max(0, −x), in_contact (1 while x < 0; the time in contact is
// h Σ in_contact over steps recorded every step).
// P is C¹ only (P'' jumps at 0): is_smooth() = false.
#include <cmath>

#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> barrier_quadratic_params() {
  return {
      real_param("m", 1.0, "particle mass [kg] (You et al. App. E: only omega^2 = k/m matters)",
                 Range::positive()),
      real_param("k", 1.0, "barrier stiffness [N/m] (You et al. Eq. 14)", Range::positive()),
      real_param("beta", 0.5,
                 "x0 = beta h (You et al. App. E): [0, 1] spans the collision phases, larger "
                 "values start whole steps earlier; x0 < 0 would start inside the barrier",
                 Range::nonnegative()),
      real_param("h", 0.1, "step size the phase refers to [s]; set it to the run's step",
                 Range::positive()),
      real_param("v0", -1.0, "initial velocity [m/s] (You et al. App. E: v = -1)",
                 Range::any("every initial state is valid")),
  };
}

class BarrierQuadratic final : public Problem {
 public:
  explicit BarrierQuadratic(ParamSet p)
      : Problem(p, 1, Vec::Constant(1, p.real("m"))),
        k_(p.real("k")),
        x0_(p.real("beta") * p.real("h")),
        v0_(p.real("v0")),
        omega_(std::sqrt(p.real("k") / p.real("m"))) {}

  static constexpr std::string_view kId = "barrier-quadratic";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override {
    const double x = std::min(q[0], 0.0);
    return 0.5 * k_ * x * x;
  }
  void gradient(const Vec& q, Vec& g) const override {
    g = Vec::Constant(1, k_ * std::min(q[0], 0.0));
  }
  void hessian(const Vec& q, Triplets& out, bool) const override {
    out.emplace_back(0, 0, q[0] < 0.0 ? k_ : 0.0);
  }
  State initial_state() const override {
    return {Vec::Constant(1, x0_), Vec::Constant(1, v0_), 0.0};
  }
  double time_scale() const override { return 1.0 / omega_; }
  bool is_smooth() const override { return false; }

  bool has_exact() const override { return x0_ >= 0.0; }
  State exact(double t) const override {
    double x = x0_ + v0_ * t, v = v0_;
    if (v0_ < 0.0) {
      const double t_contact = x0_ / -v0_, t_exit = t_contact + M_PI / omega_;
      if (t >= t_contact && t <= t_exit) {
        const double tau = t - t_contact;
        x = v0_ / omega_ * std::sin(omega_ * tau);
        v = v0_ * std::cos(omega_ * tau);
      } else if (t > t_exit) {
        x = -v0_ * (t - t_exit);
        v = -v0_;
      }
    }
    return {Vec::Constant(1, x), Vec::Constant(1, v), t};
  }

  std::vector<std::string> observable_names() const override {
    return {"velocity", "penetration", "in_contact"};
  }
  void observables(const State& s, std::vector<double>& out) const override {
    out = {s.v[0], std::max(0.0, -s.q[0]), s.q[0] < 0.0 ? 1.0 : 0.0};
  }

 private:
  double k_, x0_, v0_, omega_;
};

}  // namespace

ProblemInfo barrier_quadratic_problem() {
  return {std::string(BarrierQuadratic::kId),
          "particle vs one-sided barrier k/2 min(x,0)^2, x0 = beta h, v0 = -1; exact (You et al. "
          "Eq. 14, App. E)",
          barrier_quadratic_params, [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<BarrierQuadratic>(std::move(p));
          }};
}

}  // namespace tibench
