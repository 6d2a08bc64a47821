// Method claim D-M4 of Dinev, Liu & Kavan 2018 §4.3: the
// momentum-preserving damping of Eqs. 31–36 removes only the non-rigid part
// of the velocity (k = 0: nothing, k = 1: all of it), and the energy it
// removes is booked in H_diss (Eq. 37; D-M4.bookkeeping, a definition). Eq.
// 32 is checked as printed (+ ω × r) and with the best-fit rigid velocity
// removed (− ω × r).
#include <Eigen/Geometry>
#include <cmath>

#include "claims/dinev2018/dinev2018_method_checks.hpp"
#include "claims/support.hpp"
#include "core/random.hpp"
#include "integrators/engines/energy_blending.hpp"

namespace tibench::dinev2018 {
namespace {

// A free point cloud in 3-D (zero potential): the setting of the damping
// model's momentum statements.
class PointCloud final : public Problem {
 public:
  PointCloud(Vec mass, Vec q0)
      : Problem(ParamSet("point cloud", {}), 3, std::move(mass)), q0_(std::move(q0)) {}
  std::string_view id() const override { return "point-cloud"; }
  double potential(const Vec&) const override { return 0.0; }
  void gradient(const Vec& q, Vec& g) const override { g.setZero(q.size()); }
  void hessian(const Vec&, Triplets&, bool) const override {}
  State initial_state() const override { return {q0_, Vec::Zero(q0_.size()), 0.0}; }

 private:
  Vec q0_;
};

// Residual of the best rigid fit t + ω × r (mass-weighted least squares).
double rigid_residual(const Problem& p, const State& s) {
  State copy = s;
  momentum_preserving_damping(p, copy, 1.0, 1.0);  // k = 1 removes the non-rigid part exactly
  return (copy.v - s.v).cwiseAbs().maxCoeff();
}

}  // namespace

ClaimResult damping_models(const ClaimContext& ctx) {
  const int samples = ctx.fast ? 20 : 200;
  SplitMix64 rng(36);
  nlohmann::ordered_json per_sign = nlohmann::ordered_json::object();
  bool ours_ok = true;
  for (double sign : {1.0, -1.0}) {
    double dP = 0, dL = 0, rigid_changed = 0, k1_nonrigid = 0, k0_changed = 0;
    for (int n = 0; n < samples; ++n) {
      const int nodes = 4 + n % 12;
      Vec m(3 * nodes), q(3 * nodes), v(3 * nodes);
      for (int i = 0; i < nodes; ++i) {
        const double mi = rng.uniform(0.5, 2);
        for (int c = 0; c < 3; ++c)
          m[3 * i + c] = mi, q[3 * i + c] = rng.uniform(-1, 1), v[3 * i + c] = rng.uniform(-1, 1);
      }
      PointCloud cloud(m, q);
      // A rigid field t + ω × (x − x_cm).
      Eigen::Vector3d t(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
      Eigen::Vector3d w(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
      Eigen::Vector3d xcm = Eigen::Vector3d::Zero();
      for (int i = 0; i < nodes; ++i) xcm += m[3 * i] * q.segment<3>(3 * i);
      xcm /= m.sum() / 3;
      Vec rigid(3 * nodes);
      for (int i = 0; i < nodes; ++i)
        rigid.segment<3>(3 * i) = t + w.cross(Eigen::Vector3d(q.segment<3>(3 * i)) - xcm);
      for (double k : {0.0, 0.08, 0.5, 1.0}) {
        State s{q, v, 0.0};
        const Vec P0 = cloud.linear_momentum(s.v);
        Eigen::Vector3d L0 = Eigen::Vector3d::Zero(), L1 = Eigen::Vector3d::Zero();
        for (int i = 0; i < nodes; ++i)
          L0 += (Eigen::Vector3d(q.segment<3>(3 * i)) - xcm)
                    .cross(m[3 * i] * Eigen::Vector3d(s.v.segment<3>(3 * i)));
        momentum_preserving_damping(cloud, s, k, sign);
        for (int i = 0; i < nodes; ++i)
          L1 += (Eigen::Vector3d(q.segment<3>(3 * i)) - xcm)
                    .cross(m[3 * i] * Eigen::Vector3d(s.v.segment<3>(3 * i)));
        dP = std::max(dP, (cloud.linear_momentum(s.v) - P0).norm() / (1 + P0.norm()));
        dL = std::max(dL, (L1 - L0).norm() / (1 + L0.norm()));
        if (k == 0.0) k0_changed = std::max(k0_changed, (s.v - v).cwiseAbs().maxCoeff());
        if (k == 1.0) k1_nonrigid = std::max(k1_nonrigid, rigid_residual(cloud, s));
        State sr{q, rigid, 0.0};
        momentum_preserving_damping(cloud, sr, k, sign);
        rigid_changed = std::max(rigid_changed, (sr.v - rigid).cwiseAbs().maxCoeff());
      }
    }
    per_sign[sign > 0 ? "rigid_fit_removed" : "eq32_as_printed"] = {
        {"max_linear_momentum_change", dP},
        {"max_angular_momentum_change", dL},
        {"max_change_of_rigid_field", rigid_changed},
        {"k1_max_nonrigid_residual", k1_nonrigid},
        {"k0_max_change", k0_changed}};
    if (sign > 0)
      ours_ok = dP <= 1e-12 && dL <= 1e-12 && rigid_changed <= 1e-12 && k1_nonrigid <= 1e-12 &&
                k0_changed == 0.0;
  }
  ClaimResult r;
  r.expected =
      "the damping is momentum-preserving and preserves rigid motion; k = 0 no damping; k = 1 "
      "leaves a pure rigid motion";
  r.tolerance = "momenta and rigid fields to 1e-12";
  r.interpretation =
      "random 3-D point clouds and velocity fields, k in {0, 0.08, 0.5, 1}; two readings of "
      "Eq. (32): dv = v - v_cm - w x r (the best-fit rigid velocity removed; the verdict) and "
      "dv = v - v_cm + w x r as printed (reported)";
  r.measured = {{"samples", samples}, {"readings", per_sign}};
  r.status = ours_ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = std::string("with the rigid fit removed: ") +
              (ours_ok ? "momenta and rigid motion preserved" : "violated") +
              "; as printed (+ w x r) the rigid field changes by " +
              format_real(per_sign["eq32_as_printed"]["max_change_of_rigid_field"].get<double>());
  return r;
}

// Eq. 37: each application books KE_before - KE_after in H_diss.
ClaimResult damping_bookkeeping(const ClaimContext& ctx) {
  const int samples = ctx.fast ? 20 : 200;
  SplitMix64 rng(37);
  double worst = 0;
  for (int n = 0; n < samples; ++n) {
    const int nodes = 4 + n % 12;
    Vec m(3 * nodes), q(3 * nodes), v(3 * nodes);
    for (int i = 0; i < 3 * nodes; ++i)
      m[i] = 1.0 + (i / 3) % 3, q[i] = rng.uniform(-1, 1), v[i] = rng.uniform(-1, 1);
    PointCloud cloud(m, q);
    for (double k : {0.08, 0.5, 1.0}) {
      State s{q, v, 0.0};
      const double before = cloud.kinetic_energy(s.v);
      const double booked = momentum_preserving_damping(cloud, s, k, 1.0);
      worst = std::max(worst, std::abs(booked - (before - cloud.kinetic_energy(s.v))));
    }
  }
  ClaimResult r;
  r.expected = "each application adds KE_before - KE_after to H_diss";
  r.tolerance = "round-off (1e-14)";
  r.interpretation = "random 3-D point clouds and velocity fields, k in {0.08, 0.5, 1}";
  r.measured = {{"samples", samples}, {"bookkeeping_identity_max", worst}};
  r.status = worst <= 1e-14 ? Verdict::reproduced : Verdict::refuted;
  r.summary = "booked minus kinetic energy removed: " + claims::short_real(worst);
  return r;
}

}  // namespace tibench::dinev2018
