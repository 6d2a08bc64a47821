// Contact constraints φ_b(x_p) ≥ 0 inside the minimization of an implicit
// stage, by gradient projection (Gast & Schroeder 2014 §3.2, §5.1):
//
//   P(x)        every pair (b, p) that is violated, or active and off the
//               surface by more than `touch_tolerance`, moves its vertex to
//               the closest point of the obstacle's surface,
//               x_p ← x_p − φ_b(x_p) ∇φ_b(x_p); the initial guess and every
//               trial point are projected, so the line search follows
//               curved paths around the obstacles (their Fig. 5). An active
//               vertex within the tolerance stays put: pulling it back to
//               φ = 0 would undo a Newton step at a contact whose multiplier
//               is zero (a body just touching), and the active set would
//               then cycle between neighbouring vertices without converging;
//   active set  at the start of every Newton iteration (x feasible), a pair
//               is active for that iteration when it touches (φ within
//               `touch_tolerance` of 0) and the unconstrained gradient
//               pushes it inwards: its multiplier λ ≥ 0 in ∇E' = Σ λ ∇φ over
//               the vertex's touching pairs (λ = ∇E'·∇φ for one pair or
//               orthogonal normals; a nonnegative least-squares fit for a
//               vertex in a wedge); every other pair is inactive and may
//               separate;
//   E(x)        = E'(P(x)). At a feasible x its gradient is J ∇E', J the
//               projector onto the tangent space of each vertex's active
//               normals, and the solver's matrix is
//                 J (∇²E' − Σ λ ∇²φ) J + Σ w_p n nᵀ,
//               the Hessian of the Lagrangian on the tangent space (only
//               second derivatives of φ are needed, as §3.2.0.2 notes) plus
//               the inertia weight on the normals, so that it is
//               nonsingular and the Newton step has no normal component.
//               With project_psd the curvature term is clamped to PSD.
//
// λ are the contact normal forces (units of ∇E'), kept for friction after
// the solve and counted for the step report.
//
// Requirements on the objective's Hessian pattern: the 3 × 3 blocks of a
// contact vertex's rows and columns are full wherever they are nonzero (true
// of finite-element Hessians); the caller appends full zero diagonal blocks
// for every contact vertex (zero_diagonal_blocks), so that the compressed
// pattern does not change with the active set.
#pragma once

#include <vector>

#include "problems/contact/obstacle_contact.hpp"
#include "problems/problem.hpp"

namespace tibench {

class ContactProjection {
 public:
  ContactProjection(const ObstacleContact& contact, Index dofs);

  // Positions are anchor + y (the stage objectives solve for increments y;
  // only the contact vertices' entries of y are rewritten, so the others
  // keep their bits).
  // y ← P(anchor + y) − anchor.
  void project(const Vec& anchor, Vec& y) const;
  // Relabels the pairs at the feasible anchor + y from the unconstrained
  // gradient g'.
  void update_active_set(const Vec& anchor, const Vec& y, const Vec& unconstrained_gradient);
  void clear_active_set();
  // g ← J g.
  void project_gradient(Vec& g) const;
  // Appends zero 3 × 3 diagonal blocks for every contact vertex.
  void zero_diagonal_blocks(Triplets& out) const;
  // Rewrites the triplets [first, end) as J H J and appends the normal and
  // curvature blocks of the active vertices (see the header comment). The
  // triplets that touch an active vertex stay where they are with the value
  // −0.0, and their transforms are appended.
  void transform_hessian(Triplets& t, std::size_t first, const Vec& inertia,
                         bool project_psd) const;
  // transform_hessian's values without its positions: values[first, end)
  // hold the values of the triplets [first, end) of its last call (same
  // positions, same order, the same count); they become the values of its
  // output for the current active set, in its order: the triplets
  // [first, end) keep their positions, and appended_positions() gives those
  // of the appended ones (the last call's, unless the active set changed).
  // False, values untouched, before any transform_hessian call or when the
  // count changed since.
  bool transform_values(std::vector<double>& values, std::size_t first, const Vec& inertia,
                        bool project_psd) const;
  // The positions of the triplets the last transform_values call appended,
  // in its order, and where they start (after the transformed ones,
  // counted from that call's `first`).
  void appended_positions(std::size_t& start, std::vector<Index>& rows,
                          std::vector<Index>& cols) const;
  // The triplets zero_diagonal_blocks appends.
  std::size_t zero_block_count() const { return 9 * contact_.vertex_dofs().size(); }

  int active_count() const { return active_pairs_; }
  // Changes whenever the set of active pairs changes (a factor of the
  // transformed Hessian stays valid only while it does not).
  long active_set_version() const { return version_; }
  // The active pairs' normal forces λ (for friction).
  void active_forces(std::vector<ContactForce>& out) const;

 private:
  struct ActivePair {
    int obstacle;
    Vector3 normal;
    Matrix3 hess;
    double lambda;
  };
  struct Vertex {
    std::vector<ActivePair> active;
    Matrix3 J = Matrix3::Identity();  // tangent projector
    Matrix3 N = Matrix3::Zero();      // projector onto the active normals
  };
  // Whether the active set is the one of the last transform, so that its
  // output has the same positions.
  bool values_current() const { return transformed_version_ == version_; }
  double touch_tolerance(const Vector3& x) const;
  bool touches_active(Index row, Index col) const;
  template <class Emit>
  void expand(Index row, Index col, double value, const Emit& emit) const;
  template <class Emit>
  void active_blocks(const Vec& inertia, bool project_psd, const Emit& emit) const;

  const ObstacleContact& contact_;
  std::vector<Vertex> vertices_;    // per contact vertex
  std::vector<int> vertex_of_dof_;  // contact vertex of a dof's node if active, else −1
  std::vector<bool> is_contact_dof_;
  int active_pairs_ = 0;
  long version_ = 0;
  std::vector<long> signature_;  // (vertex, obstacle) of the active pairs, for version_
  mutable Triplets expanded_;
  // The last transform_hessian call: its active set (or transform_values'),
  // the count of the triplets it transformed, in order those that touch a
  // contact vertex (candidates) and those that touch an active one.
  struct Touched {
    std::size_t index;  // from `first`
    Index row, col;
  };
  mutable long transformed_version_ = -1;
  mutable std::size_t transformed_count_ = 0;
  mutable std::vector<Touched> candidates_, touched_;
  mutable std::vector<double> expanded_values_;
};

}  // namespace tibench
