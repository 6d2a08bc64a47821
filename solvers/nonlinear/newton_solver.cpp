#include "solvers/nonlinear/newton_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace tibench {

std::vector<ParamSpec> NewtonOptions::param_specs() {
  const NewtonOptions d;
  std::vector<ParamSpec> specs = NewtonStopping::param_specs();
  specs.push_back(
      bool_param("line_search", d.line_search, "backtracking Armijo line search on Phi"));
  specs.push_back(
      bool_param("psd_fallback", d.psd_fallback,
                 "replace an indefinite Hessian by the PSD-projected one, then shift it"));
  for (ParamSpec& s : NewtonStart::param_specs()) specs.push_back(std::move(s));
  specs.push_back(bool_param("descent_safeguard", d.descent_safeguard,
                             "Gast & Schroeder 2014 Sec. 3.1: accept dx only if dx.g < -0.01 "
                             "|dx||g|, else try -dx, else -g"));
  specs.push_back(bool_param(
      "jacobian_reuse", d.jacobian_reuse,
      "chord Newton: keep the factorized Hessian across iterations, stages and steps while the "
      "steps contract at least at jacobian_reuse_rate, refactorize otherwise; converged when "
      "rate/(1 - rate) |dx|_inf <= newton_tol * scale + newton_atol (off: a fresh factorization "
      "every iteration)"));
  specs.push_back(real_param("jacobian_reuse_rate", d.reuse_rate,
                             "jacobian_reuse: a chord step contracting by more than this factor "
                             "asks for a fresh factorization (Hairer & Wanner II Sec. IV.8; "
                             "RADAU5 uses 0.1 when the Jacobian is expensive)",
                             Range::open(0, 1)));
  specs.push_back(choice_param("linear_solver", "ldlt", linear_solver_ids(),
                               "sparse factorization: ldlt (Eigen SimplicialLDLT, AMD), cholmod "
                               "(SuiteSparse CHOLMOD, supernodal) or supernodal (CHOLMOD's "
                               "analysis, tibench's supernodal factorization on the element "
                               "threads; the same factor on any number of threads); the last two "
                               "when this build has CHOLMOD; results agree to the Newton "
                               "tolerance, not bit for bit"));
  return specs;
}

NewtonOptions NewtonOptions::from_params(const ParamSet& p) {
  NewtonOptions o;
  o.stop = NewtonStopping::from_params(p);
  o.line_search = p.boolean("line_search");
  o.psd_fallback = p.boolean("psd_fallback");
  o.start = NewtonStart::from_params(p);
  o.descent_safeguard = p.boolean("descent_safeguard");
  o.jacobian_reuse = p.boolean("jacobian_reuse");
  o.reuse_rate = p.real("jacobian_reuse_rate");
  o.linear_solver = tibench::linear_solver(p.choice("linear_solver"));
  return o;
}

NewtonSolver::NewtonSolver(NewtonOptions options)
    : options_(options), factor_(options.linear_solver) {}

bool NewtonSolver::keeps_constant_factor(const StageObjective& phi) const {
  if (!constant_.valid || &phi != constant_.objective || !phi.hessian_is_constant()) return false;
  const std::uint64_t stamp = phi.inertia_stamp();
  return (stamp != 0 && stamp == constant_.inertia_stamp) ||
         same_values(phi.inertia(), constant_.inertia);
}

bool NewtonSolver::factorize(const StageObjective& phi, const Vec& x, bool project, double shift,
                             bool& factorized) {
  // A constant Hessian with the inertia of the kept factor is the matrix
  // that factor was computed from: nothing to assemble (bit-identical to
  // assembling it and finding it unchanged).
  const bool plain = !project && shift == 0.0;
  if (plain && keeps_constant_factor(phi)) {
    phi.hessian_reused();
    factorized = constant_.factorized;
    return constant_.positive_definite;
  }
  constant_.valid = false;
  const bool pattern_changed = assemble_hessian(phi, x, project, shift);
  if (pattern_changed) ++analyses_;
  // An indefinite plain Hessian is replaced by the PSD fallback: its
  // factor would go unused.
  const auto indefinite = plain && options_.psd_fallback
                              ? SymmetricFactorization::Indefinite::report
                              : SymmetricFactorization::Indefinite::factor;
  const FactorizationOutcome outcome = factor_.factorize(H_, pattern_changed, indefinite);
  factorized = outcome.factorized;
  if (plain && phi.hessian_is_constant()) {
    constant_.valid = true;
    constant_.objective = &phi;
    constant_.inertia = phi.inertia();
    constant_.inertia_stamp = phi.inertia_stamp();
    constant_.factorized = outcome.factorized;
    constant_.positive_definite = outcome.factorized && outcome.positive_definite;
  }
  return outcome.factorized && outcome.positive_definite;
}

// H_ = ∇²Φ(x) (+ shift W); true when its pattern changed. When the last
// assembly was phi's, with the same shift form, and phi gives its values
// alone, they refill H_'s pattern (the same matrix, bit for bit, without
// writing and checking the positions again); after a change of phi's
// active set, only the positions of the triplets its constraints append
// are looked up.
bool NewtonSolver::assemble_hessian(const StageObjective& phi, const Vec& x, bool project,
                                    double shift) {
  const Index n = phi.size();
  const auto add_shift = [&](auto append) {
    if (shift > 0)
      for (Index i = 0; i < n; ++i) append(i, shift * phi.inertia()[i]);
  };
  if (refill_source_ == &phi && refill_shifted_ == (shift > 0) &&
      phi.hessian_values(x, project, values_)) {
    add_shift([&](Index, double v) { values_.push_back(v); });
    if (refill_active_set_ == phi.active_set_version()) {
      if (assembler_.refill(values_, H_)) return false;
    } else if (std::size_t first = 0; phi.appended_positions(first, moved_rows_, moved_cols_)) {
      // A new active set: its transforms (and the shift after them) moved.
      add_shift([&](Index i, double) {
        moved_rows_.push_back(i);
        moved_cols_.push_back(i);
      });
      if (assembler_.refill_moved(values_, first, moved_rows_, moved_cols_, H_)) {
        refill_active_set_ = phi.active_set_version();
        return false;
      }
    }
  }
  triplets_.clear();
  phi.hessian(x, project, triplets_);
  add_shift([&](Index i, double v) { triplets_.emplace_back(i, i, v); });
  refill_source_ = &phi;
  refill_shifted_ = shift > 0;
  refill_active_set_ = phi.active_set_version();
  return assembler_.assemble(triplets_, n, H_);
}

bool NewtonSolver::solves_in_one_step(const StageObjective& phi) const {
  return phi.hessian_is_constant() && !phi.constrained() && !options_.descent_safeguard;
}

// (|dx_|_inf is formed only for a clamp: otherwise an exact step, the whole
// solve on a quadratic Φ, never needs it.)
bool NewtonSolver::takes_exact_step(const StageObjective& phi, const Vec& x) const {
  if (!solves_in_one_step(phi)) return false;
  if (options_.start.step_clamp > 0 && dx_.cwiseAbs().maxCoeff() > options_.start.step_clamp)
    return false;
  return phi.max_step(x, dx_) >= 1.0;
}

// Φ is quadratic with a positive definite Hessian: the step to trial_ lands
// on the minimizer up to the rounding of the solve, whose residual LDLᵀ's
// backward stability puts at the rounding level of the gradient (Higham
// 2002, Thm. 10.4); a confirming gradient would only find that. (The chord
// rate is still recorded: it decides the next solve's factor.)
void NewtonSolver::end_with_exact_step(const StageObjective& phi, Vec& x, StageSolveResult& r,
                                       bool chord, double& previous_step_norm) {
  if (options_.jacobian_reuse)
    step_error_estimate(chord, dx_.cwiseAbs().maxCoeff(), previous_step_norm);
  x.swap(trial_);
  ++r.iterations;
  r.residual = phi.residual_noise_upper(x);
  r.converged = true;
}

// Chord iteration (jacobian_reuse): the kept factor, if it was built for
// this inertia and active set and the last chord steps contracted.
bool NewtonSolver::reuses_factor(const StageObjective& phi) const {
  return options_.jacobian_reuse && reuse_.valid && !reuse_.refresh &&
         reuse_.active_set == phi.active_set_version() &&
         same_values(reuse_.inertia, phi.inertia());
}

// Factorizes the Hessian at x, falling back to the PSD projection and then
// to growing shifts when it is not positive definite. False (with the
// message set) when no factorization succeeded.
bool NewtonSolver::factorize_hessian(const StageObjective& phi, const Vec& x, StageSolveResult& r,
                                     bool& pd) {
  bool factorized = false;
  pd = factorize(phi, x, false, 0.0, factorized);
  if (!pd && options_.psd_fallback) {
    ++r.psd_fallbacks;
    pd = factorize(phi, x, true, 0.0, factorized);
    for (double mu = 1e-8; !pd && mu <= 1e8; mu *= 100.0)
      pd = factorize(phi, x, true, mu, factorized);
  }
  if (!factorized) {
    r.message = "Hessian factorization failed";
    return false;
  }
  ++r.factorizations;
  if (options_.jacobian_reuse) {
    reuse_.valid = true;
    reuse_.refresh = false;
    reuse_.pd = pd;
    reuse_.inertia = phi.inertia();
    reuse_.active_set = phi.active_set_version();
  }
  return true;
}

// The Newton step itself is the sharpest error estimate: with a positive
// definite Hessian the error after taking it is O(|dx|²). W⁻¹g only bounds
// it, and overestimates it by the stiffness ratio when ∇²Ψ ≫ W. Chord steps
// converge linearly with the observed rate θ = |dx_k|/|dx_k−1|, so the error
// after one is about θ/(1 − θ)|dx| (Hairer & Wanner II, §IV.8); a rate above
// reuse_rate asks for a fresh factor at the next iteration. Hairer &
// Wanner's RADAU5 keeps its Jacobian when θ ≤ 0.1 for expensive Jacobians: a
// slower rate costs more iterations than a fresh factor (bench/ workload
// beam-1s). The rate is measured within this solve only (a rate carried over
// from the previous stage can be far too small after the problem changed,
// e.g. a lagged damping matrix), so a solve never ends on its first chord step.
double NewtonSolver::step_error_estimate(bool chord, double step_norm, double& previous_step_norm) {
  if (!options_.jacobian_reuse) return step_norm;
  double estimate = step_norm;
  if (chord) {
    const double inf = std::numeric_limits<double>::infinity();
    const double rate = previous_step_norm > 0 ? step_norm / previous_step_norm : inf;
    estimate = rate < 1 ? rate / (1 - rate) * step_norm : inf;
    if (previous_step_norm > 0 && rate > options_.reuse_rate) reuse_.refresh = true;
  }
  previous_step_norm = step_norm;
  return estimate;
}

// The clamp and Gast & Schroeder's descent safeguard applied to dx_; returns
// the slope gᵀdx of the direction taken.
double NewtonSolver::descent_direction(StageSolveResult& r, double step_norm) {
  if (options_.start.step_clamp > 0 && step_norm > options_.start.step_clamp)
    dx_ *= options_.start.step_clamp / step_norm;
  double slope = g_.dot(dx_);
  if (!options_.descent_safeguard) return slope;
  const double kappa = 1e-2, norms = dx_.norm() * g_.norm();
  if (slope < -kappa * norms) return slope;
  if (-slope < -kappa * norms)
    dx_ = -dx_;  // the opposite direction passes the test
  else
    dx_ = -g_;  // steepest descent
  ++r.safeguarded_steps;
  return g_.dot(dx_);
}

// Backtracking Armijo search along dx_ from x, never past the problem's CCD
// bound (barriers, inversion). The full step is tried first by the residual
// test, whose gradient the next iteration needs anyway (have_gradient); Φ is
// evaluated only when it fails. Close to the minimizer the decrease of Φ can
// fall below the rounding error of evaluating Φ (e.g. 1 − cos θ): halving the
// residual is then the test that still works.
NewtonSolver::Search NewtonSolver::line_search(const StageObjective& phi, Vec& x,
                                               StageSolveResult& r, bool chord, bool pd,
                                               double slope, bool& have_gradient) {
  if (!(slope < 0)) {
    if (chord) {
      // A stale factor can point uphill where the exact one would not.
      reuse_.refresh = true;
      return Search::refresh;
    }
    // With a positive definite Hessian dx is a descent direction in exact
    // arithmetic; a non-negative slope means g is rounding noise.
    if (pd)
      r.converged = true;
    else
      r.message = "Newton direction is not a descent direction (Hessian indefinite)";
    return Search::ended;
  }
  double step = std::min(1.0, phi.max_step(x, dx_));
  double phi0 = std::numeric_limits<double>::quiet_NaN();
  if (step == 1.0 && full_step_accepted(phi, x, r, slope, phi0)) {
    have_gradient = true;
    x.swap(trial_);
    return Search::moved;
  }
  if (chord) {
    // A chord step that needs backtracking: take a fresh Newton step from x
    // instead (the gradient at x is evaluated again, so that the rounding
    // estimate refers to x, not to the rejected trial).
    reuse_.refresh = true;
    return Search::refresh;
  }
  if (std::isnan(phi0)) phi0 = phi.value(x);
  if (step == 1.0) step = 0.5;  // the full step failed above
  for (;;) {
    if (step < 1e-12) {
      r.message = "line search failed to decrease the incremental potential";
      return Search::ended;
    }
    trial_ = x + step * dx_;
    phi.project(trial_);
    if (phi.value(trial_) <= phi0 + 1e-4 * step * slope) break;
    step *= 0.5;
  }
  x.swap(trial_);
  return Search::moved;
}

// The full step's test: the residual halves, or else Armijo's decrease (Φ(x)
// is then evaluated into phi0). On acceptance g_ holds the trial's gradient.
bool NewtonSolver::full_step_accepted(const StageObjective& phi, const Vec& x, StageSolveResult& r,
                                      double slope, double& phi0) {
  trial_ = x + dx_;
  phi.project(trial_);
  phi.gradient(trial_, g_trial_);
  ++r.gradient_evals;
  bool accepted = phi.residual(g_trial_) <= 0.5 * r.residual;
  if (!accepted) {
    phi0 = phi.value(x);
    accepted = phi.value(trial_) <= phi0 + 1e-4 * slope;
  }
  if (accepted) g_.swap(g_trial_);
  return accepted;
}

StageSolveResult NewtonSolver::solve(const StageObjective& phi, Vec& x) {
  StageSolveResult r;
  const double eps = std::numeric_limits<double>::epsilon();
  bool have_gradient = false;       // g_ already holds ∇Φ(x) from the line search
  double previous_step_norm = 0.0;  // for the chord rate (jacobian_reuse)
  start_from_feasible_guess(phi, options_.start, x, trial_, dx_, r);
  for (;;) {
    if (!have_gradient) {
      phi.gradient(x, g_);
      ++r.gradient_evals;
    }
    have_gradient = false;
    if (!all_finite(g_)) {
      r.message = "non-finite gradient";
      return r;
    }
    phi.update_active_set(x, g_);
    r.residual = phi.residual(g_);
    const bool chord = reuses_factor(phi);
    const double tolerance =
        options_.stop.tolerance * phi.scale(x) + options_.stop.absolute_tolerance;
    if (ends_before_step(phi, options_.stop, x, r, tolerance, !chord && keeps_constant_factor(phi)))
      return r;
    bool pd = reuse_.pd;
    if (!chord && !factorize_hessian(phi, x, r, pd)) return r;
    // The rounding level of the residual includes the Hessian's magnitude
    // times that of x, known only now that the Hessian has been assembled: a
    // residual at that level cannot be reduced (e.g. an initial guess that is
    // already the solution). (Skipped for a quadratic Φ, whose step ends the
    // solve: at an initial guess at the rounding level it moves x within that
    // level.)
    if (!chord && !(pd && solves_in_one_step(phi)) && at_noise_level(phi, x, r.residual)) {
      r.converged = true;
      return r;
    }
    factor_.solve_negated(g_, dx_);
    ++r.linear_solves;
    // (all_finite's pass with Eigen's fast max below costs less than a
    // NaN-propagating max.)
    if (!all_finite(dx_)) {
      r.message = "non-finite Newton step";
      return r;
    }
    trial_ = x + dx_;
    phi.project(trial_);
    if (pd && takes_exact_step(phi, x)) {
      end_with_exact_step(phi, x, r, chord, previous_step_norm);
      return r;
    }
    const double step_norm = dx_.cwiseAbs().maxCoeff();
    const double error_estimate = step_error_estimate(chord, step_norm, previous_step_norm);
    // A step below the rounding level of the unknown cannot improve it at
    // all: the iterate is then as converged as doubles allow.
    if ((pd && error_estimate <= options_.stop.tolerance * phi.scale(trial_) +
                                     options_.stop.absolute_tolerance) ||
        step_norm <= 4 * eps * x.cwiseAbs().maxCoeff()) {
      x.swap(trial_);
      ++r.iterations;
      r.residual = std::min(r.residual, step_norm);
      r.converged = true;
      return r;
    }
    const double slope = descent_direction(r, step_norm);
    if (options_.line_search) {
      const Search s = line_search(phi, x, r, chord, pd, slope, have_gradient);
      if (s == Search::refresh) continue;
      if (s == Search::ended) return r;
    } else {
      x += std::min(1.0, phi.max_step(x, dx_)) * dx_;
      phi.project(x);
    }
    ++r.iterations;
  }
}

}  // namespace tibench
