#include "solvers/nonlinear/newton_cg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "solvers/linear/truncated_cg.hpp"
#include "solvers/nonlinear/line_search.hpp"

namespace tibench {

std::vector<ParamSpec> NewtonCgOptions::param_specs() {
  const NewtonCgOptions d;
  std::vector<ParamSpec> specs{
      real_param("cg_sigma", d.forcing_scale,
                 "newton-cg: scale sigma of the CG forcing tolerance (Gast & Schroeder use 1)",
                 Range::positive()),
      bool_param("cg_jacobi", d.jacobi, "newton-cg: Jacobi-preconditioned CG (off: plain CG)"),
  };
  for (auto* more : {&NewtonStopping::param_specs, &NewtonStart::param_specs})
    for (ParamSpec& s : more()) specs.push_back(std::move(s));
  return specs;
}

NewtonCgOptions NewtonCgOptions::from_params(const ParamSet& p) {
  NewtonCgOptions o;
  o.stop = NewtonStopping::from_params(p);
  o.start = NewtonStart::from_params(p);
  o.forcing_scale = p.real("cg_sigma");
  o.jacobi = p.boolean("cg_jacobi");
  return o;
}

StageSolveResult NewtonCgSolver::solve(const StageObjective& phi, Vec& x) {
  StageSolveResult r;
  start_from_feasible_guess(phi, options_.start, x, trial_, dx_, r);
  bool have_gradient = false;
  for (;;) {
    if (!have_gradient) {
      phi.gradient(x, g_);
      ++r.gradient_evals;
    }
    if (!g_.allFinite()) {
      r.message = "non-finite gradient";
      return r;
    }
    phi.update_active_set(x, g_);
    r.residual = phi.residual(g_);
    const double tolerance =
        options_.stop.tolerance * phi.scale(x) + options_.stop.absolute_tolerance;
    if (ends_before_step(phi, options_.stop, x, r, tolerance, false)) return r;
    if (!cg_direction(phi, x, r)) return r;
    if (r.converged) return r;
    const double step_norm = dx_.cwiseAbs().maxCoeff();
    // A step below the rounding level of x cannot improve it.
    if (step_norm <= 4 * std::numeric_limits<double>::epsilon() * x.cwiseAbs().maxCoeff()) {
      r.converged = true;
      return r;
    }
    if (options_.start.step_clamp > 0 && step_norm > options_.start.step_clamp)
      dx_ *= options_.start.step_clamp / step_norm;
    if (!wolfe_step(phi, x, r, g_.dot(dx_))) return r;
    have_gradient = true;
    ++r.iterations;
  }
}

// dx_ from truncated CG and the downhill test; false (message set) on a
// non-finite direction. Sets r.converged when the residual is found to be
// at its rounding level once the Hessian is known.
bool NewtonCgSolver::cg_direction(const StageObjective& phi, const Vec& x, StageSolveResult& r) {
  triplets_.clear();
  phi.hessian(x, false, triplets_);
  if (assembler_.assemble(triplets_, phi.size(), H_)) ++analyses_;
  if (at_noise_level(phi, x, r.residual)) {
    r.converged = true;
    return true;
  }
  const double scale = std::max(phi.scale(x), std::numeric_limits<double>::min());
  const double eta =
      std::min(0.5, options_.forcing_scale *
                        std::sqrt(std::max(r.residual / scale, options_.stop.tolerance)));
  const int max_cg = static_cast<int>(std::min<Index>(10 * phi.size(), 100000));
  const TruncatedCgResult cg = truncated_cg(H_, -g_, eta, max_cg, options_.jacobi, dx_);
  ++r.linear_solves;
  r.cg_iterations += cg.iterations;
  if (!dx_.allFinite()) {
    r.message = "non-finite Newton-CG direction";
    return false;
  }
  const double kappa = 1e-2, norms = dx_.norm() * g_.norm();
  const double slope = g_.dot(dx_);
  if (slope < -kappa * norms) return true;
  if (-slope < -kappa * norms)
    dx_ = -dx_;
  else
    dx_ = -g_;
  ++r.safeguarded_steps;
  return true;
}

// Moves x along dx_ by a strong-Wolfe step (or the full step when it halves
// the residual); g_ is left at the new x. False (message set) when no step
// decreases Φ.
bool NewtonCgSolver::wolfe_step(const StageObjective& phi, Vec& x, StageSolveResult& r,
                                double slope) {
  if (!(slope < 0)) {
    r.message = "Newton-CG direction is not a descent direction";
    return false;
  }
  const double alpha_max = std::min(WolfeOptions{}.alpha_max, phi.max_step(x, dx_));
  double last_alpha = std::numeric_limits<double>::quiet_NaN();
  // The full step evaluated before the search: the search starts there, and
  // trial_ and g_trial_ still hold it when it does.
  std::optional<LinePoint> full_step;
  const LineFunction line = [&](LinePoint& p) {
    if (full_step && p.alpha == full_step->alpha) {
      p = *full_step;
      full_step.reset();
      last_alpha = p.alpha;
      return;
    }
    full_step.reset();
    trial_ = x + p.alpha * dx_;
    phi.project(trial_);
    p.value = phi.value(trial_);
    p.slope = std::numeric_limits<double>::quiet_NaN();
    if (std::isfinite(p.value)) {
      phi.gradient(trial_, g_trial_);
      ++r.gradient_evals;
      p.slope = g_trial_.dot(dx_);
    }
    last_alpha = p.alpha;
  };
  if (alpha_max >= 1.0) {
    LinePoint full{1.0, 0.0, 0.0};
    line(full);
    if (std::isfinite(full.value) && phi.residual(g_trial_) <= 0.5 * r.residual) {
      x.swap(trial_);
      g_.swap(g_trial_);
      return true;
    }
    full_step = full;
  }
  WolfeOptions options;
  options.alpha_max = alpha_max;
  const WolfeResult w = strong_wolfe_search(line, {0.0, phi.value(x), slope}, options);
  if (!(w.point.alpha > 0)) {
    r.message = "strong-Wolfe line search found no decrease of the incremental potential";
    return false;
  }
  if (w.point.alpha != last_alpha) {
    LinePoint accepted{w.point.alpha, 0.0, 0.0};
    line(accepted);
  }
  x.swap(trial_);
  g_.swap(g_trial_);
  return true;
}

}  // namespace tibench
