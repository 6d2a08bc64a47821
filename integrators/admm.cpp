#include "integrators/admm.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "problems/fem/element_loop.hpp"

namespace tibench {
namespace {

constexpr int kMaxLocalIterations = 30;

// The Newton step of argmin E_b(z) + ω/2 ‖z − t‖² at z (g, H its gradient
// and Hessian, H = ∇²E_b + ωI): with ∇²E_b's negative eigenvalues clamped
// to zero where H is not positive definite (ω > 0 keeps it invertible;
// `projected` says so).
template <class Vector, class Matrix>
Vector local_newton_step(Matrix& H, const Vector& g, double omega, bool& projected) {
  Eigen::LLT<Matrix> llt(H);
  projected = llt.info() != Eigen::Success;
  if (projected) {
    H.diagonal().array() -= omega;
    Eigen::SelfAdjointEigenSolver<Matrix> eig(H);
    const Vector lambda = eig.eigenvalues().cwiseMax(0.0).array() + omega;
    const Matrix& V = eig.eigenvectors();
    return -(V * (V.transpose() * g).cwiseQuotient(lambda));
  }
  return -llt.solve(g);
}

// Steps (relative to max(1, ‖z‖∞)) up to which a Newton step with a
// positive definite Hessian is taken in full; beyond, or with a projected
// Hessian, an Armijo search decides.
constexpr double kTrustedStep = 0.1;

// Newton for argmin E_b(z) + ω/2 ‖z − t‖² from z (updated). It ends after a
// full step of at most 1e-6 (relative): Newton converges quadratically, so
// the error after it is of order 1e-12. Returns the iterations taken.
// Vector and Matrix: fixed-size types for the common block size (9: the
// small dense factorizations dominate the local step), else the dynamic ones.
template <class Vector, class Matrix>
int solve_block(const ElementSplit& split, Index b, double omega, const Vector& t, Vector& z) {
  LocalVector z_local, g_local;
  LocalMatrix H_local;
  const auto objective = [&](const Vector& x) {
    z_local = x;
    return split.energy(b, z_local) + 0.5 * omega * (x - t).squaredNorm();
  };
  Vector g, dz, trial;
  Matrix H;
  for (int it = 1; it <= kMaxLocalIterations; ++it) {
    z_local = z;
    split.derivatives(b, z_local, g_local, H_local);
    g = g_local;
    H = H_local;
    g.noalias() += omega * (z - t);
    H.diagonal().array() += omega;
    bool projected = false;
    dz = local_newton_step(H, g, omega, projected);
    const double scale = std::max(1.0, z.template lpNorm<Eigen::Infinity>());
    const double step = dz.template lpNorm<Eigen::Infinity>();
    const double phi = projected || step > kTrustedStep * scale ? objective(z) : 0.0;
    const double slope = g.dot(dz);
    if (!projected && step <= kTrustedStep * scale) {
      z += dz;
      if (step <= 1e-6 * scale) return it;
      continue;
    }
    if (-slope <= 1e-12 * std::abs(phi)) {
      z += dz;  // a decrease below the rounding of Φ: a search cannot judge it
      continue;
    }
    for (double alpha = 1.0;; alpha *= 0.5) {
      trial = z + alpha * dz;
      if (objective(trial) <= phi + 1e-4 * alpha * slope || alpha < 1e-8) {
        z = trial;
        break;
      }
    }
  }
  return kMaxLocalIterations;
}

}  // namespace

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
  if (!form.dissipation.empty()) {
    dissipation_ = std::make_unique<AdmmDissipation>(form.dissipation);
    dissipation_->reduction(element_rows_, D);
    append_rows(dissipation_->rows());
    dissipation_->set_weights(form.kappa, weight_scale,
                              omega_.segment(element_rows_, dissipation_->rows()));
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
  // still zero here);
  // the contact blocks add their diagonal per stage inertia.
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
  using Vector9 = Eigen::Matrix<double, 9, 1>;
  using Matrix9 = Eigen::Matrix<double, 9, 9>;
  for_each_element(split_->blocks(), [&](Index b) {
    int& iterations = block_iterations_[static_cast<std::size_t>(b)];
    if (d == 9) {
      Vector9 z = z_.segment<9>(9 * b);
      const Vector9 t = scratch_.segment<9>(9 * b);
      iterations = solve_block<Vector9, Matrix9>(*split_, b, omega_[9 * b], t, z);
      z_.segment<9>(9 * b) = z;
    } else {
      LocalVector z = z_.segment(d * b, d);
      const LocalVector t = scratch_.segment(d * b, d);
      iterations = solve_block<LocalVector, LocalMatrix>(*split_, b, omega_[d * b], t, z);
      z_.segment(d * b, d) = z;
    }
  });
  long iterations = 0;
  if (dissipation_) {
    const Index rows = dissipation_->rows();
    iterations += dissipation_->local_step(scratch_.segment(element_rows_, rows),
                                           z_.segment(element_rows_, rows));
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
  const Vec r = reduced(y) - z_ + u_;
  L += 0.5 * r.dot(omega_.cwiseProduct(r)) - 0.5 * u_.dot(omega_.cwiseProduct(u_));
  return L;
}

}  // namespace tibench
