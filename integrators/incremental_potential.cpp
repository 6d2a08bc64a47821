#include "integrators/incremental_potential.hpp"

#include <limits>
#include <stdexcept>

namespace tibench {

IncrementalPotential::IncrementalPotential(const Problem& p) : p_(p) {
  if (p.has_dissipation() && p.dissipation_depends_on_q())
    throw std::logic_error(std::string(p.id()) +
                           ": q-dependent dissipation cannot be written as an incremental "
                           "potential");
}

void IncrementalPotential::set_stage(const Vec& x_hat, const Vec& x_anchor, double tau,
                                     double kappa, double t) {
  x_hat_ = x_hat;
  x_anchor_ = x_anchor;
  tau_ = tau;
  kappa_ = kappa;
  t_ = t;
  inertia_ = p_.mass() / (tau * tau);
  if (p_.has_external_force())
    p_.external_force(t, f_ext_);
  else
    f_ext_.setZero(p_.dofs());
}

double IncrementalPotential::value(const Vec& x) const {
  scratch_ = x - x_hat_;
  double phi = 0.5 * scratch_.dot(inertia_.cwiseProduct(scratch_));
  phi += p_.potential(x) - f_ext_.dot(x);
  if (p_.has_dissipation()) {
    velocity_ = (x - x_anchor_) / kappa_;
    phi += kappa_ * p_.dissipation(x, velocity_);
  }
  return phi;
}

void IncrementalPotential::gradient(const Vec& x, Vec& g) const {
  p_.gradient(x, g);
  force_magnitude_ = g.cwiseQuotient(inertia_).cwiseAbs().maxCoeff() +
                     f_ext_.cwiseQuotient(inertia_).cwiseAbs().maxCoeff();
  g += inertia_.cwiseProduct(x - x_hat_) - f_ext_;
  if (p_.has_dissipation()) {
    velocity_ = (x - x_anchor_) / kappa_;
    p_.dissipation_gradient(x, velocity_, scratch_);
    force_magnitude_ += scratch_.cwiseQuotient(inertia_).cwiseAbs().maxCoeff();
    g += scratch_;
  }
}

void IncrementalPotential::hessian(const Vec& x, bool project_psd, Triplets& out) const {
  for (Index i = 0; i < p_.dofs(); ++i) out.emplace_back(i, i, inertia_[i]);
  p_.hessian(x, out, project_psd);
  if (p_.has_dissipation()) {
    velocity_ = (x - x_anchor_) / kappa_;
    const std::size_t first = out.size();
    p_.dissipation_hessian(x, velocity_, out);
    for (std::size_t k = first; k < out.size(); ++k)
      out[k] = Eigen::Triplet<double>(out[k].row(), out[k].col(), out[k].value() / kappa_);
  }
}

double IncrementalPotential::residual_noise(const Vec& x) const {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  return 8 * eps * (x.cwiseAbs().maxCoeff() + x_hat_.cwiseAbs().maxCoeff() + force_magnitude_);
}

double IncrementalPotential::scale(const Vec& x) const {
  return std::max(x.cwiseAbs().maxCoeff(), x_hat_.cwiseAbs().maxCoeff());
}

}  // namespace tibench
