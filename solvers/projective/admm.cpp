#include "solvers/projective/admm.hpp"

#include <algorithm>
#include <cmath>

#include "problems/fem/element_loop.hpp"
#include "solvers/projective/admm_local_newton.hpp"

namespace tibench {

void Admm::analyze(const AdmmForm& form, double weight_scale) {
  const ElementSplit& split = *form.split;
  split_ = &split;
  contact_source_ = form.contact;
  weight_scale_ = weight_scale;
  const int d = split.block_size();
  element_rows_ = d * split.blocks();
  Triplets D;
  split.reduction(D, c_);
  omega_.resize(element_rows_);
  for (Index b = 0; b < split.blocks(); ++b)
    omega_.segment(d * b, d).setConstant(weight_scale * split.weight(b));
  const auto append_rows = [&](Index rows) {  // zero c and weights
    c_.conservativeResize(c_.size() + rows);
    c_.tail(rows).setZero();
    omega_.conservativeResize(omega_.size() + rows);
    omega_.tail(rows).setZero();
  };
  dissipation_source_ = form.dissipation;
  dissipation_.reset();
  if (!form.dissipation.local.empty()) {
    dissipation_ = std::make_unique<AdmmDissipation>(form.dissipation.local);
    dissipation_->reduction(element_rows_, D);
    append_rows(dissipation_->rows());
    dissipation_->set_weights(form.kappa, weight_scale,
                              omega_.segment(element_rows_, dissipation_->rows()));
  }
  viscous_row0_ = omega_.size();
  viscous_.reset();
  if (!form.dissipation.strain_rate.empty()) {
    viscous_ = std::make_unique<AdmmViscous>(form.dissipation.strain_rate);
    append_rows(viscous_->rows());
    viscous_->reduction(viscous_row0_, D, c_.segment(viscous_row0_, viscous_->rows()));
    viscous_->set_weights(form.kappa, weight_scale,
                          omega_.segment(viscous_row0_, viscous_->rows()));
  }
  contact_row0_ = omega_.size();
  contact_.reset();
  if (form.contact) {
    contact_ = std::make_unique<AdmmContact>(*form.contact);
    contact_->reduction(contact_row0_, D);
    append_rows(3 * contact_->blocks());  // weights set per stage inertia (start)
  }
  D_.resize(omega_.size(), form.anchor->size());
  D_.setFromTriplets(D.begin(), D.end());
  DtOmega_ = D_.transpose() * omega_.asDiagonal();
  // The elements' and dissipation's part of DᵀΩD (the contact weights are
  // still zero here); the contact blocks add their diagonal per stage
  // inertia.
  const SparseMatrix K = DtOmega_ * D_;
  DtOmegaD_.clear();
  for (Index k = 0; k < K.outerSize(); ++k)
    for (SparseMatrix::InnerIterator it(K, k); it; ++it)
      DtOmegaD_.emplace_back(it.row(), it.col(), it.value());
  factors_.clear();
  block_iterations_.assign(static_cast<std::size_t>(split.blocks()), 0);
}

bool Admm::start(const AdmmForm& form, const Vec& y, double weight_scale) {
  form_ = form;
  if (form.split != split_ || form.contact != contact_source_ || weight_scale != weight_scale_ ||
      form.dissipation != dissipation_source_)
    analyze(form, weight_scale);
  if (dissipation_) dissipation_->set_stage(*form.anchor, form.v0, form.kappa);
  if (contact_) {
    contact_->set_stage(*form.anchor, form.v0, form.kappa);
    set_contact_weights(*form.inertia);
  }
  factor_ = factors_.find(*form.inertia);
  if (!factor_) {
    ++factorizations_;
    Triplets A = DtOmegaD_;
    if (contact_) contact_->add_weights(A);
    factor_ = factors_.get(*form.inertia, A);
  }
  if (!factor_) return false;
  s_ = D_ * *form.anchor + c_;
  if (viscous_)
    viscous_->set_stage(s_.segment(viscous_row0_, viscous_->rows()), form.v0, form.v_ref,
                        form.kappa, form.second_order);
  z_ = reduced(y);
  u_.setZero(z_.size());
  rhs0_ = form.inertia->cwiseProduct(*form.y_hat) + form.force;
  return true;
}

void Admm::set_contact_weights(const Vec& inertia) {
  if (!contact_->set_weights(inertia, weight_scale_)) return;
  for (Index k = 0; k < contact_->blocks(); ++k)
    omega_.segment<3>(contact_row0_ + 3 * k).setConstant(contact_->weight(k));
  DtOmega_ = D_.transpose() * omega_.asDiagonal();
}

const Vec& Admm::reduced(const Vec& y) const {
  Dy_.noalias() = D_ * y;
  Dy_ += s_;
  return Dy_;
}

void Admm::global_step(Vec& y) {
  scratch_ = z_ - u_ - s_;
  Vec rhs = rhs0_;
  rhs.noalias() += DtOmega_ * scratch_;
  y = factor_->solve(rhs);
}

long Admm::local_step(const Vec& y) {
  const int d = split_->block_size();
  scratch_ = reduced(y) + u_;  // the local targets t
  z_prev_ = z_;
  using admm_local::Matrix9;
  using admm_local::Vector9;
  for_each_element(split_->blocks(), [&](Index b) {
    int& iterations = block_iterations_[static_cast<std::size_t>(b)];
    if (d == 9) {
      Vector9 z = z_.segment<9>(9 * b);
      const Vector9 t = scratch_.segment<9>(9 * b);
      iterations = admm_local::solve_block<Vector9, Matrix9>(*split_, b, omega_[9 * b], t, z);
      z_.segment<9>(9 * b) = z;
    } else {
      LocalVector z = z_.segment(d * b, d);
      const LocalVector t = scratch_.segment(d * b, d);
      iterations =
          admm_local::solve_block<LocalVector, LocalMatrix>(*split_, b, omega_[d * b], t, z);
      z_.segment(d * b, d) = z;
    }
  });
  long iterations = 0;
  if (dissipation_) {
    const Index rows = dissipation_->rows();
    iterations += dissipation_->local_step(scratch_.segment(element_rows_, rows),
                                           z_.segment(element_rows_, rows));
  }
  if (viscous_) {
    const Index rows = viscous_->rows();
    iterations += viscous_->local_step(scratch_.segment(viscous_row0_, rows),
                                       z_.segment(viscous_row0_, rows));
  }
  if (contact_) {
    const Index rows = z_.size() - contact_row0_;
    contact_->local_step(scratch_.tail(rows), z_.tail(rows));
  }
  for (const int n : block_iterations_) iterations += n;
  return iterations;
}

void Admm::dual_step() { u_ += Dy_ - z_; }  // Dy_: D y + s of local_step

AdmmResiduals Admm::residuals() const {
  // Dy_ holds D y + s of the last local step.
  const Vec sqrt_omega = omega_.cwiseSqrt();
  AdmmResiduals r;
  r.primal = (Dy_ - z_).cwiseProduct(sqrt_omega).norm();
  r.dual = (DtOmega_ * (z_ - z_prev_)).norm();
  r.primal_scale =
      std::max(Dy_.cwiseProduct(sqrt_omega).norm(), z_.cwiseProduct(sqrt_omega).norm());
  r.dual_scale = std::max((DtOmega_ * u_).norm(), rhs0_.norm());
  return r;
}

double Admm::augmented_lagrangian(const Vec& y) const {
  const Vec dy = y - *form_.y_hat;
  double L = 0.5 * dy.dot(form_.inertia->cwiseProduct(dy)) - form_.force.dot(y);
  const int d = split_->block_size();
  for (Index b = 0; b < split_->blocks(); ++b) L += split_->energy(b, z_.segment(d * b, d));
  if (dissipation_) L += dissipation_->energy(z_.segment(element_rows_, dissipation_->rows()));
  if (viscous_) L += viscous_->energy(z_.segment(viscous_row0_, viscous_->rows()));
  const Vec r = reduced(y) - z_ + u_;
  L += 0.5 * r.dot(omega_.cwiseProduct(r)) - 0.5 * u_.dot(omega_.cwiseProduct(u_));
  return L;
}

}  // namespace tibench
