// power-law-drag — one particle slowed by power-law damping and nothing
// else, the test ODE of Brown et al. 2018 §5.2.1 (claim B-F3):
//
//   m v' = −∇R'(v),  R'(v) = A^{1−s} (½ c v²)^s,  s = (p + 1)/2   (their Eq. 54),
//   i.e.  v' = −k |v|^p sgn v,  k = (p + 1) (c/2)^s A^{1−s} / m;
//
// with c = 2, A = 1 the dissipation is their Eq. 55, R' = |v|^{p+1}, and the
// force their Eq. 56, (p + 1)|v|^p.
//
// Parameters (defaults; source): m = 1 kg, c = 2 N s/m and A = 1 W (Eq.
// 55), p = 1 (linear drag; B-F3 takes p ∈ {0, ½, 1, 2}), x0 = 0 m,
// v0 = 1 m/s (our choices).
//
// Exact solution (derived here; V = |v|, V0 = |v0|, x = x0 + sgn(v0) X):
//   p = 1:  V = V0 e^{−kt},                          X = (V0 − V)/k;
//   p < 1:  V = (V0^{1−p} − (1−p) k t)^{1/(1−p)} until the stop at
//           t* = V0^{1−p}/((1−p) k), 0 after;         X = (V0^{2−p} − V^{2−p})/((2−p) k);
//   p > 1:  V = (V0^{1−p} + (p−1) k t)^{−1/(p−1)};    X as for p < 1, or ln(V0/V)/k at p = 2
// (d/dt V^{2−p} = −(2−p) k V). The kinetic energy ½ m V² thus stops in
// finite time for p < 1, decays exponentially for p = 1 and algebraically
// (slower than any exponential) for p > 1 — Brown et al.'s classification.
// Invariant: none; ½ m v² decreases at the rate k m |v|^{p+1}. R' is not
// twice differentiable at v = 0 for p < 1 (not smooth).
// Layout: one 1-D node.
#include <cmath>

#include "problems/dissipation/dissipative_problem.hpp"
#include "problems/dissipation/local_quadratic.hpp"
#include "problems/element_split.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> power_law_drag_params() {
  return {
      real_param("m", 1.0, "mass [kg] (our choice)", Range::positive()),
      real_param("c", 2.0, "damping coefficient of R = c v^2/2 [N s/m] (Brown et al. Eq. 55: 2)",
                 Range::positive()),
      real_param("A", 1.0, "power-law proportionality constant [W] (Brown et al. Eq. 54)",
                 Range::positive()),
      real_param("p", 1.0, "power-law exponent: force ~ |v|^p (Brown et al. 2018 Eq. 54)",
                 Range::nonnegative()),
      real_param("x0", 0.0, "initial position [m] (our choice)",
                 Range::any("every initial state is valid")),
      real_param("v0", 1.0, "initial velocity [m/s] (our choice)",
                 Range::any("every initial state is valid")),
  };
}

class PowerLawDrag final : public DissipativeProblem {
 public:
  explicit PowerLawDrag(ParamSet p)
      : DissipativeProblem(p, 1, Vec::Constant(1, p.real("m"))),
        p_(p.real("p")),
        x0_(p.real("x0")),
        v0_(p.real("v0")),
        split_(1) {
    const double c = p.real("c"), A = p.real("A"), s = 0.5 * (p_ + 1.0);
    k_ = (p_ + 1.0) * std::pow(0.5 * c, s) * std::pow(A, 1.0 - s) / p.real("m");
    add_dissipation(std::make_unique<LocalQuadraticDissipation>(
        std::vector<LocalForm>{{{0}, Eigen::MatrixXd::Constant(1, 1, c)}},
        LocalQuadraticDissipation::Update{}, PowerLaw{p_, A}));
  }

  static constexpr std::string_view kId = "power-law-drag";
  std::string_view id() const override { return kId; }
  double potential(const Vec&) const override { return 0.0; }
  void gradient(const Vec&, Vec& g) const override { g.setZero(1); }
  void hessian(const Vec&, Triplets&, bool) const override {}
  const ElementSplit* element_split() const override { return &split_; }
  State initial_state() const override {
    return {Vec::Constant(1, x0_), Vec::Constant(1, v0_), 0.0};
  }
  // The stopping time for p < 1, the e-folding time for p = 1, the time in
  // which the speed halves roughly for p > 1: V^{1−p}/k (1 m/s when v0 = 0).
  double time_scale() const override {
    const double V = v0_ != 0.0 ? std::abs(v0_) : 1.0;
    return std::pow(V, 1.0 - p_) / k_;
  }

  bool has_exact() const override { return true; }
  State exact(double t) const override {
    const double V0 = std::abs(v0_), sign = v0_ < 0 ? -1.0 : 1.0;
    double V = V0, X = 0.0;
    if (V0 > 0.0 && p_ == 1.0) {
      V = V0 * std::exp(-k_ * t);
      X = (V0 - V) / k_;
    } else if (V0 > 0.0) {
      const double base = std::pow(V0, 1.0 - p_) - (1.0 - p_) * k_ * t;
      V = base > 0.0 ? std::pow(base, 1.0 / (1.0 - p_)) : 0.0;
      X = p_ == 2.0 ? std::log(V0 / V) / k_
                    : (std::pow(V0, 2.0 - p_) - std::pow(V, 2.0 - p_)) / ((2.0 - p_) * k_);
    }
    return {Vec::Constant(1, x0_ + sign * X), Vec::Constant(1, sign * V), t};
  }

 private:
  double p_, x0_, v0_, k_ = 0.0;
  EmptySplit split_;
};

}  // namespace

ProblemInfo power_law_drag_problem() {
  return {std::string(PowerLawDrag::kId),
          "m v' = -k |v|^p sgn v, power-law damping alone; exact solution (Brown et al. 2018 "
          "Sec. 5.2.1, Eq. 54)",
          power_law_drag_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<PowerLawDrag>(std::move(p));
          },
          {},
          {{"p=0"}, {"p=0.5", "A=2"}, {"p=2", "c=3"}, {"v0=-2", "p=1.5"}}};
}

}  // namespace tibench
