// The objective of one implicit solve, as NewtonSolver sees it:
//
//   Φ(x) = ½ (x − x̂)ᵀ W (x − x̂) + Ψ(x),   W = diag(w) > 0 ("inertia"),
//
// minimized over x. Every implicit stage of the mechanical engines has this
// form (Gast & Schroeder 2014 §3): positions with W = M/τ² (incremental
// potentials), velocities with W = M/κ (velocity-only stages of partitioned
// methods). The inertia term makes Φ strictly convex for small steps and is
// what the PSD fallback scales when ∇²Ψ is indefinite.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

struct AdmmForm;  // solvers/projective/admm.hpp

// A fresh inertia stamp (StageObjective::inertia_stamp), never 0, never
// returned twice in a process.
std::uint64_t next_inertia_stamp();

class StageObjective {
 public:
  virtual ~StageObjective() = default;
  virtual Index size() const = 0;
  virtual double value(const Vec& x) const = 0;
  virtual void gradient(const Vec& x, Vec& g) const = 0;
  // Appends ∇²Φ(x); the (row, col) positions must not depend on x.
  virtual void hessian(const Vec& x, bool project_psd, Triplets& out) const = 0;
  // The values of the triplets hessian(x, project_psd, ·) appends, in its
  // order, into `values` (resized), when the objective can give them
  // without the positions; false (values unspecified) otherwise. Valid only
  // after a hessian() call on this objective: its positions are the ones.
  virtual bool hessian_values(const Vec& /*x*/, bool /*project_psd*/,
                              std::vector<double>& /*values*/) const {
    return false;
  }
  // After hessian_values(), under constraints that append transformed
  // triplets (contact by active set): the values from `first` on are the
  // ones appended for the current active set, at positions (rows, cols);
  // the ones before keep the positions of the last hessian() call. False
  // for an objective without such constraints.
  virtual bool appended_positions(std::size_t& /*first*/, std::vector<Index>& /*rows*/,
                                  std::vector<Index>& /*cols*/) const {
    return false;
  }
  // The diagonal w of the inertia term.
  virtual const Vec& inertia() const = 0;
  // A stamp of inertia()'s values: two calls that return the same nonzero
  // stamp return the same values (stamps are unique across objectives, so a
  // solver may compare them instead of the vectors); 0: no stamp, compare
  // the values.
  virtual std::uint64_t inertia_stamp() const { return 0; }
  // ‖W⁻¹ g‖_∞: the residual as a correction of x (it bounds the Newton step
  // when ∇²Ψ ⪰ 0); the solver tolerance applies to it.
  virtual double residual(const Vec& g) const {
    return g.cwiseQuotient(inertia()).cwiseAbs().maxCoeff();
  }
  // The rounding level of residual() at x; valid after gradient(x).
  virtual double residual_noise(const Vec& x) const = 0;
  // Lower and upper bounds of residual_noise(x) that are cheaper to
  // evaluate: a solver evaluates the noise itself only for a residual
  // between them (the decisions are those of the exact noise).
  struct NoiseBounds {
    double lower, upper;
  };
  virtual NoiseBounds residual_noise_bounds(const Vec& x) const {
    const double noise = residual_noise(x);
    return {noise, noise};
  }
  // An upper bound of residual_noise(x) no larger than
  // residual_noise_bounds(x).upper (by default that value), for reporting.
  virtual double residual_noise_upper(const Vec& x) const { return residual_noise_bounds(x).upper; }
  // The magnitude of x that the relative tolerance refers to (for stage
  // increments: the increment itself).
  virtual double scale(const Vec& x) const = 0;
  // True when ∇²Φ depends on the stage (its inertia) only, not on x: a
  // solver may then keep the factor of an earlier assembly with the same
  // inertia, and calls hessian_reused() instead of hessian().
  virtual bool hessian_is_constant() const { return false; }
  // Restores what hessian() leaves behind for later calls (e.g. rounding
  // estimates), as the last hessian() call with the current inertia did.
  virtual void hessian_reused() const {}
  // An alternative starting point for Newton, if the objective has one
  // (Gast & Schroeder 2014 §3.1, candidate A); false otherwise.
  virtual bool explicit_candidate(Vec& /*x*/) const { return false; }
  // A starting point where Φ is finite, for when the engine's initial guess
  // is not (it crosses a barrier or inverts an element); false if none is
  // known.
  virtual bool feasible_start(Vec& /*x*/) const { return false; }
  // The largest step along dx from x that the objective allows (its
  // problem's continuous collision detection); ∞ when unrestricted.
  virtual double max_step(const Vec& /*x*/, const Vec& /*dx*/) const {
    return std::numeric_limits<double>::infinity();
  }

  // Projective Dynamics (solver=local-global): appends the constant matrix
  // L of the global step (ProjectiveForm::add_laplacian) when Φ − ½‖x − x̂‖²_W
  // is exactly in projective form; false (nothing appended) otherwise.
  virtual bool projective_laplacian(Triplets& /*out*/) const { return false; }
  // ADMM (solver=admm): the split of Φ − ½‖x − x̂‖²_W (solvers/projective/admm.hpp)
  // when its potential is exactly an element split plus linear terms; false
  // otherwise.
  virtual bool admm_form(AdmmForm& /*out*/) const { return false; }

  // Constrained objectives (contact constraints by gradient projection,
  // solvers/nonlinear/contact_projection.hpp). The solver projects its initial
  // guess and every trial point with project() before evaluating there, and
  // at the start of every iteration (x feasible, g = gradient(x)) lets the
  // objective relabel its active constraints, which rewrites g.
  virtual bool constrained() const { return false; }
  virtual void project(Vec& /*x*/) const {}
  virtual void update_active_set(const Vec& /*x*/, Vec& /*g*/) const {}
  // The number of active constraints (−1: the objective has none).
  virtual int active_constraints() const { return -1; }
  // Changes whenever the active set does: a factorized Hessian is reusable
  // (jacobian_reuse) only while it is unchanged.
  virtual long active_set_version() const { return 0; }
};

}  // namespace tibench
