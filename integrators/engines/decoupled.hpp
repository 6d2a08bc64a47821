// Decoupled α-methods of You, Zheng & Li (§4, Eqs. 6–13, Algorithm 1),
// built from any lower-triangular Runge–Kutta tableau Φ and its adjoint
// Φ* = (e bᵀ − A, b) (stages reversed, so that a DIRK's adjoint is again a
// DIRK; integrators/methods/butcher_tableau.hpp):
//
//   (x̃, ṽ) = Φ_h(x_n, v_n),  (x*, v*) = Φ*_h(x_n, v_n),
//   x_{n+1} = x̃,  v_{n+1} = ṽ + α D,
//   D = M⁻¹ h (Σ_i b*_i f_c(Q*_i, t*_i) − Σ_i b_i f_c(Q_i, t_i)),
//
// where Q_i, Q*_i are the stage positions of the two steps and
// f_c = f_ext − ∇P the conservative force. Without dissipation D = v* − ṽ
// and this is Eq. (8), v_{n+1} = α v* + (1 − α) ṽ. With dissipation the
// problem's R acts inside Φ (the implicit solve) only and the correction
// uses conservative forces (§4.5: "energy correction is only performed on
// the conservative forces"); Φ* runs on the problem without its dissipation.
// For Φ = backward Euler, Φ* is forward Euler and D = −Δv of Eq. (13):
// v_{n+1} = w_{n+1} − α h M⁻¹ (∇P(x_n) − ∇P(x_{n+1})).
// correction = full puts the dissipative forces into D as well (both steps
// on the full problem) — the variant §4.5 argues is unstable (claim Y-Q3).
//
// α: fixed (Ξ_α; α = 1 is the decoupled symplectic method Ξ₁, A-1 for
// Φ = backward Euler), or searched per step (A-search, Algorithm 1): the
// root of H(α) = P(x̃) + ½‖ṽ + αD‖²_M = target closest to 1, clipped to
// [α_min, α_max]; when that root lies outside the range, the clipped root
// with the smaller energy error is taken instead (literal_root: clip the
// root closer to 1 regardless — it can clip to the end that moves the
// energy away from the target, e.g. α_min when H(0) < H(1) < target).
// When no real root exists the energy exceeds the target
// for every α (H is a convex quadratic in α): the vertex α = −⟨ṽ, D⟩_M/‖D‖²_M,
// the closest approach, is taken. When D = 0 (e.g. free fall under constant
// gravity) H does not depend on α: α_max is taken when H is below the target
// (You et al. §5.3 report α = 1.1 in free fall), α_min when above, and α = 1
// when H equals the target up to rounding (any α gives the same state). The
// sparse variant (§5.6) searches only when H(1) has been on the same side of
// the target for three consecutive steps (this one included), else α = 1.
// Energy losses ℰ of the implicit solve (h Σ b_i V_i·∇_v R(Q_i, V_i)) enter
// the targets as integrators/engines/energy_target.hpp describes.
#pragma once

#include <deque>
#include <memory>
#include <optional>

#include "integrators/engines/conservative_view.hpp"
#include "integrators/engines/energy_target.hpp"
#include "integrators/engines/runge_kutta.hpp"

namespace tibench {

struct AlphaSearchOptions {
  double alpha_min = 0.0;
  double alpha_max = 1.1;
  bool sparse = false;
  // true: always clip the root closer to 1 (Algorithm 1 read literally).
  bool literal_root = false;
  EnergyTargetOptions target;
};

class DecoupledStepper final : public Stepper {
 public:
  // `search` empty: α is fixed to `alpha`.
  DecoupledStepper(const Problem& p, const ButcherTableau& phi, double h, StageSolverOptions newton,
                   double alpha, std::optional<AlphaSearchOptions> search,
                   bool full_correction = false);
  StepReport step(State& s) override;

 private:
  // h Σ b_i f_c(Q_i, t_i) of a finished Runge–Kutta step from time t.
  void conservative_impulse(const RungeKuttaStepper& st, double t, Vec& out, StepReport& r);
  double choose_alpha(double P, const Vec& v, const Vec& D, double target);

  const Problem& p_;
  std::unique_ptr<ConservativeView> conservative_;
  std::unique_ptr<RungeKuttaStepper> phi_, adjoint_;
  double alpha_;
  std::optional<AlphaSearchOptions> search_;
  bool full_correction_;
  std::optional<EnergyTarget> target_;
  std::optional<double> H0_;
  std::deque<int> side_history_;
  Vec impulse_, impulse_star_, D_, g_, f_ext_, scratch_;
};

}  // namespace tibench
