#include "harness/matrix.hpp"

#include <toml++/toml.h>

#include <fstream>
#include <sstream>

#include "integrators/registry.hpp"
#include "problems/registry.hpp"

namespace tibench {

namespace {

struct Ctx {
  std::string file;
  std::string where(const toml::node& n) const {
    return file + ":" + std::to_string(n.source().begin.line);
  }
  [[noreturn]] void fail(const toml::node& n, const std::string& what) const {
    throw InputError(where(n) + ": " + what);
  }
};

void check_keys(const Ctx& ctx, const toml::table& t, const std::vector<std::string>& accepted,
                const std::string& context) {
  for (const auto& [key, value] : t) {
    if (std::find(accepted.begin(), accepted.end(), key.str()) == accepted.end()) {
      std::string list;
      for (const auto& a : accepted) list += (list.empty() ? "" : ", ") + a;
      ctx.fail(value, "unknown key '" + std::string(key.str()) + "' in " + context +
                          " (accepted: " + list + ")");
    }
  }
}

double positive_number(const Ctx& ctx, const toml::node& n, const std::string& what) {
  std::optional<double> v = n.value<double>();
  if (!v || !(*v > 0) || !std::isfinite(*v))
    ctx.fail(n, "invalid " + what + " (expected a number > 0)");
  return *v;
}

// "name=value" overrides from an inline table of scalars.
std::vector<std::string> overrides(const Ctx& ctx, const toml::node& n, const std::string& what) {
  const toml::table* t = n.as_table();
  if (!t) ctx.fail(n, what + " must be a table of name = value");
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
      ctx.fail(value, "parameter '" + std::string(key.str()) +
                          "' must be a number, boolean or string");
    out.push_back(std::string(key.str()) + "=" + text);
  }
  return out;
}

struct Entry {
  std::string id, label;
  std::vector<std::string> params;
};

// A problem or integrator entry: "id" or { id = "...", params = {...}, label = "..." }.
Entry entry(const Ctx& ctx, const toml::node& n, const std::string& kind) {
  Entry e;
  if (auto s = n.as_string()) {
    e.id = s->get();
    return e;
  }
  const toml::table* t = n.as_table();
  if (!t) ctx.fail(n, kind + " entries must be an id string or { id = ..., params = {...} }");
  check_keys(ctx, *t, {"id", "params", "label"}, kind + " entry");
  if (!(*t)["id"].is_string()) ctx.fail(n, kind + " entry needs id = \"...\"");
  e.id = (*t)["id"].value<std::string>().value();
  if (auto p = t->get("params")) e.params = overrides(ctx, *p, kind + " params");
  if (auto l = t->get("label")) {
    if (!l->is_string()) ctx.fail(*l, "label must be a string");
    e.label = l->value<std::string>().value();
  }
  return e;
}

const toml::array& nonempty_array(const Ctx& ctx, const toml::table& study, const char* key,
                                  const toml::node& where) {
  const toml::node* n = study.get(key);
  if (!n) ctx.fail(where, std::string("[[study]] needs '") + key + "'");
  const toml::array* a = n->as_array();
  if (!a) ctx.fail(*n, std::string("'") + key + "' must be an array");
  if (a->empty()) ctx.fail(*n, std::string("'") + key + "' is empty (give at least one entry)");
  return *a;
}

}  // namespace

Matrix parse_matrix(const std::string& text, const std::string& source_name) {
  Ctx ctx{source_name};
  toml::table root;
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw InputError(source_name + ":" + std::to_string(e.source().begin.line) +
                     ": malformed TOML: " + std::string(e.description()));
  }
  check_keys(ctx, root, {"name", "description", "study"}, "the matrix file");
  Matrix m;
  m.name = root["name"].value_or(std::string());
  m.description = root["description"].value_or(std::string());
  const toml::array* studies = root["study"].as_array();
  if (!studies || studies->empty())
    throw InputError(source_name + ":1: no [[study]] blocks (a matrix needs at least one)");

  for (const auto& node : *studies) {
    const toml::table* study = node.as_table();
    if (!study) ctx.fail(node, "[[study]] must be a table");
    check_keys(ctx, *study,
               {"problems", "integrators", "h", "t_end", "max_samples", "energy_cap"},
               "[[study]]");
    std::vector<Entry> problems, integrators;
    for (const auto& p : nonempty_array(ctx, *study, "problems", node)) {
      Entry e = entry(ctx, p, "problem");
      try {
        (void)problem_params(find_problem(e.id), e.params);
      } catch (const InputError& err) {
        ctx.fail(p, err.what());
      }
      problems.push_back(std::move(e));
    }
    for (const auto& i : nonempty_array(ctx, *study, "integrators", node)) {
      Entry e = entry(ctx, i, "integrator");
      if (e.id == "*") {
        if (!e.params.empty()) ctx.fail(i, "\"*\" cannot take params");
        for (const auto& info : integrator_registry()) integrators.push_back({info.id, "", {}});
        continue;
      }
      try {
        (void)integrator_params(find_integrator(e.id), e.params);
      } catch (const InputError& err) {
        ctx.fail(i, err.what());
      }
      integrators.push_back(std::move(e));
    }
    std::vector<double> ladder;
    for (const auto& h : nonempty_array(ctx, *study, "h", node))
      ladder.push_back(positive_number(ctx, h, "step size in h"));
    const toml::node* t_end_node = study->get("t_end");
    if (!t_end_node) ctx.fail(node, "[[study]] needs 't_end'");
    const double t_end = positive_number(ctx, *t_end_node, "t_end");
    long max_samples = 10000;
    if (auto n = study->get("max_samples"))
      max_samples = static_cast<long>(positive_number(ctx, *n, "max_samples"));
    double energy_cap = 1e12;
    if (auto n = study->get("energy_cap")) energy_cap = positive_number(ctx, *n, "energy_cap");

    for (const auto& p : problems)
      for (const auto& i : integrators)
        for (double h : ladder) {
          CellSpec c;
          c.problem = p.id;
          c.problem_params = p.params;
          c.problem_label = p.label;
          c.integrator = i.id;
          c.integrator_params = i.params;
          c.integrator_label = i.label;
          c.h = h;
          c.t_end = t_end;
          c.max_samples = max_samples;
          c.energy_cap = energy_cap;
          m.cells.push_back(std::move(c));
        }
  }
  return m;
}

Matrix load_matrix(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read matrix file '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_matrix(ss.str(), path);
}

}  // namespace tibench
