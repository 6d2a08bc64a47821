#include "problems/problem.hpp"
#include <Eigen/Geometry>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/random.hpp"

namespace tibench {

Problem::Problem(ParamSet params, int dim, Vec mass)
    : params_(std::move(params)), dim_(dim), mass_(std::move(mass)) {
  if (dim_ < 1 || dim_ > 3) throw std::logic_error("problem dimension must be 1, 2 or 3");
  if (mass_.size() % dim_ != 0) throw std::logic_error("dofs must be a multiple of dim");
  if (!(mass_.array() > 0).all()) throw std::logic_error("lumped masses must be positive");
  inv_mass_ = mass_.cwiseInverse();
}

void Dissipation::gradient_q(const Vec& q, const Vec&, Vec& g) const { g.setZero(q.size()); }

void Dissipation::mixed_hessian(const Vec&, const Vec&, Triplets&) const {}

void ExternalForce::rate(double t, Vec& df) const {
  const double d = 1e-6 * std::max(1.0, std::abs(t));
  Vec plus;
  at(t + d, plus);
  at(t - d, df);
  df = (plus - df) / (2 * d);
}

State Problem::exact(double) const {
  throw std::logic_error(std::string(id()) + " has no exact solution");
}

void Problem::force(const Vec& q, const Vec& v, double t, Vec& f, Vec& scratch) const {
  set_potential_time(t);
  gradient(q, f);
  f = -f;
  if (const Dissipation* r = dissipation()) {
    r->gradient_v(q, v, scratch);
    f -= scratch;
  }
  if (const ExternalForce* e = external_force()) {
    e->at(t, scratch);
    f += scratch;
  }
}

void Problem::acceleration(const Vec& q, const Vec& v, double t, Vec& a, Vec& scratch) const {
  if (!dissipation() && !external_force() && !time_dependent_potential_) {
    potential_acceleration(q, a);
    return;
  }
  force(q, v, t, a, scratch);
  a.array() *= inv_mass_.array();
}

namespace {

// Gershgorin bound of the largest eigenvalue of M^{-1/2} A M^{-1/2} for a
// symmetric A given by triplets (duplicates summed).
double gershgorin_rate(const Triplets& t, const Vec& m) {
  Vec rows = Vec::Zero(m.size());
  for (const auto& e : t) rows[e.row()] += std::abs(e.value()) / std::sqrt(m[e.row()] * m[e.col()]);
  return rows.size() ? rows.maxCoeff() : 0.0;
}

}  // namespace

double Problem::time_scale() const {
  const State s = initial_state();
  Triplets t;
  hessian(s.q, t, false);
  const double omega = std::sqrt(gershgorin_rate(t, mass_));
  double rate = omega;
  if (const Dissipation* r = dissipation()) {
    Triplets d;
    r->hessian_vv(s.q, s.v, d);
    rate = std::max(rate, gershgorin_rate(d, mass_));
  }
  if (!(rate > 0) || !std::isfinite(rate))
    throw std::logic_error(std::string(id()) +
                           ": no time scale visible at the initial state; the problem must "
                           "override time_scale()");
  return 1.0 / rate;
}

State Problem::perturbed_initial_state(std::uint64_t seed, double dq, double dv) const {
  State s = initial_state();
  SplitMix64 rng(seed);
  for (Index i = 0; i < s.q.size(); ++i) s.q[i] += dq * rng.uniform(-1, 1);
  for (Index i = 0; i < s.v.size(); ++i) s.v[i] += dv * rng.uniform(-1, 1);
  return s;
}

State Problem::sample_state(std::uint64_t seed) const {
  return perturbed_initial_state(seed, 0.3, 0.3);
}

double Problem::kinetic_energy(const Vec& v) const { return 0.5 * v.dot(mass_.cwiseProduct(v)); }

Vec Problem::linear_momentum(const Vec& v) const {
  Vec p = Vec::Zero(dim_);
  for (Index n = 0; n < nodes(); ++n)
    for (int d = 0; d < dim_; ++d) p[d] += mass_[n * dim_ + d] * v[n * dim_ + d];
  return p;
}

Eigen::Vector3d Problem::angular_momentum(const State& s) const {
  Eigen::Vector3d L = Eigen::Vector3d::Zero();
  if (dim_ == 1) return L;
  for (Index n = 0; n < nodes(); ++n) {
    Eigen::Vector3d x = Eigen::Vector3d::Zero(), p = Eigen::Vector3d::Zero();
    for (int d = 0; d < dim_; ++d) {
      x[d] = s.q[n * dim_ + d];
      p[d] = mass_[n * dim_ + d] * s.v[n * dim_ + d];
    }
    L += x.cross(p);
  }
  return L;
}

}  // namespace tibench
