#include "harness/run/matrix.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/toml_input.hpp"
#include "harness/analysis/matrix_figures.hpp"
#include "harness/analysis/matrix_tables.hpp"
#include "harness/io/run_io.hpp"
#include "integrators/methods/method_file.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "problems/scenes/scene_file.hpp"

namespace tibench {

namespace {

using toml_input::TomlFile;

// "name=value" overrides from an inline table of scalars.
std::vector<std::string> overrides(const TomlFile& file, const toml::node& n,
                                   const std::string& what) {
  const toml::table* t = n.as_table();
  if (!t) file.fail(n, what + " must be a table of name = value");
  std::vector<std::string> out;
  for (const auto& [key, value] : *t) {
    std::string text;
    if (auto i = value.as_integer())
      text = std::to_string(i->get());
    else if (auto d = value.as_floating_point())
      text = format_real(d->get());
    else if (auto b = value.as_boolean())
      text = b->get() ? "true" : "false";
    else if (auto s = value.as_string())
      text = s->get();
    else
      file.fail(value,
                "parameter '" + std::string(key.str()) + "' must be a number, boolean or string");
    out.push_back(std::string(key.str()) + "=" + text);
  }
  return out;
}

struct Entry {
  std::string id, label;
  std::vector<std::string> params;
};

// A problem or integrator entry: "id" or { id = "...", params = {...}, label = "..." }.
Entry entry(const TomlFile& file, const toml::node& n, const std::string& kind) {
  Entry e;
  if (auto s = n.as_string()) {
    e.id = s->get();
    return e;
  }
  const toml::table* t = n.as_table();
  if (!t) file.fail(n, kind + " entries must be an id string or { id = ..., params = {...} }");
  toml_input::check_keys(file, *t, {"id", "params", "label"}, kind + " entry");
  if (!(*t)["id"].is_string()) file.fail(n, kind + " entry needs id = \"...\"");
  e.id = (*t)["id"].value<std::string>().value();
  if (auto p = t->get("params")) e.params = overrides(file, *p, kind + " params");
  if (auto l = t->get("label")) {
    if (!l->is_string()) file.fail(*l, "label must be a string");
    e.label = l->value<std::string>().value();
  }
  return e;
}

const toml::array& nonempty_array(const TomlFile& file, const toml::table& study, const char* key,
                                  const toml::node& where) {
  const toml::node* n = study.get(key);
  if (!n) file.fail(where, std::string("[[study]] needs '") + key + "'");
  const toml::array* a = n->as_array();
  if (!a) file.fail(*n, std::string("'") + key + "' must be an array");
  if (a->empty())
    file.fail(*n, std::string("'") + key + "' is empty (expected at least one entry)");
  return *a;
}

// An optional integer key of the study in [low, high]; `fallback` when absent.
long bounded_integer(const TomlFile& file, const toml::table& study, const char* key, long low,
                     long high, long fallback, const std::string& accepted) {
  const toml::node* n = study.get(key);
  if (!n) return fallback;
  const auto v = toml_input::integer_value(*n);
  if (!v || *v < low || *v > high) file.fail(*n, "invalid " + std::string(key) + accepted);
  return static_cast<long>(*v);
}

// One [[study]] block, read and checked.
struct Study {
  const toml::node* node = nullptr;  // the block, for messages
  const toml::table* table = nullptr;
  std::vector<Entry> problems, integrators;
  bool every_integrator = false;  // "*"
  std::vector<std::string> exclude;
  std::vector<double> ladder;
  double t_end = 0.0;
  long outputs = 1;
  std::string reference_method = "auto";
  double h_ref = 0.0;
  long max_samples = 10000;
  double energy_cap = 1e12;
  double time_limit = 0.0;
  long frames = -1;
  // The short version (`short`, long matrices only); the full values when
  // the study runs unchanged.
  double short_t_end = 0.0;
  long short_outputs = 1;
};

// "file:PATH" with PATH relative to the matrix file's directory, as the
// runs will name it (relative to the working directory).
std::string file_id(const TomlFile& file, const std::string& path) {
  const std::filesystem::path p(path);
  if (p.is_absolute()) return std::string(kMethodFilePrefix) + path;
  const std::filesystem::path dir = std::filesystem::path(file.name).parent_path();
  return std::string(kMethodFilePrefix) + (dir / p).lexically_normal().string();
}

// Checks a problem entry; a scene file's runs are labelled by its id.
void add_problem(const TomlFile& file, const toml::node& where, Entry e, Study& s) {
  try {
    const ProblemInfo& info = find_problem(e.id);
    (void)problem_params(info, e.params);
    if (e.label.empty() && scene_file_of(e.id)) e.label = info.id;
  } catch (const InputError& err) {
    file.fail(where, err.what());
  }
  s.problems.push_back(std::move(e));
}

void read_problems(const TomlFile& file, Study& s) {
  const bool has_scenes = s.table->get("scenes") != nullptr;
  if (!has_scenes || s.table->get("problems")) {
    for (const auto& p : nonempty_array(file, *s.table, "problems", *s.node)) {
      Entry e = entry(file, p, "problem");
      if (e.id.starts_with(kSceneFilePrefix))
        e.id = file_id(file, e.id.substr(kSceneFilePrefix.size()));
      add_problem(file, p, std::move(e), s);
    }
  }
  if (!has_scenes) return;
  for (const auto& m : nonempty_array(file, *s.table, "scenes", *s.node)) {
    if (!m.is_string())
      file.fail(m, "'scenes' entries must be paths of scene files (docs/scene-files.md)");
    if (m.value<std::string>()->starts_with(kSceneFilePrefix))
      file.fail(m,
                "'scenes' entries are paths, without \"file:\" (accepted: \"dir/x.toml\"; "
                "\"file:dir/x.toml\" belongs in 'problems')");
    add_problem(file, m, {file_id(file, *m.value<std::string>()), "", {}}, s);
  }
}

// Checks an integrator entry; a method file's runs are labelled by its id.
void add_integrator(const TomlFile& file, const toml::node& where, Entry e, Study& s) {
  try {
    const IntegratorInfo& info = resolve_integrator(e.id);
    (void)integrator_params(info, e.params);
    if (e.label.empty() && method_file_of(e.id)) e.label = info.id;
  } catch (const InputError& err) {
    file.fail(where, err.what());
  }
  s.integrators.push_back(std::move(e));
}

void read_integrators(const TomlFile& file, Study& s) {
  const bool has_methods = s.table->get("methods") != nullptr;
  if (!has_methods || s.table->get("integrators")) {
    for (const auto& i : nonempty_array(file, *s.table, "integrators", *s.node)) {
      Entry e = entry(file, i, "integrator");
      if (e.id == "*") {
        if (!e.params.empty()) file.fail(i, "\"*\" cannot take params");
        s.every_integrator = true;
        continue;
      }
      if (e.id.starts_with(kMethodFilePrefix))
        e.id = file_id(file, e.id.substr(kMethodFilePrefix.size()));
      add_integrator(file, i, std::move(e), s);
    }
  }
  if (!has_methods) return;
  for (const auto& m : nonempty_array(file, *s.table, "methods", *s.node)) {
    if (!m.is_string())
      file.fail(m, "'methods' entries must be paths of method files (docs/method-files.md)");
    if (m.value<std::string>()->starts_with(kMethodFilePrefix))
      file.fail(m,
                "'methods' entries are paths, without \"file:\" (accepted: \"dir/x.toml\"; "
                "\"file:dir/x.toml\" belongs in 'integrators')");
    add_integrator(file, m, {file_id(file, *m.value<std::string>()), "", {}}, s);
  }
}

void read_exclude(const TomlFile& file, Study& s) {
  const toml::node* ex = s.table->get("exclude");
  if (!ex) return;
  const toml::array* a = ex->as_array();
  if (!a) file.fail(*ex, "'exclude' must be an array of integrator ids");
  for (const auto& x : *a) {
    if (!x.is_string()) file.fail(x, "'exclude' entries must be integrator ids (strings)");
    const std::string id = x.value<std::string>().value();
    try {
      (void)find_integrator(id);
    } catch (const InputError& err) {
      file.fail(x, err.what());
    }
    s.exclude.push_back(id);
  }
}

// Every h must give a step count over t_end that is a multiple of outputs,
// and distinct from the others'. `at` is where a failure points: the h
// entries when null.
void check_time_grid(const TomlFile& file, const Study& s, double t_end, long outputs,
                     const toml::node* at) {
  const toml::array& h_nodes = *s.table->get("h")->as_array();
  for (std::size_t k = 0; k < s.ladder.size(); ++k) {
    const long steps = step_count(s.ladder[k], t_end);
    if (steps % outputs != 0)
      file.fail(at ? *at : *h_nodes.get(k),
                "step size " + std::to_string(s.ladder[k]) + " gives " + std::to_string(steps) +
                    " steps over t_end, not a multiple of outputs = " + std::to_string(outputs) +
                    " (accepted: h with round(t_end/h) a multiple of outputs)");
  }
  try {
    check_distinct_step_counts(s.ladder, t_end);
  } catch (const InputError& e) {
    file.fail(at ? *at : h_nodes, e.what());
  }
}

// The step-size ladder h, t_end and the output times.
void read_time_grid(const TomlFile& file, Study& s) {
  for (const auto& h : nonempty_array(file, *s.table, "h", *s.node))
    s.ladder.push_back(toml_input::positive_number(file, h, "step size in h"));
  const toml::node* t_end_node = s.table->get("t_end");
  if (!t_end_node) file.fail(*s.node, "[[study]] needs 't_end'");
  s.t_end = toml_input::positive_number(file, *t_end_node, "t_end");
  s.outputs =
      bounded_integer(file, *s.table, "outputs", 1, 100'000'000, 1,
                      " (accepted: an integer 1 ... 100000000: evenly spaced error output times)");
  check_time_grid(file, s, s.t_end, s.outputs, nullptr);
  s.short_t_end = s.t_end;
  s.short_outputs = s.outputs;
}

// short = { t_end = ..., outputs = ... }: the study's short version. Every
// study of a long matrix declares one (short = {}: runs unchanged), and only
// a long matrix's studies may.
void read_short_version(const TomlFile& file, bool long_matrix, Study& s) {
  const toml::node* n = s.table->get("short");
  if (!n) {
    if (long_matrix)
      file.fail(*s.node,
                "a study of a long matrix (long = true) needs its short version, short = { t_end "
                "= ... } (short = {}: make run runs the study unchanged)");
    return;
  }
  if (!long_matrix)
    file.fail(*n, "'short' is a long matrix's short version (accepted only with long = true)");
  const toml::table* t = n->as_table();
  if (!t) file.fail(*n, "'short' must be a table { t_end = ..., outputs = ... }");
  toml_input::check_keys(file, *t, {"t_end", "outputs"}, "short");
  if (const toml::node* t_end = t->get("t_end")) {
    s.short_t_end = toml_input::positive_number(file, *t_end, "short t_end");
    if (s.short_t_end > s.t_end)
      file.fail(*t_end, "short t_end " + number_text(s.short_t_end) +
                            " exceeds the study's t_end " + number_text(s.t_end) +
                            " (accepted: 0 < short t_end <= t_end)");
  }
  s.short_outputs = bounded_integer(file, *t, "outputs", 1, 100'000'000, s.outputs,
                                    " (accepted: an integer 1 ... 100000000)");
  check_time_grid(file, s, s.short_t_end, s.short_outputs, n);
}

// reference = { method = ..., h_ref = ... }; h_ref defaults to min(h) / 64.
void read_reference(const TomlFile& file, Study& s) {
  s.h_ref = *std::min_element(s.ladder.begin(), s.ladder.end()) / kDefaultReferenceRefinement;
  const toml::node* r = s.table->get("reference");
  if (!r) return;
  const toml::table* t = r->as_table();
  if (!t) file.fail(*r, "'reference' must be a table { method = ..., h_ref = ... }");
  toml_input::check_keys(file, *t, {"method", "h_ref"}, "reference");
  if (auto mnode = t->get("method")) {
    const auto mtext = mnode->value<std::string>();
    if (!mtext || (*mtext != "auto" && *mtext != "exact" && *mtext != "rk4" && *mtext != "none"))
      file.fail(*mnode, "invalid reference method (accepted: auto, exact, rk4, none)");
    s.reference_method = *mtext;
  }
  if (auto hnode = t->get("h_ref"))
    s.h_ref = toml_input::positive_number(file, *hnode, "reference h_ref");
}

// max_samples, energy_cap, cell_timeout and frames.
void read_cell_options(const TomlFile& file, Study& s) {
  s.max_samples = bounded_integer(file, *s.table, "max_samples", 1, 100'000'000, 10000,
                                  " (accepted: an integer 1 ... 100000000)");
  if (auto n = s.table->get("energy_cap"))
    s.energy_cap = toml_input::positive_number(file, *n, "energy_cap");
  if (auto n = s.table->get("cell_timeout"))
    s.time_limit = toml_input::positive_number(file, *n, "cell_timeout (seconds)");
  s.frames = bounded_integer(file, *s.table, "frames", 0, 100000, -1,
                             " (accepted: an integer 0 ... 100000; 0: none)");
}

Study read_study(const TomlFile& file, const toml::node& node, bool long_matrix) {
  Study s;
  s.node = &node;
  s.table = node.as_table();
  if (!s.table) file.fail(node, "[[study]] must be a table");
  toml_input::check_keys(
      file, *s.table,
      {"problems", "scenes", "integrators", "methods", "exclude", "h", "t_end", "outputs",
       "reference", "max_samples", "energy_cap", "frames", "cell_timeout", "short"},
      "[[study]]");
  read_problems(file, s);
  read_integrators(file, s);
  read_exclude(file, s);
  read_time_grid(file, s);
  read_short_version(file, long_matrix, s);
  read_reference(file, s);
  read_cell_options(file, s);
  return s;
}

// Fails unless the study's reference applies to the problem instance
// (an exact reference needs a problem with an exact solution).
void check_reference_applies(const TomlFile& file, const Study& s, std::size_t problem_index,
                             const Problem& instance) {
  try {
    ReferenceRequest req;
    req.method = s.reference_method;
    req.t_end = s.t_end;
    req.outputs = s.outputs;
    req.h_ref = s.h_ref;
    (void)resolved_method(instance, req);
  } catch (const InputError& err) {
    file.fail(*s.table->get("problems")->as_array()->get(problem_index), err.what());
  }
}

// The study's integrators for one problem: "*" expands to every registry
// integrator whose stepper accepts the instance (the others are listed in
// `excluded` with the reason), then the integrators named explicitly.
std::vector<Entry> integrators_for(const Study& s, const Problem& instance,
                                   const std::string& problem_label,
                                   std::vector<Exclusion>& excluded) {
  auto is_excluded = [&](const std::string& id) {
    return std::find(s.exclude.begin(), s.exclude.end(), id) != s.exclude.end();
  };
  std::vector<Entry> chosen;
  if (s.every_integrator) {
    for (const auto& info : integrator_registry()) {
      if (is_excluded(info.id)) continue;
      try {
        (void)info.make(instance, s.ladder.front(), integrator_params(info));
        chosen.push_back({info.id, "", {}});
      } catch (const std::exception& e) {
        excluded.push_back({problem_label, info.id, e.what()});
      }
    }
  }
  for (const auto& i : s.integrators)
    if (!is_excluded(i.id)) chosen.push_back(i);
  return chosen;
}

CellSpec make_cell(const Study& s, const Entry& problem, const Entry& integrator, double h,
                   long dofs, MatrixVersion version) {
  const bool short_version = version == MatrixVersion::short_version;
  CellSpec c;
  c.problem = problem.id;
  c.problem_params = problem.params;
  c.problem_label = problem.label;
  c.integrator = integrator.id;
  c.integrator_params = integrator.params;
  c.integrator_label = integrator.label;
  c.h = h;
  c.t_end = short_version ? s.short_t_end : s.t_end;
  c.outputs = short_version ? s.short_outputs : s.outputs;
  c.reference_method = s.reference_method;
  c.h_ref = s.h_ref;
  c.max_samples = s.max_samples;
  c.energy_cap = s.energy_cap;
  c.frames = s.frames;
  c.dofs = dofs;
  c.time_limit_s = s.time_limit;
  return c;
}

// Appends the study's cells (problem × integrator × h) to m. Cells of the
// same run path (problem label, integrator label, h) would overwrite each
// other in the output file: refused, naming the study that ran it first
// (path_owner holds every path of the matrix so far).
void add_study_cells(const TomlFile& file, const Study& s, Matrix& m,
                     std::map<std::string, std::string>& path_owner) {
  for (std::size_t pi = 0; pi < s.problems.size(); ++pi) {
    const Entry& p = s.problems[pi];
    const ProblemInfo& pinfo = find_problem(p.id);
    const auto instance = pinfo.make(problem_params(pinfo, p.params));
    const std::string label = p.label.empty() ? p.id : p.label;
    check_reference_applies(file, s, pi, *instance);
    for (const auto& i : integrators_for(s, *instance, label, m.excluded))
      for (double h : s.ladder) {
        CellSpec c = make_cell(s, p, i, h, static_cast<long>(instance->dofs()), m.version);
        const std::string path = run_path(c);
        if (!path_owner.emplace(path, file.where(*s.node)).second)
          file.fail(*s.node, "this study repeats the run " + path + " of " + path_owner[path] +
                                 " (give one of them a label = \"...\")");
        m.cells.push_back(std::move(c));
      }
  }
}

}  // namespace

Matrix parse_matrix(const std::string& text, const std::string& source_name,
                    MatrixVersion version) {
  const TomlFile file{source_name};
  toml::table root = toml_input::parse_document(
      text, source_name, "TOML v1.0 with [[study]] tables, see harness/run/matrix.hpp");
  toml_input::check_keys(file, root, {"name", "description", "long", "study", "table", "figure"},
                         "the matrix file");
  Matrix m;
  m.name = root["name"].value_or(std::string());
  m.description = root["description"].value_or(std::string());
  if (const toml::node* long_run = root.get("long")) {
    if (!long_run->is_boolean()) file.fail(*long_run, "'long' must be true or false");
    m.long_run = **long_run->as_boolean();
  }
  if (version == MatrixVersion::short_version && !m.long_run)
    throw InputError(source_name +
                     ": not a long matrix (no long = true), so it has no short version (accepted: "
                     "--short with a long matrix)");
  m.version = version;
  const toml::array* studies = root["study"].as_array();
  if (!studies || studies->empty())
    throw InputError(source_name + ":1: no [[study]] blocks (a matrix needs at least one)");
  std::map<std::string, std::string> path_owner;
  for (const auto& node : *studies)
    add_study_cells(file, read_study(file, node, m.long_run), m, path_owner);
  if (const toml::node* tables = root.get("table")) {
    const toml::array* a = tables->as_array();
    if (!a) file.fail(*tables, "'table' must be [[table]] blocks");
    for (const auto& node : *a) m.tables.push_back(toml_input::read_paper_table(file, node));
  }
  if (const toml::node* figures = root.get("figure")) {
    const toml::array* a = figures->as_array();
    if (!a) file.fail(*figures, "'figure' must be [[figure]] blocks");
    for (const auto& node : *a)
      m.figures.push_back(toml_input::read_paper_figure(file, node, m.cells));
  }
  return m;
}

Matrix load_matrix(const std::string& path, MatrixVersion version) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read matrix file '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_matrix(ss.str(), path, version);
}

}  // namespace tibench
