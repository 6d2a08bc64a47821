#include "reference/reference.hpp"

#include "problems/contact/obstacle_contact.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "reference/fine_rk4.hpp"
#include "reference/hash.hpp"
#include "reference/odeint_cross_check.hpp"
#include "reference/state_error.hpp"

namespace tibench {

namespace {

std::string g17(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string scientific(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.3e", x);
  return buf;
}

// What the problem is, as built: enough to notice a changed implementation.
std::string fingerprint(const Problem& p) {
  const State s0 = p.initial_state();
  Vec f, scratch;
  p.force(s0.q, s0.v, 0.0, f, scratch);
  return "dofs=" + std::to_string(p.dofs()) + " dim=" + std::to_string(p.dim()) +
         " mass_sum=" + g17(p.mass().sum()) + " q0_sum=" + g17(s0.q.sum()) +
         " v0_sum=" + g17(s0.v.sum()) + " H0=" + g17(p.total_energy(s0)) +
         " f0_norm=" + g17(f.norm()) + " f0_sum=" + g17(f.sum());
}

}  // namespace

// Maxima propagate NaN: a difference that could not be computed (overflowing
// states) must never read as a small one.
double Reference::max_self_convergence() const {
  double m = 0.0;
  for (double d : self_convergence) m = std::isnan(d) || std::isnan(m) ? d + m : std::max(m, d);
  return m;
}

double Reference::max_cross_check() const {
  if (cross_check.empty()) return std::numeric_limits<double>::quiet_NaN();
  double m = 0.0;
  for (double a : cross_check) m = std::isnan(a) || std::isnan(m) ? a + m : std::max(m, a);
  return m;
}

bool Reference::resolves(std::size_t j, double error) const {
  return ok && j < self_convergence.size() && error >= kResolutionFactor * self_convergence[j];
}

std::string Reference::summary() const {
  if (method == "exact") return "exact solution";
  if (method == "none") return "none (error metrics not measured)";
  std::string s = "rk4 h_ref=" + scientific(h_ref) + " (" + std::to_string(steps) + " steps)";
  if (!self_convergence.empty())
    s += ", self-convergence d(h_ref, h_ref/2) <= " + scientific(max_self_convergence());
  if (!cross_check.empty())
    s += ", dopri5 (tol " + scientific(cross_check_tol) + ") agrees to " +
         scientific(max_cross_check());
  if (!ok) s += ": FAILED: " + message;
  return s;
}

std::vector<double> output_times(double t_end, long outputs) {
  std::vector<double> t;
  for (long j = 1; j <= outputs; ++j)
    t.push_back(j == outputs ? t_end
                             : t_end * static_cast<double>(j) / static_cast<double>(outputs));
  return t;
}

std::string resolved_method(const Problem& p, const ReferenceRequest& r) {
  if (!(r.t_end > 0) || !std::isfinite(r.t_end))
    throw InputError("invalid reference t_end " + g17(r.t_end) + " (expected a number > 0)");
  if (r.outputs < 1)
    throw InputError("invalid number of output times " + std::to_string(r.outputs) +
                     " (expected an integer >= 1)");
  std::string m = r.method;
  // Bodies against obstacles: RK4 cannot enforce constraint or post-process
  // contact, and through penalty or barrier impacts a fine RK4 run costs
  // more than every cell it would serve; their runs report energies,
  // momenta and contact phases instead of errors.
  const ObstacleContact* contact = p.contact();
  if (m == "auto") m = p.has_exact() ? "exact" : contact ? "none" : "rk4";
  if (m == "rk4" && contact &&
      (contact->kind() == ContactKind::constraint || contact->kind() == ContactKind::post_process))
    throw InputError(
        "reference method 'rk4' cannot enforce contact=" + std::string(to_string(contact->kind())) +
        " of problem '" + std::string(p.id()) +
        "' (accepted: none, or rk4 with contact=penalty or ipc)");
  if (m == "exact") {
    if (!p.has_exact())
      throw InputError("reference method 'exact' requested for problem '" + std::string(p.id()) +
                       "', which has no exact solution (accepted: auto, rk4)");
    return m;
  }
  if (m == "rk4") {
    if (!(r.h_ref > 0) || !std::isfinite(r.h_ref) || r.h_ref > r.t_end)
      throw InputError("invalid reference h_ref " + g17(r.h_ref) +
                       " (expected a number > 0 and <= t_end)");
    return m;
  }
  if (m == "none") return m;
  throw InputError("unknown reference method '" + r.method +
                   "' (accepted: auto, exact, rk4, none)");
}

long reference_steps(const ReferenceRequest& r) {
  const double per_output = r.t_end / static_cast<double>(r.outputs);
  // Smallest steps-per-output m with per_output / m <= h_ref (1e-12 slack for
  // h_ref values that divide the interval up to rounding).
  const long m = std::max(1L, static_cast<long>(std::ceil(per_output / r.h_ref * (1 - 1e-12))));
  return m * r.outputs;
}

std::string reference_key_text(const Problem& p, const ReferenceRequest& r) {
  const std::string method = resolved_method(p, r);
  std::string params;
  for (const auto& [name, value] : p.params().values()) {
    if (!params.empty()) params += ';';
    params += name + "=" + value;
  }
  std::string times;
  for (double t : output_times(r.t_end, r.outputs)) {
    if (!times.empty()) times += ',';
    times += g17(t);
  }
  std::string text = "tibench-reference/1\nproblem=" + std::string(p.id()) + "\nparams=" + params +
                     "\nfingerprint=" + fingerprint(p) + "\ntimes=" + times + "\nmethod=" + method;
  if (method == "rk4") {
    const long n = reference_steps(r);
    text += "\nh_ref=" + g17(r.t_end / static_cast<double>(n)) + "\nsteps=" + std::to_string(n) +
            "\ncross_check=dopri5 tol=" + g17(r.cross_check_tol) +
            " limit=" + g17(r.cross_check_limit);
  }
  return text;
}

Reference compute_reference(const Problem& p, const ReferenceRequest& r,
                            const std::atomic<bool>* cancel) {
  Reference ref;
  ref.method = resolved_method(p, r);
  ref.key_text = reference_key_text(p, r);
  ref.key = hash_hex(ref.key_text);
  ref.times = output_times(r.t_end, r.outputs);
  if (ref.method == "none") return ref;
  if (ref.method == "exact") {
    for (double t : ref.times) ref.states.push_back(p.exact(t));
    ref.self_convergence.assign(ref.times.size(), 0.0);
    return ref;
  }
  ref.steps = reference_steps(r);
  ref.h_ref = r.t_end / static_cast<double>(ref.steps);
  ref.cross_check_tol = r.cross_check_tol;
  const long per_output = ref.steps / r.outputs;
  std::vector<long> at, at_half;
  for (long j = 1; j <= r.outputs; ++j) {
    at.push_back(j * per_output);
    at_half.push_back(2 * j * per_output);
  }
  try {
    ref.states = fine_rk4(p, r.t_end, ref.steps, at, cancel);
    const auto half = fine_rk4(p, r.t_end, 2 * ref.steps, at_half, cancel);
    for (std::size_t j = 0; j < ref.states.size(); ++j)
      ref.self_convergence.push_back(state_error(p.mass(), ref.states[j], half[j]).total);
  } catch (const std::runtime_error& e) {
    ref.ok = false;
    ref.message = e.what();
    ref.states.clear();
    ref.self_convergence.assign(ref.times.size(), std::numeric_limits<double>::infinity());
    return ref;
  }
  try {
    // A budget of the fine RK4 runs' evaluations (4 per step, at h_ref and
    // h_ref/2), at least 1e6: smooth problems need far fewer at this
    // tolerance; a chattering integration is cut off instead of hanging.
    const long budget = std::max(12 * ref.steps, 1'000'000L);
    const auto dp = dopri5_states(p, ref.times, r.cross_check_tol, budget, cancel);
    for (std::size_t j = 0; j < ref.states.size(); ++j)
      ref.cross_check.push_back(state_error(p.mass(), ref.states[j], dp[j]).total);
  } catch (const std::runtime_error& e) {
    ref.ok = false;
    ref.message = std::string("dopri5 cross-check failed: ") + e.what();
    return ref;
  }
  for (std::size_t j = 0; j < ref.cross_check.size(); ++j) {
    const double allowed = 2.0 * ref.self_convergence[j] + r.cross_check_limit;
    if (!(ref.cross_check[j] <= allowed)) {
      ref.ok = false;
      ref.message = "fine RK4 and dopri5 disagree by " + scientific(ref.cross_check[j]) +
                    " at t=" + g17(ref.times[j]) +
                    ", more than 2 x the self-convergence difference " +
                    scientific(ref.self_convergence[j]) + " + " + scientific(r.cross_check_limit);
      break;
    }
  }
  return ref;
}

}  // namespace tibench
