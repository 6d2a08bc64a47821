#include "integrators/engines/velocity_potential.hpp"

#include <limits>

namespace tibench {

const Vec& VelocityPotential::set_stage(const Vec& q, const Vec& v_tilde, double kappa, double t) {
  q_ = q;
  kappa_ = kappa;
  inertia_ = p_.mass() / kappa;
  p_.gradient(q, scratch_);
  v_hat_ = -scratch_;
  if (const ExternalForce* e = p_.external_force()) {
    e->at(t, scratch_);
    v_hat_ += scratch_;
  }
  v_hat_ = v_tilde + kappa * p_.inverse_mass().cwiseProduct(v_hat_);
  return v_hat_;
}

double VelocityPotential::value(const Vec& V) const {
  g_scratch_ = V - v_hat_;
  const Dissipation* r = p_.dissipation();
  return 0.5 * g_scratch_.dot(inertia_.cwiseProduct(g_scratch_)) + (r ? r->value(q_, V) : 0.0);
}

void VelocityPotential::gradient(const Vec& V, Vec& g) const {
  if (const Dissipation* r = p_.dissipation())
    r->gradient_v(q_, V, g);
  else
    g.setZero(V.size());
  dissipation_magnitude_ = g.cwiseQuotient(inertia_).cwiseAbs().maxCoeff();
  g += inertia_.cwiseProduct(V - v_hat_);
}

void VelocityPotential::hessian(const Vec& V, bool, Triplets& out) const {
  for (Index i = 0; i < p_.dofs(); ++i) out.emplace_back(i, i, inertia_[i]);
  if (const Dissipation* r = p_.dissipation()) r->hessian_vv(q_, V, out);
}

double VelocityPotential::residual_noise(const Vec& V) const {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  return 8 * eps *
         (V.cwiseAbs().maxCoeff() + v_hat_.cwiseAbs().maxCoeff() + dissipation_magnitude_);
}

}  // namespace tibench
