// The contact blocks of ADMM (solvers/projective/admm.hpp): non-penetration of
// static obstacles (Overby et al. 2017 §6, collisions as constraints of the
// local step) and implicit Coulomb friction (Brown et al. 2018 §5.3), one
// block per contact vertex, z_v ∈ R³ tied to the vertex's position:
//
//   z_v ← argmin I(φ(z) ≥ 0) + μ f_n ‖P_t (z − a_v)‖ + ω_v/2 ‖z − t_v‖²,
//
// with a_v the position at which the vertex's stage velocity V = v_0 + y/κ
// vanishes (x_a − κ v_0: κ R(V) = μ f_n ‖P_t(z − a_v)‖ is the frictional
// dissipation function κ μ f_n ‖v_t‖ of their Eq. 59), and n the
// obstacle's normal. Solved in closed form for the 1-Lipschitz level sets of
// problems/contact/level_set.hpp: project t onto {φ ≥ 0} along ∇φ (exact
// for half-spaces), then shrink the tangential part of z − a_v by μ f_n/ω_v
// (the proximal map of the norm: sticking when the tangential pull is below
// μ f_n, sliding against it otherwise).
//
// Normal forces: "recomputed after each global step, and the updated values
// are used for all friction computations in the subsequent local step"
// (Brown §5.3): f = ω_v (z_v − x_v − u_v), the force the block exerts on
// the vertex, and f_n = max(0, f·n). (As Brown et al. note, the objective
// then changes between iterations: ADMM no longer minimizes one function.)
//
// Weights: ω_v = m_v/τ², the vertex's entry of the stage inertia W: the
// contact block then weighs as much as the inertia that resists it. (Our
// choice: neither paper gives one. The elastic blocks' stiffness at the
// vertex, 10 to 100 times larger on the box-slide scene, slows the normal
// and friction forces' build-up so much that 10 iterations give a fifth of
// the friction; measurements in docs/solvers.md.)
#pragma once

#include <vector>

#include "problems/contact/obstacle_contact.hpp"

namespace tibench {

class AdmmContact {
 public:
  explicit AdmmContact(const ObstacleContact& contact);

  Index blocks() const { return static_cast<Index>(dofs_.size()); }
  // Appends the selection rows (row0 + 3k … for vertex k) of D.
  void reduction(Index row0, Triplets& D) const;
  double weight(Index k) const { return weights_[static_cast<std::size_t>(k)]; }
  // For a stage: the zero-velocity positions a_v = x_a − κ v_0.
  void set_stage(const Vec& anchor, const Vec* v0, double kappa);
  // The weights for a stage inertia W (times scale); whether they changed.
  bool set_weights(const Vec& inertia, double scale);
  // Appends the blocks' part of DᵀΩD: the weights on their dofs' diagonal.
  void add_weights(Triplets& out) const;
  // z ← the blocks' local step for targets t (= D y + s + u) and forces
  // from the previous z; all three hold the contact rows only.
  void local_step(const Eigen::Ref<const Vec>& t, Eigen::Ref<Vec> z) const;

 private:
  const ObstacleContact& contact_;
  std::vector<Index> dofs_;
  std::vector<double> weights_;
  Vec rest_;  // a_v, three per vertex
};

}  // namespace tibench
