#include "solvers/nonlinear/newton_steps.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tibench {

std::vector<ParamSpec> NewtonStopping::param_specs() {
  const NewtonStopping d;
  return {
      real_param("newton_tol", d.tolerance,
                 "Newton stops when ||tau^2 M^-1 grad Phi||_inf <= newton_tol * "
                 "max(||x||_inf, ||x_hat||_inf) + newton_atol (relative: 1 or more accepts "
                 "any iterate)",
                 Range::open(0, 1)),
      real_param("newton_atol", d.absolute_tolerance, "absolute Newton tolerance [position units]",
                 Range::nonnegative()),
      integer_param("newton_max_iters", d.max_iterations,
                    "Newton iterations per stage before the step fails (solver_failed); more "
                    "than 1e4 only hides a stalled solve",
                    Range::closed(1, 1e4)),
  };
}

NewtonStopping NewtonStopping::from_params(const ParamSet& p) {
  NewtonStopping s;
  s.tolerance = p.real("newton_tol");
  s.absolute_tolerance = p.real("newton_atol");
  s.max_iterations = static_cast<int>(p.integer("newton_max_iters"));
  return s;
}

std::vector<ParamSpec> NewtonStart::param_specs() {
  const NewtonStart d;
  return {
      bool_param("two_candidate_guess", d.two_candidate_guess,
                 "Gast & Schroeder 2014 Sec. 3.1: start Newton from the candidate (inertial x_hat "
                 "or x_hat + tau^2 M^-1 f(x_anchor)) with the smaller objective"),
      real_param("step_clamp", d.step_clamp,
                 "Gast & Schroeder 2014 Sec. 3.1: clamp |dx|_inf to this length (0: off; they "
                 "use 1e3)",
                 Range::nonnegative()),
  };
}

NewtonStart NewtonStart::from_params(const ParamSet& p) {
  NewtonStart s;
  s.two_candidate_guess = p.boolean("two_candidate_guess");
  s.step_clamp = p.real("step_clamp");
  return s;
}

// An initial guess outside the domain of Φ (through a barrier, an inverted
// element) cannot start Newton; the line search keeps every later iterate
// where Φ is finite.
void start_from_feasible_guess(const StageObjective& phi, const NewtonStart& start, Vec& x,
                               Vec& trial, Vec& dx, StageSolveResult& r) {
  phi.project(x);  // constrained objectives start from a feasible point
  if (start.two_candidate_guess && phi.explicit_candidate(trial)) {
    phi.project(trial);
    if (phi.value(trial) < phi.value(x)) {
      x = trial;
      r.chose_explicit_candidate = true;
    }
  }
  if (!phi.feasible_start(trial)) return;
  if (!std::isfinite(phi.value(x)) && std::isfinite(phi.value(trial))) {
    x = trial;
    r.started_feasible = true;
    return;
  }
  // An initial guess past a barrier distance the problem's CCD allows (e.g.
  // an inertial target that lands on a wall) is pulled back along the path
  // from the feasible start, as IPC filters its predictor.
  dx = x - trial;
  const double alpha = phi.max_step(trial, dx);
  if (alpha < 1.0) {
    x = trial + alpha * dx;
    r.started_feasible = true;
  }
}

bool ends_before_step(const StageObjective& phi, const NewtonStopping& stop, const Vec& x,
                      StageSolveResult& r, double tolerance, bool check_after_factor) {
  if (r.residual <= tolerance || (!check_after_factor && at_noise_level(phi, x, r.residual))) {
    r.converged = true;
    return true;
  }
  if (r.iterations < stop.max_iterations) return false;
  if (check_after_factor && at_noise_level(phi, x, r.residual)) {
    r.converged = true;
    return true;
  }
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "Newton did not converge in %d iterations (residual %.3e, target %.3e)",
                stop.max_iterations, r.residual, std::max(tolerance, phi.residual_noise(x)));
  r.message = buf;
  return true;
}

}  // namespace tibench
