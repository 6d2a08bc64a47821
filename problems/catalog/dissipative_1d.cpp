// dissipative-1d — a 1-D oscillator whose dissipation function depends on
// the position, the smallest system on which the ∇₁R error term of the
// first-order dissipative optimization integrators shows (Brown et al. 2018
// §4.1–4.2, Eq. 22; claim B-A1):
//
//   m x'' = −k x − c0 (1 + x²) x',
//   U(x) = ½ k x²,   R(x, v) = ½ c0 (1 + x²) v²,
//   ∇_v R = c0 (1 + x²) v,  ∇_x R = c0 x v²,  ∂(∇_v R)/∂x = 2 c0 x v.
//
// Parameters (defaults; source): m = 1 kg, k = 10 N/m, c0 = 0.5 N s/m,
// x0 = 1 m, v0 = 0 m/s — Brown et al. give no parameters for their scenes
// (§7.1); these are tibench's choices for claim B-A1 (run there to T = 2 s).
// No exact solution; H = ½ m v² + U decreases at the rate c0 (1 + x²) v².
// Layout: one 1-D node. The Runge–Kutta engine of this harness rejects it
// (its incremental potential needs R independent of q); the dissipative
// optimization integrators of Brown et al. use ∇_x R.
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> dissipative_1d_params() {
  return {
      real_param("m", 1.0, "mass [kg] (tibench's choice for B-A1; Brown et al. give none)",
                 Range::positive()),
      real_param("k", 10.0, "stiffness [N/m] (tibench's choice for B-A1)", Range::positive()),
      real_param("c0", 0.5, "damping coefficient [N s/m] in R = c0/2 (1 + x^2) v^2",
                 Range::nonnegative()),
      real_param("x0", 1.0, "initial position [m] (tibench's choice for B-A1)",
                 Range::any("every initial state is valid")),
      real_param("v0", 0.0, "initial velocity [m/s] (tibench's choice for B-A1)",
                 Range::any("every initial state is valid")),
  };
}

class Dissipative1d final : public Problem, private Dissipation {
 public:
  explicit Dissipative1d(ParamSet p)
      : Problem(p, 1, Vec::Constant(1, p.real("m"))),
        k_(p.real("k")),
        c0_(p.real("c0")),
        x0_(p.real("x0")),
        v0_(p.real("v0")) {}

  static constexpr std::string_view kId = "dissipative-1d";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override { return 0.5 * k_ * q[0] * q[0]; }
  void gradient(const Vec& q, Vec& g) const override { g = Vec::Constant(1, k_ * q[0]); }
  void hessian(const Vec&, Triplets& out, bool) const override { out.emplace_back(0, 0, k_); }
  State initial_state() const override {
    return {Vec::Constant(1, x0_), Vec::Constant(1, v0_), 0.0};
  }

  const Dissipation* dissipation() const override { return c0_ > 0 ? this : nullptr; }

 private:
  bool depends_on_q() const override { return true; }
  double value(const Vec& q, const Vec& v) const override {
    return 0.5 * c0_ * (1.0 + q[0] * q[0]) * v[0] * v[0];
  }
  void gradient_v(const Vec& q, const Vec& v, Vec& g) const override {
    g = Vec::Constant(1, c0_ * (1.0 + q[0] * q[0]) * v[0]);
  }
  void hessian_vv(const Vec& q, const Vec&, Triplets& out) const override {
    out.emplace_back(0, 0, c0_ * (1.0 + q[0] * q[0]));
  }
  void gradient_q(const Vec& q, const Vec& v, Vec& g) const override {
    g = Vec::Constant(1, c0_ * q[0] * v[0] * v[0]);
  }
  void mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const override {
    out.emplace_back(0, 0, 2.0 * c0_ * q[0] * v[0]);
  }

  double k_, c0_, x0_, v0_;
};

}  // namespace

ProblemInfo dissipative_1d_problem() {
  return {std::string(Dissipative1d::kId),
          "m x'' = -k x - c0 (1 + x^2) x', position-dependent R (Brown et al. 2018 Sec. 4-5)",
          dissipative_1d_params, [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<Dissipative1d>(std::move(p));
          }};
}

}  // namespace tibench
