// Claims of Gast & Schroeder 2014, "Optimization Integrator for Large Time
// Steps" (SCA 2014), group G of the project's claims list (ids as
// in `tibench list claims`):
//
//   G-M1   §2.1: backward Euler as the minimization of
//          E(x) = 1/(2Δt²) (x − x̂)ᵀ M (x − x̂) + Φ(x); gravity objectives.
//   G-M2   §3.1: the two-candidate initial guess (free fall; stiff stretched chain).
//   G-M4   §4.2: drag, full Rayleigh and lagged Rayleigh damping potentials.
//   G-M6   §4: explicit friction impulses never add kinetic energy.
//
// The checks live in gast2014_objective.cpp (G-M1, G-M4),
// gast2014_initial_guess.cpp (G-M2) and gast2014_friction.cpp (G-M6); the
// contact claims in gast2014_contact.cpp.
#include "claims/gast2014/gast2014_checks.hpp"
#include "claims/ledger.hpp"
#include "claims/papers.hpp"

namespace tibench {

std::vector<ClaimCheck> gast2014_claims() {
  return {
      {"G-M1", kPaperGast2014,
       "Sec. 2.1: backward Euler is the minimization of E(x) = 1/(2 dt^2)(x - x_hat)'M(x - x_hat) "
       "+ Phi with grad E = h(x); the gravity objectives differ by a constant",
       gast2014::check_minimization,
       "the gradient of the coded objective equals the coded backward Euler residual by calculus, "
       "and the two gravity objectives differ by a constant by algebra: only an implementation "
       "error (a gradient inconsistent with its potential, an unconverged solve) can fail it"},
      ClaimCheck{"G-M2", kPaperGast2014,
                 "Sec. 3.1: of the initial guesses A = x^n + dt v^n + dt^2 f(x^n) and B = x^n + "
                 "dt v^n the one with the smaller E is used; B is better at large steps or high "
                 "stress",
                 gast2014::check_initial_guess}
          .flips_with({"dt=4.1666666666666665e-05"}, Verdict::refuted,
                      "a thousand times smaller step (1/24000 s): E(A) < E(B), the rule picks "
                      "A, and A is the closer guess (1.7e-10 m against 8.4e-6 m), as Sec. 3.1 "
                      "expects of small steps"),
      {"G-M2.free-fall", kPaperGast2014, "Sec. 3.1: the initial guess A is exact under free fall",
       gast2014::check_free_fall_guess,
       "A solves M(x - x^n - dt v^n)/dt^2 = f(x^n), which is the backward-Euler step whenever f "
       "is constant: exact under free fall by construction"},
      {"G-M4", kPaperGast2014,
       "Sec. 4.2: drag, full Rayleigh (Phi_c) and lagged Rayleigh (Phi_d) damping forces derive "
       "from the stated potentials; Phi_c needs third derivatives",
       gast2014::check_damping_potentials,
       "derivatives of closed-form potentials: it fails only if a problem's gradient or Hessian "
       "disagrees with its potential"},
      {"G-M6", kPaperGast2014,
       "Sec. 4: friction applied explicitly after the Newton solve decreases kinetic energy and "
       "cannot add energy",
       gast2014::check_friction,
       "the friction impulse minimizes kinetic energy over tangential impulses, so scaling it by s "
       "in (0, 1] changes KE by c(s^2 - 2s) <= 0: a theorem evaluated on random input"},
  };
}

}  // namespace tibench
