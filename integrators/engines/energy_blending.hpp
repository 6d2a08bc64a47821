// Energy-tracking blending of Dinev, Liu & Kavan 2018 (§4, Algorithm 1):
//
//   1. a step of the start method S (implicit midpoint, Eqs. 14–19; or, as in
//      their Fig. 6, explicit symplectic Euler, velocity first);
//   2. e = H(S) − H_total (Eq. 20). If e > 0: a backward-Euler step started
//      from S's positions (their BEsolve(x_IM, ...)), blend
//      z(α) = (1 − α) z_S + α z_BE (Eqs. 21–22); if e < 0: a forward-Euler
//      step, blend z(α) = (1 − α) z_FE + α z_S;
//   3. α by bisection until |e(α)| < ε |H_total| (Eq. 24 "ε H_total(x_n,
//      v_n)": the target of this step; ε = 0.01 by default); if the far end
//      (full BE or full FE) already meets that, it is taken; if BE also
//      gains energy, α = 1 (the paper's rule); if FE also loses (the paper is
//      silent), the end with the smaller |e|;
//   4. damping as a separate step: ether drag v ← v − k_e h v/m (Eq. 31) and
//      the momentum-preserving damping v ← v − k Δv (Eqs. 32–36), with
//      Δv_i = v_i − v_cm − ω_cm × r_i (the best-fit rigid velocity removed;
//      Eq. 32 prints "+ ω × r", which does not remove a rigid rotation);
//   5. bookkeeping H_total = H_initial + H_added − H_diss (Eq. 37):
//      H_diss gets KE_before − KE_after of every damping application and
//      the energy dissipated by the problem's own R inside the step
//      (h v·∇_v R at the start method's midpoint state); H_added gets the
//      work of the external force, ½(f_ext(t_n) + f_ext(t_{n+1}))·(x_{n+1} − x_n).
//
// The signed α is recorded: BE blends positive, FE blends negative (−(1 − α)
// in the FE/S parameterization), 0 when S is kept, as in their Fig. 6.
#pragma once

#include <memory>
#include <optional>

#include "integrators/engines/partitioned_rk.hpp"
#include "integrators/engines/runge_kutta.hpp"

namespace tibench {

// The momentum-preserving damping of Dinev et al. Eqs. (32)–(36) (after
// Müller et al.): v_i ← v_i − k Δv_i with Δv_i = v_i − v_cm − sign · ω_cm × r_i.
// sign = +1 removes the best-fit rigid velocity (our reading); sign = −1 is
// Eq. (32) as printed. Returns KE_before − KE_after.
double momentum_preserving_damping(const Problem& p, State& s, double k, double sign = 1.0);
// The ether drag of Eq. (31): v_i ← v_i − k h v_i/m_i. Returns KE_before − KE_after.
double ether_drag(const Problem& p, State& s, double k, double h);

// What one blended step decided on, for inspection (claim D-M3 samples e(α)
// along the blend from it). `other` is the backward-Euler candidate when
// blend_be (e(S) > 0), the forward-Euler candidate otherwise; it is empty
// when |e(S)| < tolerance and S was kept without computing it. The step's
// result, before damping, is z(α) = (1 − α) a + α b with (a, b) = (S, BE)
// or (FE, S) and α = `alpha` (unsigned, in [0, 1]); when `other` is empty
// the result is S.
struct BlendCandidates {
  State start;                 // (x_n, v_n)
  State s;                     // the start method's step (implicit midpoint)
  std::optional<State> other;  // BE or FE step (BE started from S's positions)
  bool blend_be = false;       // e(S) > 0
  double H_total = 0.0;        // the energy e(·) is measured against (Eq. 20)
  double tolerance = 0.0;      // ε |H(x_n, v_n)| (Eq. 24)
  double alpha = 0.0;
};

struct BlendOptions {
  double epsilon = 0.01;
  bool symplectic_euler_start = false;
  double damping_k = 0.0;   // momentum-preserving damping coefficient, [0, 1]
  double ether_drag = 0.0;  // k of Eq. (31) [kg/s]
  int max_bisections = 100;
  // solver=local-global: iterations of the backward-Euler stabilization,
  // which starts from the implicit-midpoint result (Dinev et al. §4.2: one).
  int stabilization_iterations = 1;
};

class BlendStepper final : public Stepper {
 public:
  BlendStepper(const Problem& p, double h, StageSolverOptions newton, BlendOptions options);
  StepReport step(State& s) override;

  // H_total after the last step (for the energy bookkeeping checks).
  double target_energy() const { return H_total_; }
  // Seconds spent choosing α (energy evaluations and bisection) over all
  // steps so far (Dinev et al. Table 1's "α search").
  double alpha_search_seconds() const { return alpha_search_seconds_; }
  double dissipated() const { return H_diss_; }
  // Inspection hook, off by default: when on, every step records its
  // candidates (copies of a few state vectors) in last_candidates().
  void record_candidates(bool on) { record_ = on; }
  const std::optional<BlendCandidates>& last_candidates() const { return last_; }

 private:
  void account_work(const State& start, const State& z_s);
  double energy_error(const State& z) const;  // H(z) − H_total
  double blend_alpha(const State& a, const State& b, const State& other, double e_s, bool blend_be,
                     double tolerance) const;
  const Problem& p_;
  BlendOptions o_;
  std::unique_ptr<Stepper> start_;
  std::unique_ptr<RungeKuttaStepper> be_, fe_;
  std::optional<double> H_initial_;
  double H_total_ = 0.0, H_diss_ = 0.0, H_added_ = 0.0;
  bool record_ = false;
  double alpha_search_seconds_ = 0.0;
  std::optional<BlendCandidates> last_;
  Vec f0_, f1_, g_;
};

}  // namespace tibench
