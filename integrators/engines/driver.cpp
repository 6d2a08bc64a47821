#include "integrators/engines/driver.hpp"

#include <cmath>
#include <cstdio>

#include "problems/contact/obstacle_contact.hpp"

namespace tibench {

const char* to_string(RunStatus s) {
  switch (s) {
    case RunStatus::ok: return "ok";
    case RunStatus::diverged: return "diverged";
    case RunStatus::solver_failed: return "solver_failed";
    case RunStatus::timeout: return "timeout";
    case RunStatus::error: return "error";
  }
  return "error";
}

std::optional<RunStatus> parse_run_status(std::string_view text) {
  for (RunStatus s : kRunStatuses)
    if (text == to_string(s)) return s;
  return std::nullopt;
}

std::string run_status_names() {
  std::string names;
  for (RunStatus s : kRunStatuses) names += (names.empty() ? "" : ", ") + std::string(to_string(s));
  return names;
}

namespace {

void after_step_contact(const Problem& p, const ObstacleContact& c, State& s, StepReport& r) {
  p.set_potential_time(s.t);
  if (c.kind() == ContactKind::post_process) r.contacts = c.post_process(s.q, s.v, p.mass());
  const ContactSummary summary = c.summary(s.q);
  r.min_phi = summary.min_phi;
  // An engine that enforces contact itself (the QP corrector) reports the
  // normal of its active rows; the others leave it to the touching pairs.
  if (r.contact_normal.isZero()) r.contact_normal = summary.normal;
  if (r.contacts < 0) r.contacts = summary.in_contact;
}

}  // namespace

DriveResult drive(const Problem& p, Stepper& stepper, State s, const DriveOptions& options,
                  const StepCallback& on_step) {
  DriveResult result;
  const double t0 = s.t;
  const double h = stepper.h();
  const double H0 = p.total_energy(s);
  const double cap = options.energy_cap * std::max(std::abs(H0), options.energy_floor);
  for (long n = 1; n <= options.steps; ++n) {
    StepReport r = stepper.step(s);
    result.totals.absorb(r);
    if (r.status == StepStatus::solver_failed) {
      result.status = RunStatus::solver_failed;
      result.message = "step " + std::to_string(n) + ": " + r.message;
      break;
    }
    s.t = t0 + static_cast<double>(n) * h;
    if (const ObstacleContact* c = p.contact()) after_step_contact(p, *c, s, r);
    result.steps_taken = n;
    if (!all_finite(s.q) || !all_finite(s.v)) {
      result.status = RunStatus::diverged;
      result.message = "non-finite state at step " + std::to_string(n);
      break;
    }
    const double H = p.total_energy(s);
    if (on_step) on_step(n, s, r, H);
    if (!std::isfinite(H) || std::abs(H - H0) > cap) {
      result.status = RunStatus::diverged;
      char energies[96];
      std::snprintf(energies, sizeof energies, " (H = %.6g, H0 = %.6g)", H, H0);
      result.message = "energy left the cap at step " + std::to_string(n) + energies;
      break;
    }
    if (options.deadline && n < options.steps &&
        std::chrono::steady_clock::now() >= *options.deadline) {
      result.status = RunStatus::timeout;
      result.message = "time limit reached after step " + std::to_string(n) + " of " +
                       std::to_string(options.steps);
      break;
    }
  }
  result.final_state = std::move(s);
  return result;
}

}  // namespace tibench
