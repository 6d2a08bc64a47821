// A dissipation function R(q, v) ≥ 0 as a reusable piece: problems own one or
// more models, whose sum is their Dissipation (DissipativeProblem). The force is −∇_v R (Brown et
// al. 2018 §3.1, Eq. 3).
//
// Models either do not depend on q at all, or lag what depends on q at the
// start of each step (begin_step), or depend on q within a step
// (depends_on_q() = true), in which case they also provide ∇_q R and the
// mixed Hessian ∂(∇_v R)/∂q for the schemes of Brown et al. §4 that minimize
// τ R(x, (x − x_a)/τ).
//
// All add_* functions accumulate into their output (g += …, out.push_back);
// the triplet positions they emit never depend on q or v.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

class LocalQuadraticDissipation;
class StrainRateDamping;  // problems/fem/strain_rate_damping.hpp

// A problem's dissipation in the pieces ADMM has local steps for
// (Dissipation::split).
struct SplitDissipation {
  std::vector<const LocalQuadraticDissipation*> local;
  std::vector<const StrainRateDamping*> strain_rate;
  bool empty() const { return local.empty() && strain_rate.empty(); }
  bool operator==(const SplitDissipation& o) const {
    return local == o.local && strain_rate == o.strain_rate;
  }
  bool operator!=(const SplitDissipation& o) const { return !(*this == o); }
};

class DissipationModel {
 public:
  virtual ~DissipationModel() = default;

  virtual bool depends_on_q() const = 0;
  // False when R has a discontinuous or unbounded derivative in v (a power
  // law with p < 1 at v = 0, where Newton's Hessian is unbounded).
  virtual bool is_smooth() const { return true; }
  // Refreshes quantities lagged at the step start (e.g. a stiffness matrix).
  virtual void begin_step(const Vec& /*q*/) {}

  virtual double value(const Vec& q, const Vec& v) const = 0;
  virtual void add_gradient_v(const Vec& q, const Vec& v, Vec& g) const = 0;
  virtual void add_hessian_vv(const Vec& q, const Vec& v, Triplets& out) const = 0;
  // Only models with depends_on_q() need these.
  virtual void add_gradient_q(const Vec& /*q*/, const Vec& /*v*/, Vec& /*g*/) const {}
  virtual void add_mixed_hessian(const Vec& /*q*/, const Vec& /*v*/, Triplets& /*out*/) const {}
  // This model as local quadratic forms (ADMM's dissipative blocks), or null.
  virtual const LocalQuadraticDissipation* local_quadratic() const { return nullptr; }
  // This model as strain-rate damping (ADMM's viscous blocks), or null.
  virtual const StrainRateDamping* strain_rate() const { return nullptr; }
};

}  // namespace tibench
