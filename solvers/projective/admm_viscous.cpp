#include "solvers/projective/admm_viscous.hpp"

#include "problems/fem/elastic_split.hpp"
#include "problems/fem/element_loop.hpp"
#include "solvers/projective/admm_local_newton.hpp"

namespace tibench {

ViscousSplit::ViscousSplit(const StrainRateDamping& model)
    : model_(model),
      blocks_(model.geometry().elements() * model.geometry().quadrature_points()),
      points_(model.geometry().quadrature_points()) {}

void ViscousSplit::reduction(Triplets& D, Vec& c) const {
  deformation_gradient_rows(model_.geometry(), D, c);
}

double ViscousSplit::block_weight(Index b) const {
  return model_.geometry().weight(b / points_, static_cast<int>(b % points_));
}

double ViscousSplit::weight(Index b) const { return block_weight(b) * model_.rate_stiffness(); }

void ViscousSplit::set_stage(Vec a, Vec fdot_ref, double kappa, bool second_order) {
  a_ = std::move(a);
  fdot_ref_ = std::move(fdot_ref);
  kappa_ = kappa;
  second_order_ = second_order;
}

double ViscousSplit::energy(Index b, const LocalVector& z) const {
  const Eigen::Map<const Mat3> F(z.data());
  const Mat3 Fdot = (F - Eigen::Map<const Mat3>(a_.data() + 9 * b)) / kappa_;
  double r = model_.density(F, Fdot);
  if (second_order_) r -= model_.density(F, Eigen::Map<const Mat3>(fdot_ref_.data() + 9 * b));
  return kappa_ * block_weight(b) * r;
}

void ViscousSplit::derivatives(Index b, const LocalVector& z, LocalVector& g,
                               LocalMatrix& H) const {
  const double w = block_weight(b), kappa = kappa_;
  const Eigen::Map<const Mat3> F(z.data());
  const Mat3 Fdot = (F - Eigen::Map<const Mat3>(a_.data() + 9 * b)) / kappa;
  const Mat3 ref =
      second_order_ ? Mat3(Eigen::Map<const Mat3>(fdot_ref_.data() + 9 * b)) : Mat3::Zero();
  const Mat3 S = model_.viscous_stress_factor(F, Fdot);
  const Mat3 S_ref = model_.viscous_stress_factor(F, ref);
  const Mat3 grad = w * (kappa * Fdot * S + F * S - kappa * ref * S_ref);
  g = Eigen::Map<const admm_local::Vector9>(grad.data());
  const Mat3 lever = kappa * Fdot + F;
  const Mat9 D = matrix_of([&](const Mat3& dz) {
    const Mat3 dS =
        model_.viscous_stress_factor(dz, Fdot) + model_.viscous_stress_factor(F, dz) / kappa;
    return Mat3(w *
                (2.0 * dz * S + lever * dS - kappa * ref * model_.viscous_stress_factor(dz, ref)));
  });
  H = 0.5 * (D + D.transpose());
}

AdmmViscous::AdmmViscous(const std::vector<const StrainRateDamping*>& models) {
  for (const StrainRateDamping* m : models) {
    if (!(m->rate_stiffness() > 0.0)) continue;  // ψ = φ = 0: no damping
    Part part;
    part.split = std::make_unique<ViscousSplit>(*m);
    Triplets t;
    part.split->reduction(t, part.c);
    part.D.resize(9 * part.split->blocks(), m->geometry().dofs());
    part.D.setFromTriplets(t.begin(), t.end());
    part.row = rows_;
    rows_ += part.D.rows();
    parts_.push_back(std::move(part));
  }
  iterations_.assign(static_cast<std::size_t>(rows_ / 9), 0);
  omega_.assign(static_cast<std::size_t>(rows_ / 9), 0.0);
}

void AdmmViscous::reduction(Index row0, Triplets& D, Eigen::Ref<Vec> c) const {
  for (const Part& part : parts_) {
    for (Index k = 0; k < part.D.outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(part.D, k); it; ++it)
        D.emplace_back(row0 + part.row + it.row(), it.col(), it.value());
    c.segment(part.row, part.c.size()) = part.c;
  }
}

void AdmmViscous::set_weights(double kappa, double scale, Eigen::Ref<Vec> omega) {
  std::size_t k = 0;
  for (const Part& part : parts_)
    for (Index b = 0; b < part.split->blocks(); ++b, ++k) {
      omega_[k] = scale * part.split->weight(b) / kappa;
      omega.segment<9>(part.row + 9 * b).setConstant(omega_[k]);
    }
}

void AdmmViscous::set_stage(const Eigen::Ref<const Vec>& s, const Vec* v0, const Vec* v_ref,
                            double kappa, bool second_order) {
  for (Part& part : parts_) {
    Vec a = s.segment(part.row, part.D.rows());
    if (v0) a -= kappa * (part.D * *v0);
    Vec fdot_ref = second_order && v_ref ? Vec(part.D * *v_ref) : Vec::Zero(part.D.rows());
    part.split->set_stage(std::move(a), std::move(fdot_ref), kappa, second_order);
  }
}

long AdmmViscous::local_step(const Eigen::Ref<const Vec>& t, Eigen::Ref<Vec> z) {
  std::size_t first = 0;
  for (const Part& part : parts_) {
    for_each_element(part.split->blocks(), [&](Index b) {
      const std::size_t k = first + static_cast<std::size_t>(b);
      admm_local::Vector9 zb = z.segment<9>(part.row + 9 * b);
      const admm_local::Vector9 tb = t.segment<9>(part.row + 9 * b);
      iterations_[k] = admm_local::solve_block<admm_local::Vector9, admm_local::Matrix9>(
          *part.split, b, omega_[k], tb, zb);
      z.segment<9>(part.row + 9 * b) = zb;
    });
    first += static_cast<std::size_t>(part.split->blocks());
  }
  long total = 0;
  for (const int n : iterations_) total += n;
  return total;
}

double AdmmViscous::energy(const Eigen::Ref<const Vec>& z) const {
  double sum = 0.0;
  for (const Part& part : parts_)
    for (Index b = 0; b < part.split->blocks(); ++b)
      sum += part.split->energy(b, z.segment<9>(part.row + 9 * b));
  return sum;
}

}  // namespace tibench
