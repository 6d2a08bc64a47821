// Runs of the contact scenes for the claim checks: a registry problem and
// integrator driven to t_end through the same driver and phase detection as
// `tibench run` (integrators/engines/driver.hpp, harness/analysis/contact_phases.hpp), with
// what the contact claims measure.
#pragma once

#include <string>
#include <vector>

#include "harness/analysis/contact_phases.hpp"
#include "integrators/engines/driver.hpp"

namespace tibench::claims {

struct ContactRun {
  RunStatus status = RunStatus::ok;
  std::string message;
  double t_failed = 0.0;  // time of the step that ended the run (status != ok)
  long steps = 0;
  double H0 = 0.0, H_final = 0.0;
  double min_phi = 0.0;             // over every step
  int max_inverted = 0;             // over every step (observable inverted_elements, if any)
  long first_uninverted_step = -1;  // first step after which no element is inverted again
  std::vector<ContactPhase> phases;
  State final_state;
};

ContactRun run_contact(const std::string& problem, const std::vector<std::string>& params,
                       const std::string& integrator, const std::vector<std::string>& iparams,
                       double h, double t_end);

}  // namespace tibench::claims
