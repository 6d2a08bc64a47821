// The [[table]] reader of matrix files (harness/analysis/matrix_tables.hpp).
#include "harness/analysis/matrix_tables.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "harness/run/metrics.hpp"

namespace tibench::toml_input {

namespace {

std::string required_string(const TomlFile& file, const toml::table& t, const toml::node& node,
                            const char* key) {
  const toml::node* n = t.get(key);
  if (!n || !n->is_string()) file.fail(node, std::string("[[table]] needs ") + key + " = \"...\"");
  return n->value<std::string>().value();
}

// quantity = "metric:<key>" (a known metric), "series:<dataset>" or
// "distance:<integrator label>".
void check_quantity(const TomlFile& file, const toml::table& t, const std::string& quantity) {
  if (quantity.rfind("metric:", 0) == 0) {
    const std::string key = quantity.substr(7);
    if (std::find_if(kMetricKeys.begin(), kMetricKeys.end(),
                     [&](const char* k) { return key == k; }) == kMetricKeys.end())
      file.fail(*t.get("quantity"),
                "unknown metric '" + key + "' (accepted: " +
                    comma_list(std::vector<std::string>(kMetricKeys.begin(), kMetricKeys.end())) +
                    ")");
  } else if ((quantity.rfind("series:", 0) != 0 || quantity.size() <= 7) &&
             (quantity.rfind("distance:", 0) != 0 || quantity.size() <= 9)) {
    file.fail(*t.get("quantity"), "invalid quantity '" + quantity +
                                      "' (accepted: metric:<key>, series:<dataset> or "
                                      "distance:<integrator label>)");
  }
}

// The optional keys reduce and format.
void read_presentation(const TomlFile& file, const toml::table& t, PaperTable& p) {
  if (const toml::node* r = t.get("reduce")) {
    const auto how = r->value<std::string>();
    const auto accepted = series_reductions();
    if (!how || std::find(accepted.begin(), accepted.end(), *how) == accepted.end())
      file.fail(*r, "invalid reduce (accepted: " + comma_list(accepted) + ")");
    p.reduce = *how;
  }
  if (const toml::node* f = t.get("format")) {
    const auto fmt = f->value<std::string>();
    if (!fmt || fmt->find('%') == std::string::npos) file.fail(*f, "format must be like \"%.3f\"");
    p.format = *fmt;
  }
}

// rows (requested step sizes) and their optional labels.
void read_rows(const TomlFile& file, const toml::table& t, const toml::node& node, PaperTable& p) {
  const toml::node* rows = t.get("rows");
  if (!rows || !rows->as_array() || rows->as_array()->empty())
    file.fail(rows ? *rows : node, "[[table]] needs rows = [h, ...] (requested step sizes)");
  for (const auto& h : *rows->as_array())
    p.rows.push_back(positive_number(file, h, "row step size"));
  if (const toml::node* labels = t.get("row_labels")) {
    if (!labels->as_array()) file.fail(*labels, "row_labels must be an array of strings");
    for (const auto& l : *labels->as_array())
      p.row_labels.push_back(text_value(file, l, "a row label"));
  }
}

// { label = ..., problem = ..., integrator = ..., paper = [...] } of a table
// with `rows` rows.
PaperColumn read_column(const TomlFile& file, const toml::node& c, std::size_t rows) {
  const toml::table* ct = c.as_table();
  if (!ct) file.fail(c, "columns entries must be { label = ..., problem = ..., integrator = ... }");
  check_keys(file, *ct, {"label", "problem", "integrator", "paper"}, "table column");
  PaperColumn col;
  for (auto [key, field] : {std::pair{"label", &col.label}, std::pair{"problem", &col.problem},
                            std::pair{"integrator", &col.integrator}}) {
    const toml::node* n = ct->get(key);
    if (!n || !n->is_string())
      file.fail(c, std::string("table column needs ") + key + " = \"...\"");
    *field = n->value<std::string>().value();
  }
  if (const toml::node* paper = ct->get("paper")) {
    if (!paper->as_array()) file.fail(*paper, "paper must be an array (one printed value per row)");
    for (const auto& v : *paper->as_array())
      col.paper.push_back(text_value(file, v, "a paper value"));
    if (col.paper.size() > rows)
      file.fail(*paper,
                "more paper values than rows (expected at most " + std::to_string(rows) + ")");
  }
  return col;
}

// tolerance = { abs = x } or { rel = x }.
TableTolerance read_tolerance(const TomlFile& file, const toml::node& n) {
  const toml::table* t = n.as_table();
  if (!t || t->size() != 1 || !(t->get("abs") || t->get("rel")))
    file.fail(n, "tolerance must be { abs = x } or { rel = x } (one of them, x > 0)");
  TableTolerance tol;
  if (const toml::node* a = t->get("abs")) tol.abs = positive_number(file, *a, "tolerance abs");
  if (const toml::node* r = t->get("rel")) tol.rel = positive_number(file, *r, "tolerance rel");
  return tol;
}

// The index of a row step size in p.rows (matched as the runs are).
int row_index(const TomlFile& file, const toml::node& n, const PaperTable& p) {
  const double h = positive_number(file, n, "an expectation's row");
  for (std::size_t r = 0; r < p.rows.size(); ++r)
    if (std::abs(p.rows[r] - h) <= 1e-9 * p.rows[r]) return static_cast<int>(r);
  file.fail(n, "an expectation's row must be one of the table's rows");
}

// One entry of expect: "A < B" or { holds = "A < B", rows = [h, ...] }.
void read_expectation(const TomlFile& file, const toml::node& n, PaperTable& p) {
  std::vector<std::string> labels;
  for (const auto& c : p.columns) labels.push_back(c.label);
  const toml::node* text = &n;
  std::vector<int> rows;
  if (const toml::table* t = n.as_table()) {
    check_keys(file, *t, {"holds", "rows"}, "expectation");
    text = t->get("holds");
    const toml::node* r = t->get("rows");
    if (!text || !text->is_string() || !r || !r->as_array() || r->as_array()->empty())
      file.fail(n, "an expectation table is { holds = \"A < B\", rows = [h, ...] }");
    for (const auto& h : *r->as_array()) rows.push_back(row_index(file, h, p));
  }
  if (!text->is_string())
    file.fail(n, "expect entries are strings like \"BE > SDIRK2\" or { holds, rows }");
  try {
    for (auto e : parse_table_expectation(*text->value<std::string>(), labels)) {
      e.rows = rows;
      p.expect.push_back(e);
    }
  } catch (const std::invalid_argument& e) {
    file.fail(*text, e.what());
  }
}

// tolerance, expect and unjudged: a table is judged on its printed values
// and expectations, or states why it is not.
void read_judgement(const TomlFile& file, const toml::table& t, const toml::node& node,
                    PaperTable& p) {
  if (const toml::node* tol = t.get("tolerance")) p.tolerance = read_tolerance(file, *tol);
  if (const toml::node* e = t.get("expect")) {
    if (!e->as_array() || e->as_array()->empty())
      file.fail(*e, "expect must be a non-empty array of expectations");
    for (const auto& x : *e->as_array()) read_expectation(file, x, p);
  }
  if (const toml::node* u = t.get("unjudged")) p.unjudged = text_value(file, *u, "unjudged");
  if (const toml::node* u = t.get("stand_in")) p.stand_in = text_value(file, *u, "stand_in");
  if (const toml::node* u = t.get("unstated")) p.unstated = text_value(file, *u, "unstated");
  const bool printed = std::any_of(p.columns.begin(), p.columns.end(),
                                   [](const PaperColumn& c) { return !c.paper.empty(); });
  const bool near = std::any_of(p.expect.begin(), p.expect.end(),
                                [](const TableExpectation& e) { return e.op == "~"; });
  if (!p.unjudged.empty() && (printed || !p.expect.empty() || p.tolerance.given() ||
                              !p.stand_in.empty() || !p.unstated.empty()))
    file.fail(node,
              "[[table]] with unjudged = \"...\" takes no paper values, expect, tolerance, "
              "stand_in or unstated");
  if (!p.stand_in.empty() && p.expect.empty())
    file.fail(*t.get("stand_in"),
              "a [[table]] with stand_in is judged by its expect = [...] only (its paper values "
              "are not compared with a stand-in's)");
  if (p.unjudged.empty() && !printed && p.expect.empty())
    file.fail(node,
              "[[table]] needs a judgement: paper values with tolerance = { abs = x }, "
              "expect = [\"A < B\", ...], or unjudged = \"why not\"");
  const bool compared = printed && p.stand_in.empty();  // printed values against ours
  if ((compared || near) && !p.tolerance.given())
    file.fail(node, std::string("[[table]] needs tolerance = { abs = x } or { rel = x } for ") +
                        (compared ? "its paper values" : "its ~ expectations"));
  if (p.tolerance.given() && !compared && !near)
    file.fail(*t.get("tolerance"), "tolerance is used only by paper values and ~ expectations");
}

}  // namespace

PaperTable read_paper_table(const TomlFile& file, const toml::node& node) {
  const toml::table* t = node.as_table();
  if (!t) file.fail(node, "[[table]] must be a table");
  check_keys(file, *t,
             {"id", "title", "source", "quantity", "reduce", "rows", "row_labels", "format",
              "columns", "tolerance", "expect", "unjudged", "stand_in", "unstated"},
             "[[table]]");
  PaperTable p;
  p.id = required_string(file, *t, node, "id");
  p.title = required_string(file, *t, node, "title");
  p.source = required_string(file, *t, node, "source");
  p.quantity = required_string(file, *t, node, "quantity");
  check_quantity(file, *t, p.quantity);
  read_presentation(file, *t, p);
  read_rows(file, *t, node, p);
  const toml::node* cols = t->get("columns");
  if (!cols || !cols->as_array() || cols->as_array()->empty())
    file.fail(cols ? *cols : node,
              "[[table]] needs columns = [{ label, problem, integrator }, ...]");
  for (const auto& c : *cols->as_array()) p.columns.push_back(read_column(file, c, p.rows.size()));
  read_judgement(file, *t, node, p);
  return p;
}

}  // namespace tibench::toml_input
