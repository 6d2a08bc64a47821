#include "harness/run_io.hpp"

#include "harness/h5io.hpp"

namespace tibench {

std::string run_path(const CellSpec& spec) {
  return "/runs/" + spec.problem_key() + "/" + spec.integrator_key() + "/" + hkey(spec.h);
}

void write_run(H5::H5File& f, const RunRecord& rec) {
  H5::Group g = h5::group(f, run_path(rec.spec));
  h5::attr(g, "problem", rec.spec.problem);
  h5::attr(g, "integrator", rec.spec.integrator);
  h5::attr(g, "h", rec.h);
  h5::attr(g, "h_requested", rec.spec.h);
  h5::attr(g, "t_end", rec.spec.t_end);
  h5::attr(g, "steps", static_cast<long long>(rec.steps));
  h5::attr(g, "status", rec.status);
  h5::attr(g, "message", rec.message);
  h5::attr(g, "params", rec.params_json);
  h5::attr(g, "reference", rec.reference_method);
  rec.metrics.for_each([&](const char* key, double value) { h5::attr(g, key, value); });

  const TimeSeries& s = rec.series;
  h5::dataset(g, "t", s.t);
  h5::dataset(g, "energy", s.energy);
  h5::dataset(g, "kinetic", s.kinetic);
  h5::dataset(g, "potential", s.potential);
  h5::matrix_dataset(g, "linear_momentum", s.linear_momentum, static_cast<std::size_t>(rec.dim));
  h5::matrix_dataset(g, "angular_momentum", s.angular_momentum, 3);
  h5::dataset(g, "newton_iters", s.newton_iters);
  if (!s.alpha.empty()) h5::dataset(g, "alpha", s.alpha);
  if (!s.observable_names.empty()) {
    H5::Group obs = h5::group(f, run_path(rec.spec) + "/observables");
    for (std::size_t k = 0; k < s.observable_names.size(); ++k)
      h5::dataset(obs, s.observable_names[k], s.observables[k]);
  }
  h5::dataset(g, "final_q", rec.final_q);
  h5::dataset(g, "final_v", rec.final_v);
}

std::vector<StoredRun> read_runs(const H5::H5File& f) {
  std::vector<StoredRun> out;
  if (!h5::exists(f, "/runs")) return out;
  H5::Group runs = f.openGroup("/runs");
  for (const auto& problem : h5::children(runs)) {
    H5::Group pg = runs.openGroup(problem);
    for (const auto& integrator : h5::children(pg)) {
      H5::Group ig = pg.openGroup(integrator);
      for (const auto& run_key : h5::children(ig)) {
        H5::Group g = ig.openGroup(run_key);
        StoredRun r;
        r.problem = problem;
        r.integrator = integrator;
        r.integrator_id = h5::read_string_attr(g, "integrator");
        r.h = h5::read_double_attr(g, "h");
        r.h_requested = h5::read_double_attr(g, "h_requested");
        r.t_end = h5::read_double_attr(g, "t_end");
        r.steps = h5::read_int_attr(g, "steps");
        r.status = h5::read_string_attr(g, "status");
        r.message = h5::read_string_attr(g, "message");
        for (const char* key : kMetricKeys) r.metrics[key] = h5::read_double_attr(g, key);
        out.push_back(std::move(r));
      }
    }
  }
  return out;
}

}  // namespace tibench
