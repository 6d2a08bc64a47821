// spring-chain — N masses on a line joined by N + 1 springs, the outer two
// attached to fixed walls: a sparse (tridiagonal) problem of adjustable size
// for performance studies and sparse-solver benchmarks.
//
//   x_0 = 0 and x_{N+1} = (N + 1) ℓ fixed (walls), rest positions X_j = j ℓ,
//   d_s = x_{s+1} − x_s − ℓ  (extension of spring s = 0 … N),
//   U = Σ_s ½ k d_s² + ¼ k4 d_s⁴   (k4 = 0: linear; k4 > 0: the
//        Fermi–Pasta–Ulam–Tsingou β chain, a classical nonlinear chain).
//
// Parameters (defaults; source — not from the papers; this problem serves
// the performance and sparse-Hessian studies of the project brief):
//   N = 1000 masses of m = 1 kg ("unit masses"), k = 1 N/m, ℓ = 1 m,
//   k4 = 0 N/m³; initial state u_j = u0 sin(π j/(N+1)) (the fundamental
//   mode, u0 = 0.1 m) plus velocities v0 · U(−1, 1) from SplitMix64(seed)
//   (v0 = 0.1 m/s), which excites every mode.
// Exact solution (k4 = 0): with orthonormal modes φ_n(j) = √(2/(N+1))
// sin(jnπ/(N+1)) and ω_n = 2√(k/m) sin(nπ/(2(N+1))),
//   u(t) = Σ_n φ_n [ (φ_n·u0) cos ω_n t + (φ_n·v0)/ω_n sin ω_n t ];
// evaluated by a direct O(N²) sine transform (fine for the default N; about
// N² operations per call, e.g. ~1e10 for N = 1e5).
// Invariant: H. Layout: N 1-D nodes; Hessian tridiagonal (3N − 2 entries).
// Projective Dynamics form (solver=local-global): exact for k4 = 0.
#include <cmath>
#include <complex>

#include "core/random.hpp"
#include "problems/catalog/spring_chain_kernel.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> spring_chain_params() {
  return {
      // Newton on the chain keeps a few dozen vectors of N doubles and a
      // tridiagonal factor: N = 1e7 needs a few GB, far below the machine.
      integer_param("N", 1000, "number of masses", Range::closed(1, 1e7)),
      real_param("m", 1.0, "mass of each node [kg]", Range::positive()),
      real_param("k", 1.0, "linear spring stiffness [N/m]", Range::positive()),
      real_param("k4", 0.0, "quartic spring coefficient [N/m^3] (FPUT beta chain); 0 = linear",
                 Range::nonnegative()),
      real_param("ell", 1.0, "rest length of each spring [m]", Range::positive()),
      real_param("u0", 0.1, "initial amplitude of the fundamental mode [m]",
                 Range::any("every initial state is valid")),
      real_param("v0", 0.1, "amplitude of the random initial velocities [m/s]",
                 Range::nonnegative()),
      integer_param("seed", 1, "seed of the initial velocities (SplitMix64; every long is a seed)",
                    Range::nonnegative()),
  };
}

// c_n = Σ_j φ_n(j) y_j for n = 1 … N (the orthonormal sine transform, its own
// inverse). sin(jθ) comes from a complex rotation re-seeded every 64 terms
// so that rounding does not accumulate.
Vec sine_transform(const Vec& y) {
  const Index N = y.size();
  const double norm = std::sqrt(2.0 / static_cast<double>(N + 1));
  Vec c(N);
  for (Index n = 1; n <= N; ++n) {
    const double theta = M_PI * static_cast<double>(n) / static_cast<double>(N + 1);
    const std::complex<double> step(std::cos(theta), std::sin(theta));
    std::complex<double> z;
    double sum = 0.0;
    for (Index j = 1; j <= N; ++j) {
      if ((j - 1) % 64 == 0)
        z = std::polar(1.0, theta * static_cast<double>(j));
      else
        z *= step;
      sum += z.imag() * y[j - 1];
    }
    c[n - 1] = norm * sum;
  }
  return c;
}

class SpringChain final : public Problem, private ProjectiveForm {
 public:
  explicit SpringChain(ParamSet p)
      : Problem(p, 1, Vec::Constant(p.integer("N"), p.real("m"))),
        k_(p.real("k")),
        k4_(p.real("k4")),
        ell_(p.real("ell")) {
    const Index N = dofs();
    const double wall = static_cast<double>(N + 1);
    q0_.resize(N);
    v0_.resize(N);
    SplitMix64 rng(static_cast<std::uint64_t>(p.integer("seed")));
    for (Index j = 1; j <= N; ++j) {
      q0_[j - 1] = ell_ * static_cast<double>(j) +
                   p.real("u0") * std::sin(M_PI * static_cast<double>(j) / wall);
      v0_[j - 1] = p.real("v0") * rng.uniform(-1, 1);
    }
    set_fuses_acceleration(true);
  }

  static constexpr std::string_view kId = "spring-chain";
  std::string_view id() const override { return kId; }

  double potential(const Vec& q) const override {
    double U = 0.0;
    for (Index s = 0; s <= dofs(); ++s) {
      const double d = extension(q, s);
      U += 0.5 * k_ * d * d + 0.25 * k4_ * d * d * d * d;
    }
    return U;
  }
  void gradient(const Vec& q, Vec& g) const override {
    g.resize(dofs());
    spring_chain_gradient(q.data(), g.data(), dofs(), {k_, k4_, ell_});
  }
  void fused_potential_acceleration(const Vec& q, Vec& a) const override {
    a.resize(dofs());
    spring_chain_acceleration(q.data(), a.data(), inverse_mass().data(), dofs(), {k_, k4_, ell_});
  }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    for_each_hessian_entry(q, project_psd,
                           [&](Index row, Index col, double c) { out.emplace_back(row, col, c); });
  }
  bool hessian_values(const Vec& q, bool project_psd, double* values,
                      std::size_t count) const override {
    if (count != static_cast<std::size_t>(4 * dofs() - 2)) return false;
    for_each_hessian_entry(q, project_psd, [&](Index, Index, double c) { *values++ = c; });
    return true;
  }
  bool hessian_is_constant() const override { return k4_ == 0.0; }
  // Linear springs (k4 = 0) are projective constraints z_s = x_{s+1} − x_s
  // onto the single point ℓ with weight k: L is the Hessian itself.
  const ProjectiveForm* projective_form() const override { return k4_ == 0.0 ? this : nullptr; }
  void add_laplacian(Triplets& out) const override { hessian(q0_, out, false); }
  State initial_state() const override { return {q0_, v0_, 0.0}; }

  bool has_exact() const override { return k4_ == 0.0; }
  State exact(double t) const override {
    const Index N = dofs();
    Vec u0(N);
    for (Index j = 0; j < N; ++j) u0[j] = q0_[j] - ell_ * static_cast<double>(j + 1);
    const Vec a = sine_transform(u0), b = sine_transform(v0_);
    Vec cu(N), cv(N);
    const double w_max = 2.0 * std::sqrt(k_ / mass()[0]);
    for (Index n = 1; n <= N; ++n) {
      const double w =
          w_max * std::sin(M_PI * static_cast<double>(n) / (2.0 * static_cast<double>(N + 1)));
      const double c = std::cos(w * t), s = std::sin(w * t);
      cu[n - 1] = a[n - 1] * c + b[n - 1] / w * s;
      cv[n - 1] = -a[n - 1] * w * s + b[n - 1] * c;
    }
    State st{sine_transform(cu), sine_transform(cv), t};
    for (Index j = 0; j < N; ++j) st.q[j] += ell_ * static_cast<double>(j + 1);
    return st;
  }

 private:
  // d_s = x_{s+1} − x_s − ℓ with the walls x_0 = 0, x_{N+1} = (N+1)ℓ.
  // The entries of ∇²P(q) in hessian()'s order, 4N − 2 of them: per spring s,
  // its diagonal entries and then the two off-diagonal ones.
  template <class Emit>
  void for_each_hessian_entry(const Vec& q, bool project_psd, Emit emit) const {
    for (Index s = 0; s <= dofs(); ++s) {
      const double d = extension(q, s);
      double c = k_ + 3.0 * k4_ * d * d;
      if (project_psd) c = std::max(c, 0.0);
      if (s > 0) emit(s - 1, s - 1, c);
      if (s < dofs()) emit(s, s, c);
      if (s > 0 && s < dofs()) {
        emit(s - 1, s, -c);
        emit(s, s - 1, -c);
      }
    }
  }
  double extension(const Vec& q, Index s) const {
    const double left = s == 0 ? 0.0 : q[s - 1];
    const double right = s == dofs() ? ell_ * static_cast<double>(dofs() + 1) : q[s];
    return right - left - ell_;
  }

  double k_, k4_, ell_;
  Vec q0_, v0_;
};

}  // namespace

ProblemInfo spring_chain_problem() {
  return {std::string(SpringChain::kId),
          "N unit masses joined by springs between fixed walls (linear or FPUT-beta); sparse, "
          "exact for k4 = 0",
          spring_chain_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<SpringChain>(std::move(p));
          },
          {"N=12"},
          {{"k4=0.5"}}};
}

}  // namespace tibench
