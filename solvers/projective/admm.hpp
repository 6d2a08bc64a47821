// ADMM for one implicit stage whose potential has an element split
// (problems/element_split.hpp): Overby, Brown, Li, Narain 2017, "ADMM ⊇
// Projective Dynamics" (IEEE TVCG 23(10)); Brown et al. 2018 §3.3, Eqs.
// 14–17, written for the stage objectives of every engine
// (solvers/nonlinear/objective.hpp), in increments y = x − x_a:
//
//   Φ(y) = ½ (y − ŷ)ᵀ W (y − ŷ) − f·y + Σ_b E_b(D_b y + s_b),  s = D x_a + c,
//
// with z = D y + s a variable of its own and the scaled dual u:
//
//   global (16a)  y ← argmin ½‖y − ŷ‖²_W − f·y + ½ Σ ω_b ‖D_b y + s_b − z_b + u_b‖²
//                   = (W + DᵀΩD)⁻¹ (W ŷ + f + DᵀΩ(z − u − s)),
//                 a prefactored sparse Cholesky solve (Ω = diag(ω_b), the
//                 squared weights; one factor per stage inertia W);
//   local  (17)   z_b ← argmin E_b(z) + ω_b/2 ‖D_b y + s_b + u_b − z‖²,
//                 a d-dimensional Newton solve per block (warm-started at
//                 the previous z_b; PSD-projected Hessian and backtracking
//                 where E_b is not convex), blocks in parallel;
//   dual   (16c)  u ← u + D y + s − z.
// Dissipation given as local quadratic forms adds one block per form after
// the split's (solvers/projective/admm_dissipation.hpp: Rayleigh and power-law
// damping in the local step), strain-rate damping one block per quadrature
// point after those (solvers/projective/admm_viscous.hpp), and constraint contact
// one block per contact vertex last (solvers/projective/admm_contact.hpp:
// non-penetration and implicit Coulomb friction in the local step).
//
// Start (Brown et al. after Eq. 16): y = the engine's initial guess (x̃ for
// backward Euler), z = D y + s, u = 0. Residuals (Boyd et al. 2011 §3.3,
// scaled form): primal r = Ω^½(D y + s − z), dual d = DᵀΩ(z − z_prev);
// converged when ‖r‖ ≤ ε max(‖Ω^½(D y + s)‖, ‖Ω^½ z‖) and ‖d‖ ≤ ε
// max(‖DᵀΩu‖, ‖W ŷ + f‖) (the relative tests of Boyd's Eq. 3.12; the
// right-hand side of the global equation bounds the dual test away from
// zero when u is).
//
// The augmented Lagrangian L(y, z, u) = Φ_split(y, z) + ½‖Ω^½(D y + s − z
// + u)‖² − ½‖Ω^½u‖² does not increase in the global and local steps (each
// minimizes it in its variable; the local one to Newton's tolerance); the
// dual step raises it by ‖Ω^½ r‖².
#pragma once

#include <vector>

#include <memory>

#include "problems/element_split.hpp"
#include "solvers/linear/inertia_factors.hpp"
#include "solvers/projective/admm_contact.hpp"
#include "solvers/projective/admm_dissipation.hpp"
#include "solvers/projective/admm_viscous.hpp"

namespace tibench {

// What a stage objective gives ADMM (StageObjective::admm_form).
struct AdmmForm {
  const ElementSplit* split = nullptr;
  const Vec* anchor = nullptr;   // x_a
  const Vec* y_hat = nullptr;    // ŷ
  const Vec* inertia = nullptr;  // W
  Vec force;                     // f: the external force and the split's linear force
  // Constraint contact against static obstacles: vertex blocks with
  // implicit friction (solvers/projective/admm_contact.hpp); null without.
  const ObstacleContact* contact = nullptr;
  // The problem's dissipation in ADMM's pieces (empty: none), and for
  // q-dependent pieces the dissipation term: κ R(x, V), or with
  // second_order κ (R(x, V) − R(x, v_ref)) (Brown et al. Eqs. 19b, 26).
  SplitDissipation dissipation;
  const Vec* v_ref = nullptr;
  bool second_order = false;
  const Vec* v0 = nullptr;  // V(y) = v_0 + y/κ (null: v_0 = 0)
  double kappa = 0.0;
};

struct AdmmResiduals {
  double primal = 0.0, dual = 0.0;              // ‖r‖, ‖d‖
  double primal_scale = 0.0, dual_scale = 0.0;  // the norms their tolerances scale
  bool below(double tolerance) const {
    return primal <= tolerance * primal_scale && dual <= tolerance * dual_scale;
  }
};

class Admm {
 public:
  // Prepares the iteration at y for a stage (analyzes the split once per
  // split: D, c, the weights; factorizes the global matrix once per stage
  // inertia); false if the global matrix is not positive definite.
  // weight_scale multiplies every weight.
  bool start(const AdmmForm& form, const Vec& y, double weight_scale = 1.0);
  void global_step(Vec& y);
  // Returns the Newton iterations of the blocks' solves.
  long local_step(const Vec& y);
  // After local_step, at the same y (it reuses that step's D y + s).
  void dual_step();
  // Global matrices factorized so far.
  int factorizations() const { return factorizations_; }
  // After a full iteration (global, local, dual).
  AdmmResiduals residuals() const;
  // L(y, z, u) at the current z and u.
  double augmented_lagrangian(const Vec& y) const;

 private:
  void analyze(const AdmmForm& form, double weight_scale);
  // The contact blocks' weights for a stage inertia (and Ω, DᵀΩ with them).
  void set_contact_weights(const Vec& inertia);
  // Dy + s, for y.
  const Vec& reduced(const Vec& y) const;

  const ElementSplit* split_ = nullptr;
  const ObstacleContact* contact_source_ = nullptr;
  SplitDissipation dissipation_source_;
  std::unique_ptr<AdmmDissipation> dissipation_;  // its blocks follow the split's rows
  std::unique_ptr<AdmmViscous> viscous_;          // its blocks follow dissipation_'s
  std::unique_ptr<AdmmContact> contact_;          // its blocks come last
  Index element_rows_ = 0, viscous_row0_ = 0, contact_row0_ = 0;
  double weight_scale_ = 1.0;
  AdmmForm form_;
  SparseMatrix D_, DtOmega_;
  Vec c_, omega_;      // c and the per-row squared weights
  Triplets DtOmegaD_;  // the elastic blocks' part
  InertiaFactors factors_;
  const InertiaFactors::Factor* factor_ = nullptr;
  Vec s_, z_, z_prev_, u_, rhs0_;
  mutable Vec Dy_, scratch_;
  std::vector<int> block_iterations_;
  int factorizations_ = 0;
};

}  // namespace tibench
