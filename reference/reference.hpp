// References for error metrics: the "true" states at a run's output times,
// with a record of how they were obtained so that every error number can be
// traced to what it was measured against.
//
//   exact  the problem's exact(t) (closed form, or the exact piecewise
//          solution of a nonsmooth problem such as the quadratic barrier);
//          needs no check.
//   rk4    fine-step classical RK4 (reference/fine_rk4.hpp) at h_ref, with
//            - a self-convergence check: the same integration at h_ref/2;
//              d_j = ‖y_{h_ref}(t_j) − y_{h_ref/2}(t_j)‖ (M-weighted relative,
//              reference/state_error.hpp) estimates the reference's own error
//              at output time t_j. An error e_j measured against it is
//              reported only when e_j ≥ 100 d_j (resolves()); otherwise the
//              caller must refuse the number (the harness records the cell's
//              reference_check as failed and its error metrics as missing);
//            - a cross-check against Boost.Odeint's runge_kutta_dopri5,
//              controlled at absolute = relative tolerance `cross_check_tol`;
//              the agreement a_j (same norm) is reported. RK4's own error at
//              h_ref is ≈ 16/15 d_j, so an independent solver that is more
//              accurate must agree to a_j ≤ 2 d_j + cross_check_limit (the
//              limit, 1e-8, covers dopri5's accumulated global error); a
//              reference that disagrees more — a systematic error the
//              self-convergence check cannot see — is rejected (ok = false),
//              and so is one whose dopri5 run needs more force evaluations
//              than the two RK4 runs together (at least 1e6): across a
//              discontinuous force its adaptive steps collapse.
//              The measured ratio a_j / d_j ≈ 1.07 on smooth problems is in
//              turn a check that d_j is an honest error estimate.
//          Nonsmooth problems without an exact solution use the same rule:
//          RK4 loses order across a kink, and the self-convergence check at
//          the output times used is what shows whether h_ref is still fine
//          enough there; nothing is smoothed or special-cased.
//   auto   exact where the problem has it; none for bodies against obstacles
//          (Problem::contact()); rk4 otherwise.
//   none   no reference: error metrics are not measured (studies whose
//          quantity is an observable, e.g. a final velocity or an energy
//          history, on problems where a fine RK4 run is out of reach).
//
// Output times are evenly spaced, t_j = j t_end / K (j = 1 … K; t_K = t_end),
// and the fine step is h_ref = t_end / N_ref with N_ref the smallest multiple
// of K with t_end / N_ref ≤ the requested h_ref, so that both the fine runs
// land exactly on every output time.
//
// The cache key (key_text, hashed into key) names everything the states
// depend on: the problem id, its full parameter set, a fingerprint of the
// problem as built (mass, initial state, energy and force at t = 0 — so a
// changed implementation with unchanged parameters does not reuse a stale
// entry), the output times, the method, h_ref and the cross-check tolerance.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

struct ReferenceRequest {
  std::string method = "auto";  // auto | exact | rk4 | none
  double t_end = 0.0;
  long outputs = 1;    // K evenly spaced output times; the last is t_end
  double h_ref = 0.0;  // requested fine step (rk4); > 0
  double cross_check_tol = 1e-12;
  double cross_check_limit = 1e-8;  // allowed disagreement beyond 2 d_j
};

inline constexpr double kResolutionFactor = 100.0;

struct Reference {
  bool ok = true;
  std::string message;  // why ok = false
  std::string method;   // "exact" | "rk4"
  double h_ref = 0.0;   // actual fine step; 0 for exact
  long steps = 0;       // fine steps of the h_ref run
  std::vector<double> times;
  std::vector<State> states;
  std::vector<double> self_convergence;  // d_j per output time (0 for exact)
  std::vector<double> cross_check;       // a_j per output time (empty for exact)
  double cross_check_tol = 0.0;
  std::string key_text;  // canonical description (see header comment)
  std::string key;       // hash_hex(key_text)

  double max_self_convergence() const;
  double max_cross_check() const;  // NaN when there is no cross-check
  // Whether an error e measured at output time j is at least 100 d_j.
  bool resolves(std::size_t j, double error) const;
  // One line: method, h_ref, self-convergence and cross-check agreement.
  std::string summary() const;
};

std::vector<double> output_times(double t_end, long outputs);
// "exact" or "rk4" for this problem; throws InputError for an unknown method,
// for "exact" on a problem without one, and for rk4 without h_ref > 0.
std::string resolved_method(const Problem& p, const ReferenceRequest& r);
// Fine step count N_ref (a multiple of outputs) for the rk4 method.
long reference_steps(const ReferenceRequest& r);
std::string reference_key_text(const Problem& p, const ReferenceRequest& r);

// Computes the reference. Numerical failure (a diverging fine run, a failed
// or disagreeing cross-check) gives ok = false with the reason, never an
// exception; bad requests throw InputError; *cancel = true throws Cancelled.
Reference compute_reference(const Problem& p, const ReferenceRequest& r,
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace tibench
