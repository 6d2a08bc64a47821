// free-fall — n particles under uniform gravity and nothing else: the
// setting in which an implicit step's explicit predictor is already the
// solution (Gast & Schroeder 2014 §3.1, claim G-M2) and in which
// You et al. 2025's energy search takes α at its upper clip (§5.3's
// free-fall remark, claim Y-Q1).
//
//   m_i x_i'' = −m_i g e_up,   P(x) = Σ_i m_i g (x_i · e_up),   i < n,
//
// x_i ∈ R^dim; e_up is the y axis for dim ≥ 2 (gravity along −y, as in the
// other problems) and the only axis for dim = 1.
//
// Parameters (all our choices): n = 1 particle, dim = 3, m = 1 kg,
// g = 9.81 m/s², every particle starting at height = 1 m (the other
// coordinates 0) with vertical velocity v0 = 0. make_free_fall
// (free_fall.hpp) gives each particle a mass of its own.
//
// Exact solution: x_i · e_up = height + v0 t − ½ g t², the other coordinates
// stay 0. Invariants: H = Σ ½ m_i |v_i|² + P; the horizontal momentum.
// ∇²P = 0 (no Hessian entries). Free fall has no time scale of its own:
// time_scale() is √(1 m / g), in which a particle falling from rest covers
// ½ m.
#include "problems/catalog/free_fall.hpp"

#include <cmath>

#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> free_fall_params() {
  return {
      // A few vectors of n dim doubles per step: 1e6 keeps a run well below 1 GB.
      integer_param("n", 1, "number of particles", Range::closed(1, 1e6)),
      integer_param("dim", 3, "coordinates per particle (gravity along -y, or -x for dim = 1)",
                    Range::closed(1, 3)),
      real_param("m", 1.0, "mass of every particle [kg]", Range::positive()),
      real_param("g", 9.81, "gravitational acceleration [m/s^2]", Range::positive()),
      real_param("height", 1.0, "initial height of every particle [m]",
                 Range::any("no height is special under uniform gravity")),
      real_param("v0", 0.0, "initial vertical velocity of every particle [m/s]",
                 Range::any("every initial state is valid")),
  };
}

// Every particle's mass on each of its dim coordinates.
Vec lumped(const std::vector<double>& particle_masses, int dim) {
  Vec mass(static_cast<Index>(particle_masses.size()) * dim);
  for (std::size_t i = 0; i < particle_masses.size(); ++i)
    mass.segment(static_cast<Index>(i) * dim, dim).setConstant(particle_masses[i]);
  return mass;
}

class FreeFall final : public Problem {
 public:
  FreeFall(ParamSet p, const std::vector<double>& particle_masses)
      : Problem(p, static_cast<int>(p.integer("dim")),
                lumped(particle_masses, static_cast<int>(p.integer("dim")))),
        up_(dim() == 1 ? 0 : 1),
        g_(p.real("g")),
        height_(p.real("height")),
        v0_(p.real("v0")) {}

  static constexpr std::string_view kId = "free-fall";
  std::string_view id() const override { return kId; }

  double potential(const Vec& q) const override {
    double u = 0;
    for (Index i = up_; i < q.size(); i += dim()) u += mass()[i] * g_ * q[i];
    return u;
  }
  void gradient(const Vec& q, Vec& g) const override {
    g.setZero(q.size());
    for (Index i = up_; i < q.size(); i += dim()) g[i] = mass()[i] * g_;
  }
  // ∇²P = 0, but hessian_is_constant() keeps its default (false): the Newton
  // solver then tests the residual after every step as for a general
  // potential, whose iteration counts and results claims G-M2 and Y-Q1 report.
  void hessian(const Vec&, Triplets&, bool) const override {}

  State initial_state() const override { return exact(0.0); }
  bool has_exact() const override { return true; }
  State exact(double t) const override {
    State s{Vec::Zero(dofs()), Vec::Zero(dofs()), t};
    for (Index i = up_; i < dofs(); i += dim()) {
      s.q[i] = height_ + v0_ * t - 0.5 * g_ * t * t;
      s.v[i] = v0_ - g_ * t;
    }
    return s;
  }
  double time_scale() const override { return std::sqrt(1.0 / g_); }

 private:
  Index up_;  // the vertical coordinate of particle 0
  double g_, height_, v0_;
};

std::unique_ptr<Problem> make_uniform(ParamSet p) {
  const std::vector<double> masses(static_cast<std::size_t>(p.integer("n")), p.real("m"));
  return std::make_unique<FreeFall>(std::move(p), masses);
}

}  // namespace

ProblemInfo free_fall_problem();

std::unique_ptr<Problem> make_free_fall(const std::vector<double>& particle_masses,
                                        const std::vector<std::string>& overrides) {
  std::vector<std::string> all = overrides;
  all.push_back("n=" + std::to_string(particle_masses.size()));
  return std::make_unique<FreeFall>(problem_params(free_fall_problem(), all), particle_masses);
}

ProblemInfo free_fall_problem() {
  return {std::string(FreeFall::kId),
          "particles under uniform gravity, exact solution (Gast & Schroeder 2014 Sec. 3.1; "
          "You et al. 2025 Sec. 5.3)",
          free_fall_params,
          make_uniform,
          {},
          {{"n=3", "dim=1", "v0=2"}, {"dim=2", "m=2.5"}}};
}

}  // namespace tibench
