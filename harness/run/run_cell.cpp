#include "harness/run/run_cell.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>

#include "harness/run/run_recorder.hpp"
#include "integrators/engines/driver.hpp"
#include "integrators/methods/method_file.hpp"
#include "problems/registry.hpp"
#include "problems/scenes/scene_file.hpp"
#include "reference/fine_rk4.hpp"
#include "reference/hash.hpp"
#include "reference/state_error.hpp"

namespace tibench {

Metrics::Metrics() {
  values_.fill(std::numeric_limits<double>::quiet_NaN());
  for (const char* counter : {"newton_iters_total", "linear_solves", "rhs_evals",
                              "inner_iters_total", "local_s", "global_s", "wall_s"})
    (*this)[counter] = 0.0;
}

std::size_t Metrics::index(std::string_view key) {
  for (std::size_t k = 0; k < kMetricKeys.size(); ++k)
    if (key == kMetricKeys[k]) return k;
  throw std::logic_error("unknown metric key '" + std::string(key) + "'");
}

double& Metrics::operator[](std::string_view key) { return values_[index(key)]; }
double Metrics::operator[](std::string_view key) const { return values_[index(key)]; }

long step_count(double h, double t_end) {
  const double ratio = t_end / h;
  // Beyond this lround overflows; validate_cell refuses such cells long before.
  if (!(ratio < 9.0e18)) return std::numeric_limits<long>::max();
  return std::max(1L, std::lround(ratio));
}

namespace {

// Step sizes in messages: as typed (0.26), not as stored (0.26000000000000001).
std::string shown(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

// 0 < h <= t_end and at most max_steps steps; `what` names the step size.
void check_step_size(double h, double t_end, long max_steps, const std::string& what) {
  if (h > t_end * (1 + 1e-12))
    throw InputError("invalid " + what + " = " + shown(h) +
                     ": larger than t_end = " + shown(t_end) + " (accepted: 0 < h <= t_end)");
  const double steps = t_end / h;
  if (steps > static_cast<double>(max_steps) + 0.5) {
    char count[32];
    std::snprintf(count, sizeof count, steps < 1e15 ? "%.0f" : "%.3g", steps);
    throw InputError(what + " = " + shown(h) + " over t_end = " + shown(t_end) + " needs " + count +
                     " steps, more than the limit of " + std::to_string(max_steps) +
                     " (accepted: at most that many; raise it with " + "--max-steps)");
  }
}

}  // namespace

void check_distinct_step_counts(const std::vector<double>& ladder, double t_end) {
  for (std::size_t i = 0; i < ladder.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (step_count(ladder[i], t_end) == step_count(ladder[j], t_end))
        throw InputError("step sizes " + shown(ladder[j]) + " and " + shown(ladder[i]) +
                         " both give " + std::to_string(step_count(ladder[i], t_end)) +
                         " steps over t_end = " + shown(t_end) +
                         " (accepted: step sizes whose counts round(t_end/h) differ)");
}

std::string hkey(double h) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "h=%.6e", h);
  return buf;
}

void validate_cell(const CellSpec& spec) {
  if (!(spec.h > 0) || !std::isfinite(spec.h))
    throw InputError("invalid step size h = " + std::to_string(spec.h) +
                     " (expected a finite number > 0)");
  if (!(spec.t_end > 0) || !std::isfinite(spec.t_end))
    throw InputError("invalid t_end = " + std::to_string(spec.t_end) +
                     " (expected a finite number > 0)");
  if (spec.max_steps < 1)
    throw InputError("invalid max_steps = " + std::to_string(spec.max_steps) +
                     " (expected an integer >= 1)");
  check_step_size(spec.h, spec.t_end, spec.max_steps, "step size h");
  if (spec.outputs < 1)
    throw InputError("invalid outputs = " + std::to_string(spec.outputs) +
                     " (expected an integer >= 1)");
  const long steps = step_count(spec.h, spec.t_end);
  if (steps % spec.outputs != 0)
    throw InputError("step size h = " + format_real(spec.h) + " gives " + std::to_string(steps) +
                     " steps over t_end = " + format_real(spec.t_end) +
                     ", not a multiple of outputs = " + std::to_string(spec.outputs) +
                     " (accepted: h such that round(t_end/h) is a multiple of outputs)");
  const auto& pinfo = find_problem(spec.problem);
  const ParamSet pparams = problem_params(pinfo, spec.problem_params);
  // Building a problem can be costly (meshes): only "exact" needs the
  // instance to be checked here; the other methods need h_ref alone.
  const ReferenceRequest req = reference_request(spec);
  if (req.method == "exact")
    (void)resolved_method(*pinfo.make(pparams), req);
  else if (req.method != "auto" && req.method != "rk4" && req.method != "none")
    throw InputError("unknown reference method '" + req.method +
                     "' (accepted: auto, exact, rk4, none)");
  else if (!(req.h_ref > 0) || !std::isfinite(req.h_ref) || req.h_ref > req.t_end)
    throw InputError("invalid reference h_ref " + format_real(req.h_ref) +
                     " (expected a number > 0 and <= t_end)");
  else if (req.method == "rk4")
    check_step_size(req.h_ref, req.t_end, spec.max_steps, "reference step h_ref");
  const auto& iinfo = resolve_integrator(spec.integrator);
  (void)integrator_params(iinfo, spec.integrator_params);
}

ReferenceRequest reference_request(const CellSpec& spec) {
  ReferenceRequest r;
  r.method = spec.reference_method;
  r.t_end = spec.t_end;
  r.outputs = spec.outputs;
  r.h_ref = spec.h_ref > 0 ? spec.h_ref : spec.h / kDefaultReferenceRefinement;
  return r;
}

namespace {

// A cell run with a method or scene file depends on the file's content
// (and a scene's meshes'), not its name.
std::string method_file_key(const std::string& integrator) {
  const MethodFile* file = method_file_of(integrator);
  return file ? "\nmethod_file=" + hash_hex(file->text) : "";
}
std::string scene_file_key(const std::string& problem) {
  const SceneFile* file = scene_file_of(problem);
  return file ? "\nscene_file=" + hash_hex(file->identity) : "";
}

}  // namespace

std::string cell_key_text(const CellSpec& spec) {
  auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ";") + x;
    return s;
  };
  return "tibench-cell/1\nproblem=" + spec.problem + "\nproblem_label=" + spec.problem_key() +
         "\nparams=" + sorted(spec.problem_params) + "\nintegrator=" + spec.integrator +
         "\nintegrator_label=" + spec.integrator_key() +
         "\niparams=" + sorted(spec.integrator_params) + "\nh=" + format_real(spec.h) +
         "\nt_end=" + format_real(spec.t_end) +
         "\nmax_samples=" + std::to_string(spec.max_samples) +
         "\nenergy_cap=" + format_real(spec.energy_cap) +
         "\noutputs=" + std::to_string(spec.outputs) + "\nreference=" + spec.reference_method +
         "\nh_ref=" + format_real(spec.h_ref) +
         (spec.frames >= 0 ? "\nframes=" + std::to_string(spec.frames) : "") +
         method_file_key(spec.integrator) + scene_file_key(spec.problem);
}

std::string cell_key(const CellSpec& spec) { return hash_hex(cell_key_text(spec)); }

namespace {

nlohmann::ordered_json to_json(const ParamSet& p) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const ParamSpec& spec : p.specs()) {
    switch (spec.kind) {
      case ParamKind::real: j[spec.name] = p.real(spec.name); break;
      case ParamKind::integer: j[spec.name] = p.integer(spec.name); break;
      case ParamKind::boolean: j[spec.name] = p.boolean(spec.name); break;
      case ParamKind::choice: j[spec.name] = p.choice(spec.name); break;
      case ParamKind::path: j[spec.name] = p.path(spec.name); break;
    }
  }
  return j;
}

// Errors at the output times, against the reference; an error the reference
// cannot resolve (below 100× its self-convergence difference there) is
// recorded as NaN and explained in reference_check.
void error_metrics(const Problem& p, const Reference& ref, const std::vector<State>& at_outputs,
                   RunRecord& rec) {
  Metrics& m = rec.metrics;
  rec.reference_method = ref.method;
  rec.reference_key = ref.key;
  if (!ref.ok) {
    rec.reference_check = {ReferenceOutcome::fail, "the reference failed: " + ref.message};
    return;
  }
  if (ref.method == "none") {
    rec.reference_check = {ReferenceOutcome::none,
                           "no reference requested; error metrics not measured"};
    return;
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::string unresolved;
  double worst_ratio = std::numeric_limits<double>::infinity();
  StateError last;
  bool last_resolved = false;
  for (std::size_t j = 0; j < at_outputs.size(); ++j) {
    const StateError e = state_error(p.mass(), at_outputs[j], ref.states[j]);
    const bool resolved = ref.method == "exact" || ref.resolves(j, e.total);
    if (ref.method != "exact" && ref.self_convergence[j] > 0)
      worst_ratio = std::min(worst_ratio, e.total / ref.self_convergence[j]);
    if (!resolved && unresolved.empty()) {
      char buf[240];
      std::snprintf(buf, sizeof buf,
                    "error %.3e at t=%.6g is less than %.0fx the reference's "
                    "self-convergence difference %.3e there; not reported (refine h_ref)",
                    e.total, ref.times[j], kResolutionFactor, ref.self_convergence[j]);
      unresolved = buf;
    }
    rec.err_out.push_back(resolved ? e.total : nan);
    last = e;
    last_resolved = resolved;
  }
  if (ref.method == "exact")
    rec.reference_check = {ReferenceOutcome::exact, ""};
  else if (!unresolved.empty())
    rec.reference_check = {ReferenceOutcome::fail, unresolved};
  else {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "every error is >= %.0fx the reference's self-convergence difference "
                  "(smallest ratio %.3g)",
                  kResolutionFactor, worst_ratio);
    rec.reference_check = {ReferenceOutcome::pass, buf};
  }
  if (rec.status != RunStatus::ok || at_outputs.size() != ref.states.size()) return;
  if (last_resolved) {
    m["err_final"] = last.total;
    m["err_q_final"] = last.q;
    m["err_v_final"] = last.v;
  }
  if (unresolved.empty()) m["err_max"] = *std::max_element(rec.err_out.begin(), rec.err_out.end());
}

using Clock = std::chrono::steady_clock;

// The record of the cell before it runs: its identity and step count.
RunRecord start_record(const CellSpec& spec) {
  RunRecord rec;
  rec.spec = spec;
  rec.cell_key = cell_key(spec);
  rec.steps = step_count(spec.h, spec.t_end);
  rec.h = spec.t_end / static_cast<double>(rec.steps);
  return rec;
}

// {"problem": {...}, "integrator": {...}}: the parameters with every default.
nlohmann::ordered_json params_of(const ParamSet& pparams, const ParamSet& iparams) {
  nlohmann::ordered_json j;
  j["problem"] = to_json(pparams);
  j["integrator"] = to_json(iparams);
  return j;
}

// Drives the stepper over the cell's steps, feeding the recorder and keeping
// the states at the output times; the cell's deadline counts from
// cell_start. Throws Cancelled once *ctx.cancel is set.
DriveResult integrate(const Problem& problem, Stepper& stepper, const State& s0,
                      const RunContext& ctx, Clock::time_point cell_start, RunRecorder& recorder,
                      std::vector<State>& at_outputs, RunRecord& rec) {
  // Output step n_j = j N / K lands exactly on t_j (validate_cell checks K | N).
  const long per_output = rec.steps / std::max(1L, rec.spec.outputs);
  DriveOptions opts;
  opts.steps = rec.steps;
  opts.energy_cap = rec.spec.energy_cap;
  if (ctx.time_limit_s > 0)
    opts.deadline = cell_start + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(ctx.time_limit_s));
  const auto start = Clock::now();
  DriveResult dr =
      drive(problem, stepper, s0, opts, [&](long n, const State& s, const StepReport& r, double H) {
        if (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed)) throw Cancelled{};
        if (ctx.steps_done) ctx.steps_done->store(n, std::memory_order_relaxed);
        recorder.on_step(n, s, r, H);
        if (n % per_output == 0) {
          at_outputs.push_back(s);
          rec.t_out.push_back(s.t);
        }
      });
  rec.metrics["wall_s"] = std::chrono::duration<double>(Clock::now() - start).count();
  return dr;
}

// How the run ended (a timeout names the cell's limit), its counters and final state.
void record_outcome(const DriveResult& dr, const RunContext& ctx, RunRecord& rec) {
  rec.status = dr.status;
  rec.message = dr.message;
  if (dr.status == RunStatus::timeout) {
    char limit[64];
    std::snprintf(limit, sizeof limit, "cell time limit %g s: ", ctx.time_limit_s);
    rec.message = limit + dr.message;
  }
  rec.metrics["newton_iters_total"] = dr.totals.newton_iters;
  rec.metrics["linear_solves"] = dr.totals.linear_solves;
  rec.metrics["rhs_evals"] = static_cast<double>(dr.totals.rhs_evals);
  rec.metrics["inner_iters_total"] = static_cast<double>(dr.totals.inner_iters);
  rec.metrics["local_s"] = dr.totals.local_seconds;
  rec.metrics["global_s"] = dr.totals.global_seconds;
  if (dr.steps_taken > 0) {
    const double steps = static_cast<double>(dr.steps_taken);
    rec.metrics["newton_iters_per_step"] = dr.totals.newton_iters / steps;
    rec.metrics["wall_per_sim_s"] = rec.metrics["wall_s"] / (steps * rec.h);
  }
  const State& s = dr.final_state;
  rec.final_q.assign(s.q.data(), s.q.data() + s.q.size());
  rec.final_v.assign(s.v.data(), s.v.data() + s.v.size());
}

// Builds the problem, its reference (unless given) and the stepper, runs the
// cell and measures it into rec. Throws for bad input and for a problem or
// stepper that cannot be built.
void measure_cell(const CellSpec& spec, const RunContext& ctx, Clock::time_point cell_start,
                  RunRecord& rec) {
  const ProblemInfo& pinfo = find_problem(spec.problem);
  const ParamSet pparams = problem_params(pinfo, spec.problem_params);
  const IntegratorInfo& iinfo = resolve_integrator(spec.integrator);
  const ParamSet iparams = integrator_params(iinfo, spec.integrator_params);
  nlohmann::ordered_json params = params_of(pparams, iparams);
  // A method file is part of the run's input: its text goes with the run.
  if (const MethodFile* file = method_file_of(spec.integrator)) params["method_file"] = file->text;
  if (const SceneFile* file = scene_file_of(spec.problem)) params["scene_file"] = file->text;
  rec.params_json = params.dump();  // kept when building the problem throws

  const auto problem = pinfo.make(pparams);
  if (const auto facts = problem->provenance(); !facts.empty()) {
    for (const auto& [name, value] : facts) params["instance"][name] = value;
    rec.params_json = params.dump();
  }
  rec.dim = problem->dim();
  Reference own;
  const Reference* ref = ctx.reference;
  if (!ref) {
    own = compute_reference(*problem, reference_request(spec), ctx.cancel);
    ref = &own;
  }
  const State s0 = problem->initial_state();
  auto stepper =
      ctx.stepper ? (*ctx.stepper)(*problem, rec.h, iparams) : iinfo.make(*problem, rec.h, iparams);
  RunRecorder recorder(*problem, s0, rec.steps, spec.max_samples, spec.frames, rec);
  std::vector<State> at_outputs;
  const DriveResult dr =
      integrate(*problem, *stepper, s0, ctx, cell_start, recorder, at_outputs, rec);
  recorder.finish(rec.metrics);
  record_outcome(dr, ctx, rec);
  error_metrics(*problem, *ref, at_outputs, rec);
}

}  // namespace

RunRecord error_record(const CellSpec& spec, const std::string& message) {
  RunRecord rec = start_record(spec);
  rec.status = RunStatus::error;
  rec.message = message;
  return rec;
}

RunRecord run_cell(const CellSpec& spec, const RunContext& ctx) {
  const auto cell_start = Clock::now();
  RunRecord rec = start_record(spec);
  try {
    measure_cell(spec, ctx, cell_start, rec);
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    rec.status = RunStatus::error;
    rec.message = e.what();
  }
  return rec;
}

}  // namespace tibench
