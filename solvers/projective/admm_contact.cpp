#include "solvers/projective/admm_contact.hpp"

#include <algorithm>
#include <limits>

namespace tibench {
namespace {

// The obstacle nearest to x (smallest φ) and its value there.
LevelSetValue nearest(const ObstacleContact& contact, const Vector3& x) {
  LevelSetValue best;
  best.phi = std::numeric_limits<double>::infinity();
  for (const Obstacle& o : contact.obstacles()) {
    const LevelSetValue v = o.evaluate(x, contact.time());
    if (v.phi < best.phi) best = v;
  }
  return best;
}

}  // namespace

AdmmContact::AdmmContact(const ObstacleContact& contact)
    : contact_(contact), dofs_(contact.vertex_dofs()), weights_(dofs_.size(), 0.0) {}

bool AdmmContact::set_weights(const Vec& inertia, double scale) {
  bool changed = false;
  for (std::size_t k = 0; k < dofs_.size(); ++k) {
    const double w = scale * inertia[dofs_[k]];
    changed = changed || w != weights_[k];
    weights_[k] = w;
  }
  return changed;
}

void AdmmContact::reduction(Index row0, Triplets& D) const {
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (int i = 0; i < 3; ++i)
      D.emplace_back(row0 + 3 * static_cast<Index>(k) + i, dofs_[k] + i, 1.0);
}

void AdmmContact::add_weights(Triplets& out) const {
  for (std::size_t k = 0; k < dofs_.size(); ++k)
    for (int i = 0; i < 3; ++i) out.emplace_back(dofs_[k] + i, dofs_[k] + i, weights_[k]);
}

void AdmmContact::set_stage(const Vec& anchor, const Vec* v0, double kappa) {
  rest_.resize(3 * blocks());
  for (std::size_t k = 0; k < dofs_.size(); ++k) {
    Vector3 a = anchor.segment<3>(dofs_[k]);
    if (v0) a -= kappa * v0->segment<3>(dofs_[k]);
    rest_.segment<3>(3 * static_cast<Index>(k)) = a;
  }
}

void AdmmContact::local_step(const Eigen::Ref<const Vec>& t, Eigen::Ref<Vec> z) const {
  const double mu = contact_.params().mu;
  for (Index k = 0; k < blocks(); ++k) {
    const double omega = weights_[static_cast<std::size_t>(k)];
    const Vector3 target = t.segment<3>(3 * k);
    // The normal force of the block after the global step (Brown §5.3).
    const Vector3 force = omega * (z.segment<3>(3 * k) - target);
    Vector3 x = target;
    LevelSetValue ls = nearest(contact_, x);
    for (int it = 0; it < 4 && ls.phi < 0.0; ++it) {
      x -= ls.phi * ls.grad;  // onto φ = 0 (one step for half-spaces)
      ls = nearest(contact_, x);
    }
    const double normal_force = std::max(0.0, force.dot(ls.grad));
    if (mu > 0.0 && normal_force > 0.0) {
      const Vector3 a = rest_.segment<3>(3 * k);
      const Vector3 d = x - a;
      const Vector3 tangential = d - d.dot(ls.grad) * ls.grad;
      const double slip = tangential.norm();
      const double keep =
          slip > 0.0 ? std::max(0.0, 1.0 - mu * normal_force / (omega * slip)) : 0.0;
      x -= (1.0 - keep) * tangential;
    }
    z.segment<3>(3 * k) = x;
  }
}

}  // namespace tibench
