#include "claims/contact_runs.hpp"

#include <algorithm>
#include <cmath>

#include "claims/support.hpp"
#include "problems/contact/obstacle_contact.hpp"

namespace tibench::claims {

ContactRun run_contact(const std::string& problem, const std::vector<std::string>& params,
                       const std::string& integrator, const std::vector<std::string>& iparams,
                       double h, double t_end) {
  const auto p = make_problem(problem, params);
  auto st = stepper(integrator, *p, h, iparams);
  const State s0 = p->initial_state();
  ContactRun out;
  out.H0 = p->total_energy(s0);
  const ObstacleContact* c = p->contact();
  ContactPhaseDetector phases(*p, s0, out.H0, 0);
  out.min_phi = c ? c->summary(s0.q).min_phi : 0.0;
  const int inverted = observable_index(*p, "inverted_elements");
  std::vector<double> obs;
  DriveOptions o;
  o.steps = std::max(1L, std::lround(t_end / h));
  const DriveResult r =
      drive(*p, *st, s0, o, [&](long n, const State& s, const StepReport& rep, double H) {
        phases.on_step(s, rep, H);
        if (!std::isnan(rep.min_phi)) out.min_phi = std::min(out.min_phi, rep.min_phi);
        if (inverted < 0) return;
        p->observables(s, obs);
        const int count = static_cast<int>(obs[static_cast<std::size_t>(inverted)]);
        out.max_inverted = std::max(out.max_inverted, count);
        if (count > 0)
          out.first_uninverted_step = -1;
        else if (out.first_uninverted_step < 0)
          out.first_uninverted_step = n;
      });
  out.status = r.status;
  out.message = r.message;
  out.steps = r.steps_taken;
  out.t_failed = r.status == RunStatus::ok ? 0.0 : static_cast<double>(r.steps_taken + 1) * h;
  out.final_state = r.final_state;
  out.H_final = p->total_energy(r.final_state);
  out.phases = phases.finish();
  return out;
}

}  // namespace tibench::claims
