// oscillator — linear mass-spring oscillator(s), the canonical test equation
// of mechanical time integration.
//
//   m x_i'' = −k_i x_i,   k_i = (i + 1) k,   i = 0 … n−1,
//   x_i(0) = x0, x_i'(0) = v0.
//
// n = 1 is the scalar oscillator m x'' = −k x used throughout the papers
// (You et al. App. C write ħ = h²k/m). For n > 1 the degrees of freedom have
// distinct, pairwise incommensurate frequencies ω_i = √((i+1) k/m), so that a
// global error norm cannot vanish by a coincidence of phase.
//
// Exact solution: x_i(t) = x0 cos ω_i t + (v0/ω_i) sin ω_i t.
// Invariant: H = Σ ½ m v_i² + ½ k_i x_i² (constant).
// Layout: dim = 1 (each degree of freedom is its own 1-D node); momentum is
// not conserved (the springs are anchored).
#include <cmath>

#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> oscillator_params() {
  return {
      real_param("m", 1.0, "mass of each degree of freedom [kg]", Range::positive()),
      real_param("k", 1.0, "base stiffness [N/m]; dof i has stiffness (i+1) k", Range::positive()),
      real_param("x0", 1.0, "initial displacement of every dof [m]",
                 Range::any("every initial state is valid")),
      real_param("v0", 0.0, "initial velocity of every dof [m/s]",
                 Range::any("every initial state is valid")),
      // A few vectors of n doubles per step: 1e7 keeps a run near 1 GB.
      integer_param("n", 1, "number of independent oscillators (distinct frequencies)",
                    Range::closed(1, 1e7)),
  };
}

// g = k ∘ q entry by entry (g has k's size).
void multiply(const Vec& k, const Vec& q, Vec& g) {
  const double *kk = k.data(), *x = q.data();
  double* y = g.data();
  for (Index i = 0, n = k.size(); i < n; ++i) y[i] = kk[i] * x[i];
}

// Not inlined: gradient() would then save registers for it on every call.
[[gnu::noinline]] void resize_and_multiply(const Vec& k, const Vec& q, Vec& g) {
  g.resize(k.size());
  multiply(k, q, g);
}

// a = −((k q) m⁻¹): one expression for every acceleration kernel, so that
// they round alike (gradient() followed by the product gives the same bits).
inline double spring_acceleration(double k, double q, double m_inv) { return -((k * q) * m_inv); }

class Oscillator final : public Problem {
 public:
  explicit Oscillator(ParamSet p)
      : Problem(p, 1, Vec::Constant(p.integer("n"), p.real("m"))),
        x0_(p.real("x0")),
        v0_(p.real("v0")) {
    set_fuses_acceleration(true);
    const Index n = dofs();
    stiffness_.resize(n);
    omega_.resize(n);
    for (Index i = 0; i < n; ++i) {
      stiffness_[i] = static_cast<double>(i + 1) * p.real("k");
      omega_[i] = std::sqrt(stiffness_[i] / p.real("m"));
    }
  }

  static constexpr std::string_view kId = "oscillator";
  std::string_view id() const override { return kId; }

  double potential(const Vec& q) const override { return 0.5 * q.dot(stiffness_.cwiseProduct(q)); }
  // A plain loop: for one oscillator (the explicit-stepping benchmark) Eigen's
  // dynamic-size expression setup costs more than the product itself. The
  // resize is a tail call off the common path, which then calls nothing and
  // saves no registers.
  void gradient(const Vec& q, Vec& g) const override {
    if (g.size() != stiffness_.size()) [[unlikely]]
      return resize_and_multiply(stiffness_, q, g);
    multiply(stiffness_, q, g);
  }
  // a_i = −((k_i q_i) m⁻¹_i) in one pass, the bits of gradient() followed by
  // the product: the product's operand stays in a register instead of going
  // through g's memory, which on one oscillator is most of a stage's latency.
  void fused_potential_acceleration(const Vec& q, Vec& a) const override {
    if (a.size() != stiffness_.size()) [[unlikely]]
      a.resize(stiffness_.size());
    const double *k = stiffness_.data(), *x = q.data(), *m_inv = inverse_mass().data();
    double* y = a.data();
    const auto accelerate = [&](Index i) { y[i] = spring_acceleration(k[i], x[i], m_inv[i]); };
    // One oscillator goes without the loop, whose vectorized form costs
    // more to enter than the product.
    if (const Index n = stiffness_.size(); n == 1)
      accelerate(0);
    else
      for (Index i = 0; i < n; ++i) accelerate(i);
  }
  void hessian(const Vec&, Triplets& out, bool) const override {
    for (Index i = 0; i < dofs(); ++i) out.emplace_back(i, i, stiffness_[i]);
  }
  bool hessian_is_constant() const override { return true; }

  State initial_state() const override {
    return {Vec::Constant(dofs(), x0_), Vec::Constant(dofs(), v0_), 0.0};
  }
  bool has_exact() const override { return true; }
  State exact(double t) const override {
    State s{Vec(dofs()), Vec(dofs()), t};
    for (Index i = 0; i < dofs(); ++i) {
      const double w = omega_[i], c = std::cos(w * t), sn = std::sin(w * t);
      s.q[i] = x0_ * c + v0_ / w * sn;
      s.v[i] = -x0_ * w * sn + v0_ * c;
    }
    return s;
  }

 private:
  double x0_, v0_;
  Vec stiffness_, omega_;
};

}  // namespace

ProblemInfo oscillator_problem() {
  return {std::string(Oscillator::kId),
          "m x_i'' = -(i+1) k x_i, i < n; exact solution (You et al. App. C test equation)",
          oscillator_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<Oscillator>(std::move(p));
          },
          {},
          {{"n=3", "m=2.5", "k=0.7", "v0=0.3"}}};
}

}  // namespace tibench
