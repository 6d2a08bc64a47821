// The incremental potential of one implicit position stage (Gast & Schroeder
// 2014 §3; Brown et al. 2018 §4), in increment coordinates y = x − x_a:
//
//   Φ(y) = 1/(2τ²) ‖y − ŷ‖²_M + P(x_a + y) − f_ext(t)·(x_a + y) + κ R(V(y)),
//   V(y) = v_0 + y/κ,
//
// whose stationarity condition
//   M (y − ŷ)/τ² = f_ext − ∇P(x_a + y) − ∇_v R(V(y))
// is the stage equation of
//   a DIRK stage:        τ = κ = h a_ii, x_a = q̃, ŷ = τ ṽ;
//   a partitioned stage: τ² = h² a_ii â_ii, κ = h a_ii, x_a = q̃, ŷ = κ ṽ;
//   BDF2:                τ = κ = 2h/3, x_a = (4q_n − q_{n−1})/3, ŷ = τ v̄;
//   Newmark(β, γ):       τ² = βh², κ = βh/γ, x_a = the predictor, ŷ = 0,
//                        v_0 = the velocity predictor
// (v_0 = 0 unless stated).
//
// Why increments: the stage velocity is V = y/κ. Solving for absolute
// positions x and forming (x − x_a)/κ loses ε|x|/κ to cancellation, which at
// small steps swamps the discretization error (observed orders collapse near
// h ~ 1e-5); y carries its own relative precision instead.
//
// Dissipation term (Brown et al. 2018 §4–5). `exact` uses κ R(V) with the
// q-argument frozen at the iterate, which is the exact stage equation only
// for R independent of q (or lagged by the problem in begin_step); it
// rejects q-dependent R. For q-dependent R the optimization schemes of Brown
// et al. are available:
//   first_order   κ R(x, V(y))                  (their Eq. 19b; the force picks
//                 up an O(h) term κ ∇_q R, a first-order error)
//   second_order  κ (R(x, V(y)) − R(x, v_ref))   (their Eqs. 26/30; O(h²) term)
// Their Hessians omit κ ∇_qq R (not provided by problems): Newton then
// converges linearly near the solution, which the line search tolerates.
//
// Contact (problems with obstacles, problems/contact/obstacle_contact.hpp):
// penalty and IPC contact are part of P; constraint contact makes this
// objective a constrained one (solvers/nonlinear/contact_projection.hpp: the
// solver projects, the active set is relabelled every iteration, gradient
// and Hessian are those of the projected objective). After a stage solve,
// apply_friction applies Coulomb friction to the stage velocity with the
// contact forces of the solution (Gast & Schroeder 2014 §5.1–5.2).
#pragma once

#include <limits>
#include <optional>

#include "solvers/nonlinear/contact_projection.hpp"
#include "solvers/nonlinear/objective.hpp"

namespace tibench {

enum class DissipationTerm { exact, first_order, second_order };

class IncrementalPotential final : public StageObjective {
 public:
  explicit IncrementalPotential(const Problem& p, DissipationTerm term = DissipationTerm::exact);

  // Sets the stage: anchor x_a, inertial target ŷ (an increment), τ, κ, time t.
  void set_stage(const Vec& x_anchor, const Vec& y_hat, double tau, double kappa, double t);
  // The velocity offset v_0 of V(y) = v_0 + y/κ (zero after set_stage).
  void set_velocity_offset(const Vec& v0) {
    v0_ = v0;
    v0_is_zero_ = false;
  }
  // V(y) = v_0 + y/κ.
  const Vec& velocity(const Vec& y) const;
  // v_ref of the second-order dissipation term (the velocity at the start of
  // the step, Brown et al. Eq. 26).
  void set_reference_velocity(const Vec& v_ref) { v_ref_ = v_ref; }
  // Gast & Schroeder's explicit candidate ŷ + τ² M⁻¹ (f_ext − ∇P(x_a)).
  bool explicit_candidate(Vec& y) const override;
  // A position known to be feasible (the state the step starts from); the
  // anchor after set_stage. Anchors of later stages or of multistep rules
  // are extrapolations that can cross a barrier; q_n cannot.
  void set_safe_position(const Vec& q) {
    if (p_.has_feasibility_limit()) safe_ = q;
  }
  bool feasible_start(Vec& y) const override;
  double max_step(const Vec& y, const Vec& dy) const override {
    // (Without a feasibility limit the problem's bound is ∞: Problem's contract.)
    if (!p_.has_feasibility_limit()) return std::numeric_limits<double>::infinity();
    return p_.max_feasible_step(position(y), dy);
  }

  Index size() const override { return p_.dofs(); }
  double value(const Vec& y) const override;
  void gradient(const Vec& y, Vec& g) const override;
  void hessian(const Vec& y, bool project_psd, Triplets& out) const override;
  bool hessian_values(const Vec& y, bool project_psd, std::vector<double>& values) const override;
  bool appended_positions(std::size_t& first, std::vector<Index>& rows,
                          std::vector<Index>& cols) const override;
  const Vec& inertia() const override { return inertia_; }
  double residual_noise(const Vec& y) const override;
  NoiseBounds residual_noise_bounds(const Vec& y) const override;
  double residual_noise_upper(const Vec& y) const override;
  // With one weight w > 0 for every coordinate (equal masses), max_i |g_i| / w
  // is (max_i |g_i|) / w exactly: a correctly rounded division by w > 0 is
  // monotone. One division instead of one per entry.
  double residual(const Vec& g) const override;
  std::uint64_t inertia_stamp() const override { return inertia_stamp_; }
  double scale(const Vec& y) const override;
  // Constant when ∇²P is and there is no dissipation (whose Hessian may be
  // lagged per step) and no contact constraint (whose active set changes it).
  bool hessian_is_constant() const override {
    return p_.hessian_is_constant() && !p_.dissipation() && !constraints_;
  }
  // The problem's projective form, when nothing else enters Φ: no
  // dissipation, no contact constraints, no barrier.
  bool projective_laplacian(Triplets& out) const override {
    const ProjectiveForm* form = p_.projective_form();
    if (constraints_ || p_.dissipation() || p_.has_feasibility_limit() || !form) return false;
    form->add_laplacian(out);
    return true;
  }
  // The problem's element split, with constraint contact against static
  // obstacles as ADMM's contact blocks. Handing those to the solver moves
  // friction into it: apply_friction does nothing until the next set_stage.
  bool admm_form(AdmmForm& out) const override;
  bool constrained() const override { return constraints_.has_value(); }
  void project(Vec& y) const override {
    if (constraints_) constraints_->project(x_anchor_, y);
  }
  void update_active_set(const Vec& y, Vec& g) const override;
  int active_constraints() const override {
    return constraints_ ? constraints_->active_count() : -1;
  }
  long active_set_version() const override {
    return constraints_ ? constraints_->active_set_version() : 0;
  }
  // Coulomb friction on the stage velocity V after the solve that ended at
  // y (contact force acting over κ); false if nothing was applied.
  bool apply_friction(const Vec& y, Vec& V) const;
  // The contact constraints' projection (active pairs, their forces λ) of
  // constraint contact; null for the other contact models.
  const ContactProjection* contact_projection() const {
    return constraints_ ? &*constraints_ : nullptr;
  }
  // A reused constant Hessian is the one abs_values_ was taken from.
  void hessian_reused() const override { hessian_abs_valid_ = true; }

  const Problem& problem() const { return p_; }
  double tau() const { return tau_; }
  double kappa() const { return kappa_; }
  const Vec& anchor() const { return x_anchor_; }
  const Vec& y_hat() const { return y_hat_; }

 private:
  const Vec& position(const Vec& y) const;  // x_a + y, in a scratch vector
  // |y|∞ + |ŷ|∞ + the force magnitude: the terms of residual_noise other
  // than the Hessian's, shared with its bounds.
  double noise_magnitude(const Vec& y) const;
  // |∇²P| at the last hessian()'s positions from the values `raw`, with the
  // sums residual_noise_bounds needs (marks them valid).
  void record_magnitudes(const double* raw) const;
  // max_i (entries in row i) / w_i.
  double count_bound() const;
  bool values_path_applies() const;

  const Problem& p_;
  DissipationTerm term_;
  Vec x_anchor_, y_hat_, f_ext_, inertia_, v0_, v_ref_, safe_;
  Vec inverse_inertia_;              // 1/w_i, for the noise estimates' magnitudes
  bool uniform_inertia_ = false;     // every w_i the same, and > 0
  std::uint64_t inertia_stamp_ = 0;  // renewed with every change of inertia_
  double tau_ = 0.0, kappa_ = 0.0, t_ = 0.0;
  bool v0_is_zero_ = false;                  // v0_ is all zeros (skips clearing it again)
  mutable bool friction_in_solver_ = false;  // admm_form handed friction to the solver
  // Rounding estimates for residual_noise: the magnitude of the force terms
  // (from the last gradient, in position units) and |∇²P| entry by entry
  // (from the last Hessian).
  mutable double force_magnitude_ = 0.0;
  // ‖W⁻¹ f_ext‖_∞ and ‖ŷ‖_∞, fixed within a stage (set_stage).
  double external_magnitude_ = 0.0, target_magnitude_ = 0.0;
  // |∇²P| entry by entry: the positions and magnitudes of the last
  // Hessian's entries.
  mutable std::vector<SparseMatrix::StorageIndex> abs_rows_, abs_cols_;
  mutable std::vector<double> abs_values_;
  // The indices k of abs_rows_ with abs_rows_[k] == abs_cols_[k], ascending,
  // their rows and (record_magnitudes' scratch) their magnitudes.
  mutable std::vector<std::size_t> abs_diagonal_entries_;
  mutable std::vector<SparseMatrix::StorageIndex> abs_diagonal_rows_;
  mutable std::vector<double> diagonal_magnitudes_;
  // Σ_j |∇²P_ij| and Σ |∇²P_ii| (over the entries of the last Hessian), and
  // the maximum of the first over rows divided by the inertia of this stage
  // (NaN until residual_noise_upper needs it): the Hessian terms of
  // residual_noise_upper and of residual_noise_bounds' lower bound.
  mutable Vec hessian_abs_row_sums_, hessian_abs_diagonal_;
  mutable double hessian_row_bound_ = std::numeric_limits<double>::quiet_NaN();
  // The row sums belong to the last Hessian (else residual_noise_upper
  // recomputes them).
  mutable bool row_sums_current_ = false;
  // max_k |∇²P_k| of the last Hessian (hessian_values()); entries per row of
  // the positions (current once counted after hessian()) and max_i (entries
  // in row i) / w_i (NaN until a bound needs it): the upper bound of
  // residual_noise_bounds without row sums.
  mutable double hessian_abs_max_ = 0.0;
  mutable std::vector<double> block_max_;  // record_magnitudes' per block
  mutable Vec row_counts_;
  mutable bool row_counts_current_ = false;
  mutable double count_bound_ = std::numeric_limits<double>::quiet_NaN();
  // False from set_stage until the first Hessian of the stage (assembled or
  // reused): an estimate from another stage's position is not used.
  mutable bool hessian_abs_valid_ = false;
  // abs_rows_, abs_cols_ hold the positions of a hessian() call whose triplets
  // were the inertia, the contact zero blocks and ∇²P alone, transformed by
  // the active set (hessian_values() may then be used).
  mutable bool positions_known_ = false;
  mutable Vec x_, scratch_, velocity_, gq_, abs_x_;
  // Contact constraints: the projection and the unconstrained gradient of
  // the last gradient() call (for relabelling the active set).
  mutable std::optional<ContactProjection> constraints_;
  mutable Vec unconstrained_g_, unconstrained_at_;
  mutable std::vector<ContactForce> forces_;
};

}  // namespace tibench
