// random-convex — a random smooth convex potential, the setting of the
// energy lemmas of Dinev et al. 2018, Appendices A and B (claims D-A1, D-B1).
//
//   P(x) = ½ k xᵀ A x + Σ_i c_i x_i⁴,   A = BᵀB / n  (B_ij ~ U[−1, 1]),
//   c_i ~ U[0, quartic],  m_i ~ U[½, 2],  x_i(0), v_i(0) ~ U[−1, 1].
//
// P is convex (a PSD quadratic plus convex quartics) and bounded below by 0.
// All draws come from SplitMix64(seed), so a seed names one instance on every
// platform. Layout: n one-dimensional nodes (dim = 1); no exact solution.
#include <cmath>

#include "core/random.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> random_convex_params() {
  return {
      // A is dense (n^2 doubles, and n^2 Hessian entries per Newton step):
      // n = 2000 is 32 MB.
      integer_param("n", 4, "number of degrees of freedom", Range::closed(1, 2000)),
      integer_param("seed", 1, "seed of the SplitMix64 generator (every long is a seed)",
                    Range::nonnegative()),
      real_param("k", 1.0, "scale of the quadratic part", Range::nonnegative()),
      real_param("quartic", 1.0, "upper bound of the quartic coefficients c_i",
                 Range::nonnegative()),
  };
}

Vec random_masses(const ParamSet& p) {
  SplitMix64 rng(static_cast<std::uint64_t>(p.integer("seed")));
  Vec m(p.integer("n"));
  for (Index i = 0; i < m.size(); ++i) m[i] = rng.uniform(0.5, 2.0);
  return m;
}

class RandomConvex final : public Problem {
 public:
  explicit RandomConvex(ParamSet p) : Problem(p, 1, random_masses(p)) {
    const Index n = dofs();
    // Continue the same stream after the masses so that each seed names one
    // complete instance.
    SplitMix64 rng(static_cast<std::uint64_t>(p.integer("seed")));
    for (Index i = 0; i < n; ++i) rng.uniform();
    Eigen::MatrixXd B(n, n);
    for (Index i = 0; i < n; ++i)
      for (Index j = 0; j < n; ++j) B(i, j) = rng.uniform(-1.0, 1.0);
    A_ = p.real("k") * (B.transpose() * B) / static_cast<double>(n);
    c_.resize(n);
    for (Index i = 0; i < n; ++i) c_[i] = rng.uniform(0.0, p.real("quartic"));
    q0_.resize(n);
    v0_.resize(n);
    for (Index i = 0; i < n; ++i) q0_[i] = rng.uniform(-1.0, 1.0);
    for (Index i = 0; i < n; ++i) v0_[i] = rng.uniform(-1.0, 1.0);
  }

  static constexpr std::string_view kId = "random-convex";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override {
    return 0.5 * q.dot(A_ * q) + c_.dot(q.array().pow(4).matrix());
  }
  void gradient(const Vec& q, Vec& g) const override {
    g = A_ * q + (4.0 * c_.array() * q.array().cube()).matrix();
  }
  void hessian(const Vec& q, Triplets& out, bool) const override {
    for (Index j = 0; j < dofs(); ++j)
      for (Index i = 0; i < dofs(); ++i)
        out.emplace_back(i, j, A_(i, j) + (i == j ? 12.0 * c_[i] * q[i] * q[i] : 0.0));
  }
  State initial_state() const override { return {q0_, v0_, 0.0}; }

 private:
  Eigen::MatrixXd A_;
  Vec c_, q0_, v0_;
};

}  // namespace

ProblemInfo random_convex_problem() {
  return {std::string(RandomConvex::kId),
          "P = k/2 x'Ax + sum c_i x_i^4 with random PSD A; convex (Dinev et al. App. A-B)",
          random_convex_params, [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<RandomConvex>(std::move(p));
          }};
}

}  // namespace tibench
