// barrier-ipc — a particle hitting the IPC log barrier (You et al. App. E,
// end; Li et al. 2020):
//
//   m x'' = −P'(x),   P(x) = −κ (x/d̂ − 1)² log(x/d̂) for 0 < x < d̂, 0 beyond,
//   x(0) = d̂ + β h,  v(0) = v0 = −1.
//
// The barrier is active below the distance d̂ and infinite at x = 0 (the
// wall); the particle can never reach it. App. E normalizes d̂ = 1 and
// v = −1 and notes that κ affects the trajectory ("κ ≈ 1 leads to a roughly
// cubic barrier potential"); it gives no κ, h or results (the seed text ends
// there).
// Phase convention (our choice, App. E does not define one for this
// barrier): the phase is measured from the activation distance d̂, so
// x0 = d̂ + βh; as for barrier-quadratic, `h` must be the run's step.
//
// Parameters (defaults; source):
//   m = 1 kg, dhat = 1 m, v0 = −1 m/s     App. E normalization
//   kappa = 1 J                            App. E's "κ ≈ 1" example
//   beta = 0.5, h = 0.1 s                  our defaults
// Energy is conserved; no exact solution. P is C² (P''' jumps at d̂):
// is_smooth() = false. Observables: velocity, penetration (d̂ − x)₊ into
// the barrier layer, in_contact (x < d̂), barrier_force −P'(x) ≥ 0.
#include <cmath>

#include "core/random.hpp"
#include "problems/contact/ipc_barrier.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> barrier_ipc_params() {
  return {
      real_param("m", 1.0, "particle mass [kg]", Range::positive()),
      real_param("kappa", 1.0, "barrier stiffness [J] (You et al. App. E: kappa ~ 1)",
                 Range::positive()),
      real_param("dhat", 1.0, "barrier activation distance [m] (You et al. App. E: dhat = 1)",
                 Range::positive()),
      real_param("beta", 0.5, "collision phase: x0 = dhat + beta h", Range::nonnegative()),
      real_param("h", 0.1, "step size the phase refers to [s]; set it to the run's step",
                 Range::positive()),
      real_param("v0", -1.0, "initial velocity [m/s] (You et al. App. E: v = -1)",
                 Range::any("every initial state is valid")),
  };
}

class BarrierIpc final : public Problem {
 public:
  explicit BarrierIpc(ParamSet p)
      : Problem(p, 1, Vec::Constant(1, p.real("m"))),
        kappa_(p.real("kappa")),
        dhat_(p.real("dhat")),
        x0_(p.real("dhat") + p.real("beta") * p.real("h")),
        v0_(p.real("v0")) {}

  static constexpr std::string_view kId = "barrier-ipc";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override { return kappa_ * ipc::b(q[0] / dhat_); }
  void gradient(const Vec& q, Vec& g) const override {
    g = Vec::Constant(1, kappa_ / dhat_ * ipc::db(q[0] / dhat_));
  }
  void hessian(const Vec& q, Triplets& out, bool) const override {
    out.emplace_back(0, 0, kappa_ / (dhat_ * dhat_) * ipc::d2b(q[0] / dhat_));
  }
  State initial_state() const override {
    return {Vec::Constant(1, x0_), Vec::Constant(1, v0_), 0.0};
  }
  // The distance to the wall is x itself.
  bool has_feasibility_limit() const override { return true; }
  double max_feasible_step(const Vec& q, const Vec& dq) const override {
    return ipc::ccd_step(q[0], dq[0]);
  }
  // The stiffness at the turning point, where the barrier holds all the
  // initial energy.
  double time_scale() const override {
    const double m = mass()[0];
    const double energy = 0.5 * m * v0_ * v0_ + potential(Vec::Constant(1, x0_));
    const double r = ipc::solve_decreasing([](double x) { return ipc::b(x); }, energy / kappa_);
    return std::sqrt(m * dhat_ * dhat_ / (kappa_ * ipc::d2b(r)));
  }
  // Keeps the particle in the domain x > 0, inside or outside the layer.
  State sample_state(std::uint64_t seed) const override {
    SplitMix64 rng(seed);
    const double x = dhat_ * rng.uniform(0.3, 1.5);
    return {Vec::Constant(1, x), Vec::Constant(1, v0_ + 0.3 * rng.uniform(-1, 1)), 0.0};
  }
  bool is_smooth() const override { return false; }

  std::vector<std::string> observable_names() const override {
    return {"velocity", "penetration", "in_contact", "barrier_force"};
  }
  void observables(const State& s, std::vector<double>& out) const override {
    const double x = s.q[0];
    out = {s.v[0], std::max(0.0, dhat_ - x), x < dhat_ ? 1.0 : 0.0,
           -kappa_ / dhat_ * ipc::db(x / dhat_)};
  }

 private:
  double kappa_, dhat_, x0_, v0_;
};

}  // namespace

ProblemInfo barrier_ipc_problem() {
  return {std::string(BarrierIpc::kId),
          "particle vs IPC log barrier -kappa (x/dhat-1)^2 log(x/dhat), x0 = dhat + beta h "
          "(You et al. App. E)",
          barrier_ipc_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<BarrierIpc>(std::move(p));
          },
          {},
          {{"kappa=100", "dhat=0.1"}}};
}

}  // namespace tibench
