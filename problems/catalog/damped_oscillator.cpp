// damped-oscillator — the linear oscillator with viscous damping,
//
//   m x'' = −k x − c x',   i.e.  R(v) = ½ c v²,
//
// the test equation of You et al. §4.5 (claim Y-Q3: "m v̇ = −kx − cv",
// m = 1, k = 1, c ∈ {1, 100}) and of every dissipative integrator.
//
// Parameters (defaults; source):
//   m = 1 kg, k = 1 N/m        You et al. §4.5 (Y-Q3 uses m = k = 1)
//   c = 1 N s/m                Y-Q3's first value (ζ = c/(2√(km)) = 0.5)
//   x0 = 1 m, v0 = 0 m/s       our choice (the paper gives none)
//   p = 1, A = 1 W             power-law variant of R (Brown et al. 2018
//                              §5.2.1, Eq. 54): R' = A^{1−s} (½ c v²)^s,
//                              s = (p+1)/2, force ∝ |v|^p; p = 1 is linear.
//
// Exact solution (p = 1), with γ = c/(2m), ω₀² = k/m, D = ω₀² − γ²:
//   x(t) = e^{−γt} [x0 C(t) + (v0 + γ x0) S(t)],
//   v(t) = e^{−γt} [v0 C(t) − (γ v0 + ω₀² x0) S(t)],
//   C = cos(√D t), S = sin(√D t)/√D (D > 0); cosh/sinh with √(−D) (D < 0);
//   C = 1, S = t (D = 0, critical damping).
// Invariant: none; H = ½ m v² + ½ k x² decreases at the rate c v².
// Layout: one 1-D node.
#include <cmath>

#include "problems/dissipation/dissipative_problem.hpp"
#include "problems/dissipation/local_quadratic.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> damped_oscillator_params() {
  return {
      real_param("m", 1.0, "mass [kg] (You et al. 2024 Sec. 4.5)", Range::positive()),
      real_param("k", 1.0, "stiffness [N/m] (You et al. Sec. 4.5)", Range::positive()),
      real_param("c", 1.0, "damping coefficient [N s/m] (You et al. Sec. 4.5: c in {1, 100})",
                 Range::nonnegative()),
      real_param("x0", 1.0, "initial position [m] (our choice)",
                 Range::any("every initial state is valid")),
      real_param("v0", 0.0, "initial velocity [m/s] (our choice)",
                 Range::any("every initial state is valid")),
      real_param("p", 1.0,
                 "power-law exponent: damping force ~ |v|^p (Brown et al. 2018 Eq. 54); 1 = linear",
                 Range::nonnegative()),
      real_param("A", 1.0, "power-law proportionality constant [W] (Brown et al. Eq. 54)",
                 Range::positive()),
  };
}

class DampedOscillator final : public DissipativeProblem {
 public:
  explicit DampedOscillator(ParamSet p)
      : DissipativeProblem(p, 1, Vec::Constant(1, p.real("m"))),
        k_(p.real("k")),
        c_(p.real("c")),
        x0_(p.real("x0")),
        v0_(p.real("v0")),
        linear_(p.real("p") == 1.0) {
    if (c_ > 0)
      add_dissipation(std::make_unique<LocalQuadraticDissipation>(
          std::vector<LocalForm>{{{0}, Eigen::MatrixXd::Constant(1, 1, c_)}},
          LocalQuadraticDissipation::Update{}, PowerLaw{p.real("p"), p.real("A")}));
  }

  static constexpr std::string_view kId = "damped-oscillator";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override { return 0.5 * k_ * q[0] * q[0]; }
  void gradient(const Vec& q, Vec& g) const override { g = Vec::Constant(1, k_ * q[0]); }
  void hessian(const Vec&, Triplets& out, bool) const override { out.emplace_back(0, 0, k_); }
  State initial_state() const override {
    return {Vec::Constant(1, x0_), Vec::Constant(1, v0_), 0.0};
  }
  // The power-law Hessian is unbounded at v = 0 for p < 1, so the time scale
  // is taken from the linear rates ω₀ and c/m.
  double time_scale() const override {
    const double m = mass()[0];
    return 1.0 / std::max(std::sqrt(k_ / m), c_ / m);
  }

  bool has_exact() const override { return linear_; }
  State exact(double t) const override {
    const double m = mass()[0], gamma = c_ / (2 * m), w0sq = k_ / m, D = w0sq - gamma * gamma;
    double C = 1.0, S = t;
    if (D > 0) {
      const double w = std::sqrt(D);
      C = std::cos(w * t), S = std::sin(w * t) / w;
    } else if (D < 0) {
      const double w = std::sqrt(-D);
      C = std::cosh(w * t), S = std::sinh(w * t) / w;
    }
    const double decay = std::exp(-gamma * t);
    return {Vec::Constant(1, decay * (x0_ * C + (v0_ + gamma * x0_) * S)),
            Vec::Constant(1, decay * (v0_ * C - (gamma * v0_ + w0sq * x0_) * S)), t};
  }

 private:
  double k_, c_, x0_, v0_;
  bool linear_;
};

}  // namespace

ProblemInfo damped_oscillator_problem() {
  return {std::string(DampedOscillator::kId),
          "m x'' = -k x - c x' (power-law option); exact solution for p = 1 (You et al. Sec. 4.5)",
          damped_oscillator_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<DampedOscillator>(std::move(p));
          },
          {},
          {{"p=0"}, {"p=0.5", "A=2"}, {"p=2", "c=3"}, {"c=100"}}};
}

}  // namespace tibench
