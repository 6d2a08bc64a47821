// The driver: runs a Stepper for a fixed number of steps, detects divergence
// and reports every step to an observer. Separate from the engines (as
// Boost.Odeint's integrate functions are separate from its steppers).
//
// A run ends early with
//   solver_failed  when a step's nonlinear solve fails,
//   diverged       when q or v becomes non-finite, or when |H − H₀| exceeds
//                  energy_cap · max(|H₀|, energy_floor),
//   timeout        when a step ends after options.deadline (checked between
//                  steps, so a step is never interrupted and no thread killed).
// Time is set to t₀ + n h after step n, so it does not accumulate rounding.
// Problems with obstacles: after every step the driver applies post-process
// contact (problems/contact/obstacle_contact.hpp) and fills the report's
// contact fields (min φ, the touching pairs' mean normal, and the number of
// pairs in contact where the engine's solver did not count them).
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "integrators/engines/stepper.hpp"

namespace tibench {

enum class RunStatus { ok, diverged, solver_failed, timeout, error };
// Every status, in the order run summaries list them.
inline constexpr std::array<RunStatus, 5> kRunStatuses{RunStatus::ok, RunStatus::diverged,
                                                       RunStatus::solver_failed, RunStatus::timeout,
                                                       RunStatus::error};
// The status's name as run files, logs and tables show it ("solver_failed").
const char* to_string(RunStatus s);
// The status whose name is `text`; nullopt for any other text.
std::optional<RunStatus> parse_run_status(std::string_view text);
// "ok, diverged, solver_failed, timeout, error": the accepted names, for messages.
std::string run_status_names();

struct DriveOptions {
  long steps = 0;
  double energy_cap = 1e12;  // relative energy change that counts as divergence
  double energy_floor = 1e-300;
  std::optional<std::chrono::steady_clock::time_point> deadline;  // none: no time limit
};

struct DriveResult {
  RunStatus status = RunStatus::ok;
  std::string message;
  long steps_taken = 0;
  State final_state;
  StepReport totals;  // summed counters; residual = max over steps
};

// on_step(n, state after step n, report of step n, H(state)).
using StepCallback = std::function<void(long, const State&, const StepReport&, double)>;

DriveResult drive(const Problem& p, Stepper& stepper, State s, const DriveOptions& options,
                  const StepCallback& on_step);

}  // namespace tibench
