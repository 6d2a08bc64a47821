#include "harness/matrix.hpp"

#include <toml++/toml.h>
#include <charconv>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "harness/run_io.hpp"
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

// The value of an integer node; nullopt for any other node. (toml++'s
// value<integer>() converts a float node by a cast, undefined beyond the
// integer's range and silently truncating 2.5 to 2.)
std::optional<long long> integer_value(const toml::node& n) {
  if (const auto* i = n.as_integer()) return i->get();
  return std::nullopt;
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
      ctx.fail(value,
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
  if (a->empty()) ctx.fail(*n, std::string("'") + key + "' is empty (expected at least one entry)");
  return *a;
}

std::string text_value(const Ctx& ctx, const toml::node& n, const std::string& what) {
  if (auto s = n.value<std::string>()) return *s;
  if (auto d = n.value<double>()) {
    // Shortest text that reads back as the same double: a printed 0.776
    // stays "0.776", as the paper prints it.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, *d);
    return std::string(buf, res.ptr);
  }
  ctx.fail(n, what + " must be a string or a number");
}

PaperTable paper_table(const Ctx& ctx, const toml::node& node) {
  const toml::table* t = node.as_table();
  if (!t) ctx.fail(node, "[[table]] must be a table");
  check_keys(
      ctx, *t,
      {"id", "title", "source", "quantity", "reduce", "rows", "row_labels", "format", "columns"},
      "[[table]]");
  PaperTable p;
  auto required_string = [&](const char* key) {
    const toml::node* n = t->get(key);
    if (!n || !n->is_string()) ctx.fail(node, std::string("[[table]] needs ") + key + " = \"...\"");
    return n->value<std::string>().value();
  };
  p.id = required_string("id");
  p.title = required_string("title");
  p.source = required_string("source");
  p.quantity = required_string("quantity");
  const bool metric = p.quantity.rfind("metric:", 0) == 0;
  if (metric) {
    const std::string key = p.quantity.substr(7);
    if (std::find_if(kMetricKeys.begin(), kMetricKeys.end(),
                     [&](const char* k) { return key == k; }) == kMetricKeys.end()) {
      std::string accepted;
      for (const char* k : kMetricKeys) accepted += (accepted.empty() ? "" : ", ") + std::string(k);
      ctx.fail(*t->get("quantity"), "unknown metric '" + key + "' (accepted: " + accepted + ")");
    }
  } else if (p.quantity.rfind("series:", 0) != 0 || p.quantity.size() <= 7) {
    ctx.fail(*t->get("quantity"),
             "invalid quantity '" + p.quantity + "' (accepted: metric:<key> or series:<dataset>)");
  }
  if (const toml::node* r = t->get("reduce")) {
    const auto how = r->value<std::string>();
    const auto accepted = series_reductions();
    if (!how || std::find(accepted.begin(), accepted.end(), *how) == accepted.end()) {
      std::string list;
      for (const auto& a : accepted) list += (list.empty() ? "" : ", ") + a;
      ctx.fail(*r, "invalid reduce (accepted: " + list + ")");
    }
    p.reduce = *how;
  }
  if (const toml::node* f = t->get("format")) {
    const auto fmt = f->value<std::string>();
    if (!fmt || fmt->find('%') == std::string::npos) ctx.fail(*f, "format must be like \"%.3f\"");
    p.format = *fmt;
  }
  const toml::node* rows = t->get("rows");
  if (!rows || !rows->as_array() || rows->as_array()->empty())
    ctx.fail(rows ? *rows : node, "[[table]] needs rows = [h, ...] (requested step sizes)");
  for (const auto& h : *rows->as_array())
    p.rows.push_back(positive_number(ctx, h, "row step size"));
  if (const toml::node* labels = t->get("row_labels")) {
    if (!labels->as_array()) ctx.fail(*labels, "row_labels must be an array of strings");
    for (const auto& l : *labels->as_array())
      p.row_labels.push_back(text_value(ctx, l, "a row label"));
  }
  const toml::node* cols = t->get("columns");
  if (!cols || !cols->as_array() || cols->as_array()->empty())
    ctx.fail(cols ? *cols : node,
             "[[table]] needs columns = [{ label, problem, integrator }, ...]");
  for (const auto& c : *cols->as_array()) {
    const toml::table* ct = c.as_table();
    if (!ct)
      ctx.fail(c, "columns entries must be { label = ..., problem = ..., integrator = ... }");
    check_keys(ctx, *ct, {"label", "problem", "integrator", "paper"}, "table column");
    PaperColumn col;
    for (auto [key, field] : {std::pair{"label", &col.label}, std::pair{"problem", &col.problem},
                              std::pair{"integrator", &col.integrator}}) {
      const toml::node* n = ct->get(key);
      if (!n || !n->is_string())
        ctx.fail(c, std::string("table column needs ") + key + " = \"...\"");
      *field = n->value<std::string>().value();
    }
    if (const toml::node* paper = ct->get("paper")) {
      if (!paper->as_array())
        ctx.fail(*paper, "paper must be an array (one printed value per row)");
      for (const auto& v : *paper->as_array())
        col.paper.push_back(text_value(ctx, v, "a paper value"));
      if (col.paper.size() > p.rows.size())
        ctx.fail(*paper, "more paper values than rows (expected at most " +
                             std::to_string(p.rows.size()) + ")");
    }
    p.columns.push_back(std::move(col));
  }
  return p;
}

}  // namespace

Matrix parse_matrix(const std::string& text, const std::string& source_name) {
  Ctx ctx{source_name};
  toml::table root;
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw InputError(source_name + ":" + std::to_string(e.source().begin.line) +
                     ": malformed TOML: " + std::string(e.description()) +
                     " (accepted: TOML v1.0 with [[study]] tables, see harness/matrix.hpp)");
  }
  check_keys(ctx, root, {"name", "description", "study", "table"}, "the matrix file");
  Matrix m;
  m.name = root["name"].value_or(std::string());
  m.description = root["description"].value_or(std::string());
  const toml::array* studies = root["study"].as_array();
  if (!studies || studies->empty())
    throw InputError(source_name + ":1: no [[study]] blocks (a matrix needs at least one)");
  // Cells of the same run path (problem label, integrator label, h) would
  // overwrite each other in the output file: refused below.
  std::map<std::string, std::string> path_owner;

  for (const auto& node : *studies) {
    const toml::table* study = node.as_table();
    if (!study) ctx.fail(node, "[[study]] must be a table");
    check_keys(ctx, *study,
               {"problems", "integrators", "exclude", "h", "t_end", "outputs", "reference",
                "max_samples", "energy_cap", "frames", "cell_timeout"},
               "[[study]]");
    std::vector<Entry> problems, integrators;
    bool star = false;
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
        star = true;
        continue;
      }
      try {
        (void)integrator_params(find_integrator(e.id), e.params);
      } catch (const InputError& err) {
        ctx.fail(i, err.what());
      }
      integrators.push_back(std::move(e));
    }
    std::vector<std::string> exclude;
    if (const toml::node* ex = study->get("exclude")) {
      const toml::array* a = ex->as_array();
      if (!a) ctx.fail(*ex, "'exclude' must be an array of integrator ids");
      for (const auto& x : *a) {
        if (!x.is_string()) ctx.fail(x, "'exclude' entries must be integrator ids (strings)");
        const std::string id = x.value<std::string>().value();
        try {
          (void)find_integrator(id);
        } catch (const InputError& err) {
          ctx.fail(x, err.what());
        }
        exclude.push_back(id);
      }
    }
    std::vector<double> ladder;
    for (const auto& h : nonempty_array(ctx, *study, "h", node))
      ladder.push_back(positive_number(ctx, h, "step size in h"));
    const toml::node* t_end_node = study->get("t_end");
    if (!t_end_node) ctx.fail(node, "[[study]] needs 't_end'");
    const double t_end = positive_number(ctx, *t_end_node, "t_end");
    long outputs = 1;
    if (auto n = study->get("outputs")) {
      const auto v = integer_value(*n);
      if (!v || *v < 1 || *v > 100'000'000)
        ctx.fail(*n,
                 "invalid outputs (accepted: an integer 1 ... 100000000: evenly spaced error "
                 "output times)");
      outputs = static_cast<long>(*v);
    }
    {
      std::size_t k = 0;
      for (const auto& h : *study->get("h")->as_array()) {
        const long steps = step_count(ladder[k++], t_end);
        if (steps % outputs != 0)
          ctx.fail(
              h, "step size " + std::to_string(ladder[k - 1]) + " gives " + std::to_string(steps) +
                     " steps over t_end, not a multiple of outputs = " + std::to_string(outputs) +
                     " (accepted: h with round(t_end/h) a multiple of outputs)");
      }
    }
    try {
      check_distinct_step_counts(ladder, t_end);
    } catch (const InputError& e) {
      ctx.fail(*study->get("h"), e.what());
    }
    std::string reference_method = "auto";
    double h_ref = *std::min_element(ladder.begin(), ladder.end()) / kDefaultReferenceRefinement;
    if (const toml::node* r = study->get("reference")) {
      const toml::table* t = r->as_table();
      if (!t) ctx.fail(*r, "'reference' must be a table { method = ..., h_ref = ... }");
      check_keys(ctx, *t, {"method", "h_ref"}, "reference");
      if (auto mnode = t->get("method")) {
        const auto mtext = mnode->value<std::string>();
        if (!mtext ||
            (*mtext != "auto" && *mtext != "exact" && *mtext != "rk4" && *mtext != "none"))
          ctx.fail(*mnode, "invalid reference method (accepted: auto, exact, rk4, none)");
        reference_method = *mtext;
      }
      if (auto hnode = t->get("h_ref")) h_ref = positive_number(ctx, *hnode, "reference h_ref");
    }
    long max_samples = 10000;
    if (auto n = study->get("max_samples")) {
      const auto v = integer_value(*n);
      if (!v || *v < 1 || *v > 100'000'000)
        ctx.fail(*n, "invalid max_samples (accepted: an integer 1 ... 100000000)");
      max_samples = static_cast<long>(*v);
    }
    double energy_cap = 1e12;
    if (auto n = study->get("energy_cap")) energy_cap = positive_number(ctx, *n, "energy_cap");
    double time_limit = 0.0;
    if (auto n = study->get("cell_timeout"))
      time_limit = positive_number(ctx, *n, "cell_timeout (seconds)");
    long frames = -1;
    if (auto n = study->get("frames")) {
      const auto v = integer_value(*n);
      if (!v || *v < 0 || *v > 100000)
        ctx.fail(*n, "invalid frames (accepted: an integer 0 ... 100000; 0: none)");
      frames = static_cast<long>(*v);
    }

    for (std::size_t pi = 0; pi < problems.size(); ++pi) {
      const Entry& p = problems[pi];
      const ProblemInfo& pinfo = find_problem(p.id);
      const auto instance = pinfo.make(problem_params(pinfo, p.params));
      const std::string label = p.label.empty() ? p.id : p.label;
      try {
        ReferenceRequest req;
        req.method = reference_method;
        req.t_end = t_end;
        req.outputs = outputs;
        req.h_ref = h_ref;
        (void)resolved_method(*instance, req);
      } catch (const InputError& err) {
        ctx.fail(*study->get("problems")->as_array()->get(pi), err.what());
      }
      std::vector<Entry> chosen;
      if (star) {
        for (const auto& info : integrator_registry()) {
          if (std::find(exclude.begin(), exclude.end(), info.id) != exclude.end()) continue;
          try {
            (void)info.make(*instance, ladder.front(), integrator_params(info));
            chosen.push_back({info.id, "", {}});
          } catch (const std::exception& e) {
            m.excluded.push_back({label, info.id, e.what()});
          }
        }
      }
      for (const auto& i : integrators)
        if (std::find(exclude.begin(), exclude.end(), i.id) == exclude.end()) chosen.push_back(i);
      for (const auto& i : chosen)
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
          c.outputs = outputs;
          c.reference_method = reference_method;
          c.h_ref = h_ref;
          c.max_samples = max_samples;
          c.energy_cap = energy_cap;
          c.frames = frames;
          c.dofs = static_cast<long>(instance->dofs());
          c.time_limit_s = time_limit;
          const std::string path = run_path(c);
          if (!path_owner.emplace(path, ctx.where(node)).second)
            ctx.fail(node, "this study repeats the run " + path + " of " + path_owner[path] +
                               " (give one of them a label = \"...\")");
          m.cells.push_back(std::move(c));
        }
    }
  }
  if (const toml::node* tables = root.get("table")) {
    const toml::array* a = tables->as_array();
    if (!a) ctx.fail(*tables, "'table' must be [[table]] blocks");
    for (const auto& node : *a) m.tables.push_back(paper_table(ctx, node));
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
