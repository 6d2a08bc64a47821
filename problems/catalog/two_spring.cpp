// two-spring — the nonconvex test system of Dinev, Liu, Kavan 2018,
// Appendix C (Fig. 17): node N2 moves on the x-axis between two fixed nodes
// at unit distance from the axis, joined to each by a spring of rest length
// √2 and stiffness k. Each spring has length √(x² + 1), so (Eq. 47)
//
//   E_test(x) = k (√(x² + 1) − √2)²,
//   E'_test(x) = 2k (√(x² + 1) − √2) x / √(x² + 1)                 (Eq. 48),
//   E''_test(x) = 2k (1 − √2 / (x² + 1)^{3/2}).
//
// Minima E = 0 at x = ±1 (rest length), a local maximum E(0) = k(1 − √2)² at
// x = 0 (both springs compressed to length 1); E is convex for
// |x| ≥ (2^{1/3} − 1)^{1/2} ≈ 0.51 and symmetric.
//
// Parameters (defaults; source):
//   k = 1 N/m, m = 1 kg     not given by the paper (Dinev et al. App. C keeps
//                           them symbolic); unit values, tibench's choice
//   x0 = 3 m, v0 = 0 m/s    Fig. 18's initial state is not given; these are
//                           tibench's choices (D-C3b).
// Layout: one 1-D node of mass m. PSD projection clamps E'' at 0.
// Projective Dynamics form (solver=local-global): exact, two sphere
// constraints of weight k.
#include <cmath>

#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> two_spring_params() {
  return {
      real_param("k", 1.0, "spring stiffness [N/m] (Dinev et al. 2018 Eq. 47; value not given)",
                 Range::positive()),
      real_param("m", 1.0, "mass of node N2 [kg] (Dinev et al. Lemma 3; value not given)",
                 Range::positive()),
      real_param("x0", 3.0, "initial position [m] (Fig. 18 value not given; our default)",
                 Range::any("every initial state is valid")),
      real_param("v0", 0.0, "initial velocity [m/s] (Fig. 18 value not given; our default)",
                 Range::any("every initial state is valid")),
  };
}

class TwoSpring final : public Problem, private ProjectiveForm {
 public:
  explicit TwoSpring(ParamSet p)
      : Problem(p, 1, Vec::Constant(1, p.real("m"))),
        k_(p.real("k")),
        x0_(p.real("x0")),
        v0_(p.real("v0")) {}

  static constexpr std::string_view kId = "two-spring";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override {
    const double d = std::sqrt(q[0] * q[0] + 1.0) - std::sqrt(2.0);
    return k_ * d * d;
  }
  void gradient(const Vec& q, Vec& g) const override {
    const double s = std::sqrt(q[0] * q[0] + 1.0);
    g = Vec::Constant(1, 2.0 * k_ * (s - std::sqrt(2.0)) * q[0] / s);
  }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    const double s2 = q[0] * q[0] + 1.0;
    double h = 2.0 * k_ * (1.0 - std::sqrt(2.0) / (s2 * std::sqrt(s2)));
    if (project_psd) h = std::max(h, 0.0);
    out.emplace_back(0, 0, h);
  }
  // Projective form: each spring is a sphere constraint of radius √2 on
  // z = (x, 0) − (0, ±1) with weight k (E = Σ k/2 (‖z‖ − √2)²), so
  // L = 2k Gᵀ G = 2k with G = (1, 0)ᵀ.
  const ProjectiveForm* projective_form() const override { return this; }
  void add_laplacian(Triplets& out) const override { out.emplace_back(0, 0, 2.0 * k_); }
  State initial_state() const override {
    return {Vec::Constant(1, x0_), Vec::Constant(1, v0_), 0.0};
  }

 private:
  double k_, x0_, v0_;
};

}  // namespace

ProblemInfo two_spring_problem() {
  return {
      std::string(TwoSpring::kId),
      "E_test(x) = k (sqrt(x^2+1) - sqrt 2)^2, nonconvex 1-D (Dinev et al. 2018 App. C, Eq. 47)",
      two_spring_params, [](ParamSet p) -> std::unique_ptr<Problem> {
        return std::make_unique<TwoSpring>(std::move(p));
      }};
}

}  // namespace tibench
