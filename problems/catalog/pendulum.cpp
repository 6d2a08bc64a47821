// pendulum — planar mathematical pendulum in its angle, the simplest
// nonlinear conservative problem (f(θ) = −sin θ for unit parameters; used by
// the composition identities of Dinev et al. §3, Eqs. 8–13, claim D-S1).
//
//   I θ'' = −m g L sin θ,   I = m L²,
//   P(θ) = m g L (1 − cos θ) = 2 m g L sin²(θ/2),  θ(0) = theta0, θ'(0) = omega0.
//
// The generalized coordinate is the angle, so the "mass" is the moment of
// inertia m L² and momentum observables are not meaningful (dim = 1).
// Invariant: H = ½ I θ'² + P(θ). No exact solution is provided (it needs
// Jacobi elliptic functions); references come from a fine-step integrator.
#include <cmath>

#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> pendulum_params() {
  return {
      real_param("m", 1.0, "bob mass [kg]", Range::positive()),
      real_param("L", 1.0, "rod length [m]", Range::positive()),
      real_param("g", 1.0, "gravitational acceleration [m/s^2]", Range::nonnegative()),
      real_param("theta0", 1.0, "initial angle from the downward vertical [rad]",
                 Range::any("every initial state is valid")),
      real_param("omega0", 0.0, "initial angular velocity [rad/s]",
                 Range::any("every initial state is valid")),
  };
}

class Pendulum final : public Problem {
 public:
  explicit Pendulum(ParamSet p)
      : Problem(p, 1, Vec::Constant(1, p.real("m") * p.real("L") * p.real("L"))),
        mgl_(p.real("m") * p.real("g") * p.real("L")),
        theta0_(p.real("theta0")),
        omega0_(p.real("omega0")) {}

  static constexpr std::string_view kId = "pendulum";
  std::string_view id() const override { return kId; }
  // 2 sin²(θ/2) = 1 − cos θ without the cancellation of 1 − cos θ near θ = 0.
  double potential(const Vec& q) const override {
    const double s = std::sin(0.5 * q[0]);
    return mgl_ * 2.0 * s * s;
  }
  void gradient(const Vec& q, Vec& g) const override {
    g.resize(1);
    g[0] = mgl_ * std::sin(q[0]);
  }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    double k = mgl_ * std::cos(q[0]);
    if (project_psd) k = std::max(k, 0.0);
    out.emplace_back(0, 0, k);
  }
  State initial_state() const override {
    return {Vec::Constant(1, theta0_), Vec::Constant(1, omega0_), 0.0};
  }

 private:
  double mgl_, theta0_, omega0_;
};

}  // namespace

ProblemInfo pendulum_problem() {
  return {std::string(Pendulum::kId),
          "m L^2 theta'' = -m g L sin(theta); nonlinear, no exact solution", pendulum_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<Pendulum>(std::move(p));
          }};
}

}  // namespace tibench
