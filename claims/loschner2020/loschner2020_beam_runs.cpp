#include "claims/loschner2020/loschner2020_beam_runs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "claims/support.hpp"
#include "harness/run/thread_pool.hpp"

namespace tibench::loschner_beam {

namespace {

std::string key_of(const RunSpec& s) {
  char key[96];
  std::snprintf(key, sizeof key, "loschner-beam %s %.17g %.17g", s.method.c_str(), s.h, s.t_end);
  return key;
}

// The runs of one context, by key_of. Checks running at once (run_claims)
// share it: run_all holds the mutex while it computes, so that a second
// check waits and then finds the runs it shares with the first.
struct RunStore {
  std::mutex mutex;
  std::map<std::string, BeamRun> runs;
};

RunStore& store_of(const ClaimContext& ctx) {
  std::string name = "loschner-beam runs";
  for (const std::string& o : ctx.scene_overrides) name += " " + o;
  return *ctx.cache->get<std::shared_ptr<RunStore>>(name,
                                                    [] { return std::make_shared<RunStore>(); });
}

BeamRun simulate(const ClaimContext& ctx, const RunSpec& spec) {
  const auto p = make_problem("beam", beam_params(ctx));
  const std::size_t e_index = claims::required_observable(*p, "specific_energy");
  auto st = claims::stepper(spec.method, *p, spec.h);
  State s = p->initial_state();
  std::vector<double> obs;
  auto specific_energy = [&] {
    p->observables(s, obs);
    return obs[e_index];
  };
  BeamRun run;
  run.e0 = specific_energy();
  const double mass = p->total_energy(s) / run.e0;  // ρV: e_tot = H / (ρV)
  const long steps = std::lround(spec.t_end / spec.h);
  run.t.reserve(steps);
  run.de.reserve(steps);
  for (long n = 1; n <= steps; ++n) {
    const StepReport r = st->step(s);
    const double e = specific_energy();
    if (r.status != StepStatus::ok || !std::isfinite(e)) {
      run.failure = "step " + std::to_string(n) + ": " +
                    (r.status != StepStatus::ok ? r.message : std::string("non-finite energy"));
      return run;
    }
    run.t.push_back(s.t);
    run.de.push_back(std::abs(e - run.e0));
  }
  run.kinetic_final = (p->total_energy(s) - p->potential(s.q)) / mass;
  return run;
}

}  // namespace

const std::vector<Method>& methods() {
  static const std::vector<Method> m{
      {"backward-euler", "BE"}, {"sdirk2", "SDIRK2"},           {"tr-bdf2-bathe", "TR-BDF2(B)"},
      {"sdirk3", "SDIRK3"},     {"sdirk-ncs23", "SDIRK-NCS23"}, {"sdirk-nc34", "SDIRK-NC34"},
      {"ros3pl", "ROS3PL"}};
  return m;
}

std::vector<std::string> beam_params(const ClaimContext& ctx) {
  std::vector<std::string> p = ctx.fast() ? std::vector<std::string>{"nx=8", "ny=1", "nz=1"}
                                          : std::vector<std::string>{"nx=16", "ny=2", "nz=2"};
  p.insert(p.end(), ctx.scene_overrides.begin(), ctx.scene_overrides.end());
  return p;
}

// The perturbed inputs, when a test sets them.
std::string overrides_note(const ClaimContext& ctx) {
  std::string note;
  for (const std::string& o : ctx.scene_overrides) note += (note.empty() ? "" : ", ") + o;
  return note.empty() ? "" : "; perturbed: " + note;
}

std::string beam_description(const ClaimContext& ctx) {
  return std::string(
             "problem beam (1 x 0.125 x 0.125 m, rho = 1000, E = 1e5, nu = 0.4, Stable "
             "Neo-Hookean, gravity, both ends clamped, from rest) on ") +
         (ctx.fast() ? "8 x 1 x 1" : "16 x 2 x 2") +
         " hexahedra, a coarser stand-in for the registry's 32 x 4 x 4" + overrides_note(ctx);
}

void run_all(const ClaimContext& ctx, const std::vector<RunSpec>& specs) {
  RunStore& store = store_of(ctx);
  const std::lock_guard<std::mutex> lock(store.mutex);
  std::vector<RunSpec> todo;
  std::set<std::string> queued;  // a repeated spec runs once
  for (const auto& spec : specs)
    if (!store.runs.count(key_of(spec)) && queued.insert(key_of(spec)).second) todo.push_back(spec);
  // Longest first (steps per run), so that the last run to start is short.
  std::stable_sort(todo.begin(), todo.end(), [](const RunSpec& a, const RunSpec& b) {
    return a.t_end / a.h > b.t_end / b.h;
  });
  std::vector<BeamRun> results(todo.size());
  run_pool(
      todo.size(), 2, nullptr, [&](std::size_t i) { results[i] = simulate(ctx, todo[i]); },
      [](std::size_t) {}, [] {});
  for (std::size_t i = 0; i < todo.size(); ++i) store.runs[key_of(todo[i])] = std::move(results[i]);
}

const BeamRun& beam_run(const ClaimContext& ctx, const RunSpec& spec) {
  run_all(ctx, {spec});  // nothing to run when it is there
  RunStore& store = store_of(ctx);
  const std::lock_guard<std::mutex> lock(store.mutex);
  return store.runs.at(key_of(spec));  // a std::map's nodes stay where they are
}

double static_energy_gap(const ClaimContext& ctx) {
  std::string name = "loschner-beam static gap";  // per scene: the sweeps share the cache
  for (const std::string& o : ctx.scene_overrides) name += " " + o;
  return ctx.cache->get<double>(name, [&] {
    const auto p = make_problem("beam", beam_params(ctx));
    const std::size_t e_index = claims::required_observable(*p, "specific_energy");
    State s = p->initial_state();
    std::vector<double> obs;
    p->observables(s, obs);
    const double e0 = obs[e_index];
    auto st = claims::stepper("backward-euler", *p, 1e4);
    for (int k = 0; k < 5; ++k) {
      s = claims::step_once(*st, s);
      s.v.setZero();  // a static solve: only the positions matter
    }
    p->observables(s, obs);
    return e0 - obs[e_index];
  });
}

}  // namespace tibench::loschner_beam
