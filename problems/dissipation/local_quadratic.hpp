// Sums of local quadratic dissipation functions, optionally raised to a power
// (Brown et al. 2018 §5.2.1, Eq. 54):
//
//   R(v) = Σ_e A^{1−s} R_e(v)^s,   R_e(v) = ½ v_eᵀ D_e v_e,   s = (p + 1)/2,
//
// where v_e gathers the dofs of form e and D_e is symmetric. p = 1 is linear
// (viscous) damping: R = Σ_e R_e. The forms cover
//   - mass-proportional drag, D = α M (Gast & Schroeder 2014 §4.2: f = −kMv);
//   - lagged Rayleigh damping, D_e = α M_e + β K_e(q_n) with K_e the element
//     tangent stiffness at the step start, clamped to PSD per element
//     (Gast & Schroeder 2014 §4.2, Löschner et al. 2020 §3.1);
//   - momentum-conserving corrections of Rayleigh damping (Brown et al. §6),
//     whose corrected D_e = Pᵀ K_e P stay local;
// and, through p and A, their power-law variants (Brown et al. Eq. 54:
// kinetic energy decays in finite time for p < 1, exponentially for p = 1,
// slower than exponentially for p > 1).
//
// The forms are constant, or refreshed at the start of every step by an
// update callback (lagged models); in both cases R does not depend on q
// within a step.
//
// For p < 1, R_e^s is not twice differentiable at v_e = 0: the gradient is
// taken as 0 there (an element of the subdifferential for p = 0) and the
// Hessian grows without bound as v_e → 0 (R_e is floored at the smallest
// normal double).
#pragma once

#include <functional>
#include <vector>

#include <Eigen/Dense>

#include "problems/dissipation/dissipation_model.hpp"

namespace tibench {

struct LocalForm {
  std::vector<Index> dofs;  // global dof indices of v_e
  Eigen::MatrixXd D;        // symmetric, dofs.size() square
};

struct PowerLaw {
  double p = 1.0;  // force ∝ |v|^p
  double A = 1.0;  // proportionality constant, in units of R
};

class LocalQuadraticDissipation final : public DissipationModel {
 public:
  // Called at the start of every step to refresh D_e (the dofs must not
  // change); empty for constant forms.
  using Update = std::function<void(const Vec& q, std::vector<LocalForm>& forms)>;

  explicit LocalQuadraticDissipation(std::vector<LocalForm> forms, Update update = {},
                                     PowerLaw law = {});

  bool depends_on_q() const override { return false; }
  // As PowerLawDrag: p ≥ 1 keeps ∇²_v R bounded at v = 0.
  bool is_smooth() const override { return law_.p >= 1.0; }
  void begin_step(const Vec& q) override;
  double value(const Vec& q, const Vec& v) const override;
  void add_gradient_v(const Vec& q, const Vec& v, Vec& g) const override;
  void add_hessian_vv(const Vec& q, const Vec& v, Triplets& out) const override;

  const LocalQuadraticDissipation* local_quadratic() const override { return this; }

  const std::vector<LocalForm>& forms() const { return forms_; }
  const PowerLaw& law() const { return law_; }
  // Changes whenever begin_step refreshes the forms (for caches of them).
  long version() const { return version_; }

 private:
  // R_e, leaving D_e v_e in dv_[0, n_e).
  double local(std::size_t e, const Vec& v) const;

  std::vector<LocalForm> forms_;
  Update update_;
  PowerLaw law_;
  double s_;  // (p + 1)/2
  long version_ = 0;
  // Workspace sized for the largest form, so that evaluation never allocates.
  mutable Eigen::VectorXd ve_, dv_;
};

// Per-dof forms m_i α: R = ½ α vᵀ M v (drag proportional to the lumped mass).
std::vector<LocalForm> mass_proportional_forms(const Vec& mass, double alpha);

}  // namespace tibench
