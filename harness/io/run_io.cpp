#include "harness/io/run_io.hpp"

#include "harness/io/h5io.hpp"
#include "harness/io/schema_fields.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace tibench {

std::string frame_dataset(std::size_t k) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%06zu", k);
  return buf;
}

namespace {

void write_contact(H5::H5File& f, const std::string& path, const RunRecord& rec) {
  if (rec.contact_model.empty()) return;
  H5::Group c = h5::group(f, path);
  h5::attr(c, "model", rec.contact_model);
  h5::attr(c, "phases", static_cast<long long>(rec.contact_phases.size()));
  double deepest = 0.0;
  for (double phi : rec.series.min_phi)
    if (phi < 0) deepest = std::max(deepest, -phi);
  for (const auto& ph : rec.contact_phases) deepest = std::max(deepest, ph.max_penetration);
  h5::attr(c, "max_penetration", deepest);
  h5::dataset(c, "active", rec.series.contact_active);
  h5::dataset(c, "min_phi", rec.series.min_phi);
  H5::Group g = h5::group(f, path + "/phases");
  std::vector<double> t0, t1, open, normal, vin, vout, e, dH, dp, pen, act, flight, apex;
  std::size_t dim = 1;
  for (const auto& ph : rec.contact_phases) {
    t0.push_back(ph.t_start);
    t1.push_back(ph.t_end);
    open.push_back(ph.open ? 1.0 : 0.0);
    normal.insert(normal.end(), ph.normal.data(), ph.normal.data() + 3);
    vin.push_back(ph.v_in);
    vout.push_back(ph.v_out);
    e.push_back(ph.restitution);
    dH.push_back(ph.energy_change);
    if (!ph.momentum_change.empty()) dim = ph.momentum_change.size();
    std::vector<double> change = ph.momentum_change;
    change.resize(dim, std::numeric_limits<double>::quiet_NaN());
    dp.insert(dp.end(), change.begin(), change.end());
    pen.push_back(ph.max_penetration);
    act.push_back(ph.max_active);
    flight.push_back(ph.flight_energy_change);
    apex.push_back(ph.apex);
  }
  h5::dataset(g, "t_start", t0);
  h5::dataset(g, "t_end", t1);
  h5::dataset(g, "open", open);
  h5::matrix_dataset(g, "normal", normal, 3);
  h5::dataset(g, "v_in", vin);
  h5::dataset(g, "v_out", vout);
  h5::dataset(g, "restitution", e);
  h5::dataset(g, "energy_change", dH);
  h5::matrix_dataset(g, "momentum_change", dp, dim);
  h5::dataset(g, "max_penetration", pen);
  h5::dataset(g, "max_active", act);
  h5::dataset(g, "flight_energy_change", flight);
  h5::dataset(g, "apex", apex);
}

// One nodes × 3 dataset per frame (positions/<k>, k zero-padded): every
// XDMF reader can take a whole dataset, while hyperslabs of one 3-D array
// are read in Fortran order by some (the XDMF 3 library among them).
void write_frames(H5::H5File& f, const std::string& path, const RunRecord& rec) {
  const Frames& fr = rec.frames;
  if (fr.t.empty()) return;
  H5::Group g = h5::group(f, path);
  h5::dataset(g, "t", fr.t);
  h5::matrix_dataset(g, "surface", fr.surface, 3);
  H5::Group p = h5::group(f, path + "/positions");
  const std::size_t dofs = fr.t.empty() ? 3 : fr.positions.size() / fr.t.size();
  for (std::size_t k = 0; k < fr.t.size(); ++k) {
    const auto first = fr.positions.begin() + static_cast<std::ptrdiff_t>(k * dofs);
    h5::matrix_dataset(p, frame_dataset(k),
                       std::vector<double>(first, first + static_cast<std::ptrdiff_t>(dofs)), 3);
  }
}

void write_observables(H5::H5File& f, const std::string& path, const RunRecord& rec) {
  const TimeSeries& s = rec.series;
  if (s.observable_names.empty()) return;
  H5::Group obs = h5::group(f, path);
  for (std::size_t k = 0; k < s.observable_names.size(); ++k)
    h5::dataset(obs, s.observable_names[k], s.observables[k]);
}

using R = RunRecord;
using schema::attribute;

// What write_run writes, in order: the one list of a run's fields, from
// which run_group_description() declares them. Metrics come from kMetricKeys.
const std::vector<schema::Attribute<R>>& run_attributes() {
  static const std::vector<schema::Attribute<R>> table = [] {
    std::vector<schema::Attribute<R>> t = {
        attribute<R>("problem", "identity", "problem id (tibench list problems)",
                     [](const R& r) { return r.spec.problem; }),
        attribute<R>("integrator", "identity",
                     "integrator id (tibench list integrators) or file:PATH of a method file",
                     [](const R& r) { return r.spec.integrator; }),
        attribute<R>("h", "identity", "step size used: t_end / steps",
                     [](const R& r) { return r.h; }),
        attribute<R>("h_requested", "identity", "step size of the ladder (the group name's)",
                     [](const R& r) { return r.spec.h; }),
        attribute<R>("t_end", "identity", "end time [s]", [](const R& r) { return r.spec.t_end; }),
        attribute<R>("steps", "identity", "steps of the run, round(t_end / h_requested)",
                     [](const R& r) { return static_cast<long long>(r.steps); }),
        attribute<R>("status", "result", "how the run ended: one of " + run_status_names(),
                     [](const R& r) { return to_string(r.status); }),
        attribute<R>("message", "result", "why the run ended early (empty when ok)",
                     [](const R& r) { return r.message; }),
        schema::json_attribute<R>(
            "params", "parameters",
            "every parameter, defaults included: {\"problem\": {name: value}, "
            "\"integrator\": {name: value}}, and the text of the run's method or scene "
            "file as \"method_file\" or \"scene_file\"",
            [](const R& r) { return r.params_json; }),
        attribute<R>("reference", "reference", "reference method: exact, rk4, or empty (none)",
                     [](const R& r) { return r.reference_method; }),
        attribute<R>("reference_key", "reference",
                     "the reference's group: /reference/<problem>/<key>",
                     [](const R& r) { return r.reference_key; }),
        attribute<R>("reference_check", "reference",
                     "exact, or pass, fail or none followed by ': ' and the reason",
                     [](const R& r) { return to_string(r.reference_check); }),
        attribute<R>("cell_key", "identity", "hash of everything the result depends on",
                     [](const R& r) { return r.cell_key; }),
        attribute<R>("outputs", "identity", "error output times t_j = j t_end / outputs",
                     [](const R& r) { return static_cast<long long>(r.spec.outputs); })};
    const std::string metric_meaning =
        "metric (NaN: not measured), defined in docs/hdf5-schema.md#metrics";
    for (const char* key : kMetricKeys) {
      schema::Attribute<R> metric{key, schema::type_of<double>(), "metric", metric_meaning,
                                  [](H5::H5Object& g, const schema::Attribute<R>& a, const R& r) {
                                    h5::attr(g, a.name, r.metrics[a.name]);
                                  }};
      t.push_back(std::move(metric));
    }
    return t;
  }();
  return table;
}

const std::vector<schema::Dataset<R>>& run_datasets() {
  using schema::matrix_dataset, schema::vector_dataset;
  static const std::vector<schema::Dataset<R>> table = {
      vector_dataset<R>(
          "t", "samples", nullptr, "time of each sample [s]",
          [](const R& r) -> const auto& { return r.series.t; }),
      vector_dataset<R>(
          "energy", "samples", nullptr, "total energy H",
          [](const R& r) -> const auto& { return r.series.energy; }),
      vector_dataset<R>(
          "kinetic", "samples", nullptr, "kinetic energy",
          [](const R& r) -> const auto& { return r.series.kinetic; }),
      vector_dataset<R>(
          "potential", "samples", nullptr, "H minus the kinetic energy",
          [](const R& r) -> const auto& { return r.series.potential; }),
      matrix_dataset<R>(
          "linear_momentum", {"samples", "dim"}, nullptr, "total linear momentum",
          [](const R& r) -> const auto& { return r.series.linear_momentum; },
          [](const R& r) { return r.dim; }),
      matrix_dataset<R>(
          "angular_momentum", {"samples", "3"}, nullptr, "total angular momentum about the origin",
          [](const R& r) -> const auto& { return r.series.angular_momentum; },
          [](const R&) { return 3; }),
      vector_dataset<R>(
          "newton_iters", "samples", nullptr, "stage-solver iterations since the previous sample",
          [](const R& r) -> const auto& { return r.series.newton_iters; }),
      vector_dataset<R>(
          "alpha", "samples", "the method reports α",
          "α of the step that ended at the sample (energy blending, decoupled methods)",
          [](const R& r) -> const auto& { return r.series.alpha; }),
      vector_dataset<R>(
          "energy_target", "samples", "the method reports an energy target",
          "the energy the method steered towards",
          [](const R& r) -> const auto& { return r.series.energy_target; }),
      vector_dataset<R>(
          "error_estimate", "samples", "the method has an embedded estimate",
          "the embedded error estimate of the step that ended at the sample",
          [](const R& r) -> const auto& { return r.series.error_estimate; }),
      vector_dataset<R>(
          "t_out", "outputs", nullptr, "output times reached [s]",
          [](const R& r) -> const auto& { return r.t_out; }),
      vector_dataset<R>(
          "err", "error_outputs", nullptr,
          "err_final's error at each output time (NaN: not resolved by the reference)",
          [](const R& r) -> const auto& { return r.err_out; }),
      vector_dataset<R>(
          "final_q", "dofs", nullptr, "positions after the last step",
          [](const R& r) -> const auto& { return r.final_q; }),
      vector_dataset<R>(
          "final_v", "dofs", nullptr, "velocities after the last step",
          [](const R& r) -> const auto& { return r.final_v; })};
  return table;
}

const std::vector<schema::Subgroup<R>>& run_subgroups() {
  static const std::vector<schema::Subgroup<R>> table = {
      {"observables",
       "the problem has observables",
       schema::type_of<double>(),
       {"samples", nullptr},
       "one series per observable of the problem, by name",
       write_observables},
      {"contact",
       "the problem has obstacles",
       nullptr,
       {nullptr, nullptr},
       "contact model, per-sample contact data and collision phases (docs/contact.md)",
       write_contact},
      {"frames",
       "frames are kept of a body with a surface mesh",
       nullptr,
       {nullptr, nullptr},
       "node positions at evenly spaced steps and the surface triangles (docs/contact.md)",
       write_frames}};
  return table;
}

}  // namespace

nlohmann::ordered_json run_group_description() {
  return {
      {"path", "/runs/{problem_label}/{integrator_label}/{run_key}"},
      {"path_fields",
       {{"problem_label", "the matrix's label of the problem (its id unless a study gives one)"},
        {"integrator_label", "the matrix's label of the integrator (likewise)"},
        {"run_key", "h= and the requested step size, %.6e"}}},
      {"dimensions",
       {{"samples", "time-series samples: t = 0, every k-th step and the last step taken"},
        {"dim", "components of the momentum (the problem's spatial dimension)"},
        {"outputs", "output times reached (at most the attribute outputs)"},
        {"error_outputs",
         "output times with an error: those reached, none without a working reference"},
        {"dofs", "degrees of freedom"}}},
      {"attributes", schema::describe(run_attributes())},
      {"datasets", schema::describe(run_datasets())},
      {"groups", schema::describe(run_subgroups())}};
}

std::string run_path(const CellSpec& spec) {
  return "/runs/" + spec.problem_key() + "/" + spec.integrator_key() + "/" + hkey(spec.h);
}

void write_run(H5::H5File& f, const RunRecord& rec) {
  const std::string path = run_path(rec.spec);
  if (h5::exists(f, path)) f.unlink(path);
  H5::Group g = h5::group(f, path);
  for (const auto& a : run_attributes()) a.write(g, a, rec);
  for (const auto& d : run_datasets()) d.write(g, d, rec);
  for (const auto& s : run_subgroups()) s.write(f, path + "/" + s.name, rec);
}

std::string reference_path(const std::string& problem_label, const Reference& ref) {
  return "/reference/" + problem_label + "/" + ref.key;
}

void write_reference(H5::H5File& f, const std::string& path, const Reference& ref) {
  if (h5::exists(f, path)) return;  // same key: same content
  H5::Group g = h5::group(f, path);
  h5::attr(g, "method", ref.method);
  h5::attr(g, "h_ref", ref.h_ref);
  h5::attr(g, "steps", static_cast<long long>(ref.steps));
  h5::attr(g, "t_end", ref.times.empty() ? 0.0 : ref.times.back());
  h5::attr(g, "key_text", ref.key_text);
  h5::attr(g, "ok", ref.ok);
  h5::attr(g, "message", ref.message);
  h5::attr(g, "self_convergence", ref.max_self_convergence());
  h5::attr(g, "cross_check", ref.max_cross_check());
  h5::attr(g, "cross_check_tol", ref.cross_check_tol);
  h5::attr(g, "summary", ref.summary());
  h5::dataset(g, "t", ref.times);
  std::vector<double> q, v;
  std::size_t cols = 1;
  for (const State& s : ref.states) {
    cols = static_cast<std::size_t>(s.q.size());
    q.insert(q.end(), s.q.data(), s.q.data() + s.q.size());
    v.insert(v.end(), s.v.data(), s.v.data() + s.v.size());
  }
  h5::matrix_dataset(g, "q", q, cols);
  h5::matrix_dataset(g, "v", v, cols);
  h5::dataset(g, "self_convergence", ref.self_convergence);
  h5::dataset(g, "cross_check", ref.cross_check);
}

Reference read_reference(const H5::H5File& f, const std::string& path) {
  H5::Group g = f.openGroup(path);
  Reference ref;
  ref.method = h5::read_string_attr(g, "method");
  ref.h_ref = h5::read_double_attr(g, "h_ref");
  ref.steps = static_cast<long>(h5::read_int_attr(g, "steps"));
  ref.key_text = h5::read_string_attr(g, "key_text");
  ref.ok = h5::read_int_attr(g, "ok") != 0;
  ref.message = h5::read_string_attr(g, "message");
  ref.cross_check_tol = h5::read_double_attr(g, "cross_check_tol");
  ref.times = h5::read_doubles(g, "t");
  ref.self_convergence = h5::read_doubles(g, "self_convergence");
  ref.cross_check = h5::read_doubles(g, "cross_check");
  const auto q = h5::read_doubles(g, "q"), v = h5::read_doubles(g, "v");
  const std::size_t k = ref.times.size();
  const std::size_t n = k ? q.size() / k : 0;
  for (std::size_t j = 0; j < k && n > 0; ++j) {
    State s;
    s.q = Eigen::Map<const Vec>(q.data() + j * n, static_cast<Index>(n));
    s.v = Eigen::Map<const Vec>(v.data() + j * n, static_cast<Index>(n));
    s.t = ref.times[j];
    ref.states.push_back(std::move(s));
  }
  return ref;
}

StoredRun summary_of(const RunRecord& r) {
  StoredRun s;
  s.problem = r.spec.problem_key();
  s.integrator = r.spec.integrator_key();
  s.problem_id = r.spec.problem;
  s.integrator_id = r.spec.integrator;
  s.h = r.h;
  s.h_requested = r.spec.h;
  s.t_end = r.spec.t_end;
  s.steps = r.steps;
  s.status = r.status;
  s.message = r.message;
  s.cell_key = r.cell_key;
  s.reference_check = r.reference_check;
  s.metrics = r.metrics;
  return s;
}

RunStatus read_run_status(const H5::Group& g, const std::string& path) {
  const std::string text = h5::read_string_attr(g, "status");
  if (const auto status = parse_run_status(text)) return *status;
  throw InputError("cannot read '" + g.getFileName() + "': run " + path + " has unknown status '" +
                   text + "' (accepted: " + run_status_names() + ")");
}

namespace {

ReferenceCheck read_reference_check(const H5::Group& g, const std::string& path) {
  if (!h5::has_attr(g, "reference_check")) return {};
  const std::string text = h5::read_string_attr(g, "reference_check");
  if (const auto check = parse_reference_check(text)) return *check;
  throw InputError("cannot read '" + g.getFileName() + "': run " + path +
                   " has unknown reference_check '" + text +
                   "' (accepted: exact, or pass, fail or none followed by ': ' and the reason)");
}

StoredRun read_run(const H5::Group& g, const std::string& path) {
  StoredRun r;
  r.problem_id = h5::read_string_attr(g, "problem");
  r.integrator_id = h5::read_string_attr(g, "integrator");
  r.h = h5::read_double_attr(g, "h");
  r.h_requested = h5::read_double_attr(g, "h_requested");
  r.t_end = h5::read_double_attr(g, "t_end");
  r.steps = h5::read_int_attr(g, "steps");
  r.status = read_run_status(g, path);
  r.message = h5::read_string_attr(g, "message");
  r.cell_key = h5::has_attr(g, "cell_key") ? h5::read_string_attr(g, "cell_key") : "";
  r.reference_check = read_reference_check(g, path);
  for (const char* key : kMetricKeys)
    if (h5::has_attr(g, key)) r.metrics[key] = h5::read_double_attr(g, key);
  return r;
}

}  // namespace

std::vector<StoredRun> read_runs(const H5::H5File& f) {
  std::vector<StoredRun> out;
  if (!h5::exists(f, "/runs")) return out;
  H5::Group runs = f.openGroup("/runs");
  for (const auto& problem : h5::children(runs)) {
    H5::Group pg = runs.openGroup(problem);
    for (const auto& integrator : h5::children(pg)) {
      H5::Group ig = pg.openGroup(integrator);
      for (const auto& run_key : h5::children(ig)) {
        const std::string path = "/runs/" + problem + "/" + integrator + "/" + run_key;
        StoredRun r = read_run(ig.openGroup(run_key), path);
        r.problem = problem;
        r.integrator = integrator;
        out.push_back(std::move(r));
      }
    }
  }
  return out;
}

}  // namespace tibench
