// The [[figure]] reader of matrix files (harness/analysis/matrix_figures.hpp).
#include "harness/analysis/matrix_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tibench {

const std::vector<std::string>& figure_quantities() {
  static const std::vector<std::string> q = {"energy",           "kinetic",         "potential",
                                             "angular_momentum", "linear_momentum", "alpha",
                                             "newton_iters"};
  return q;
}

namespace toml_input {
namespace {

std::string required_text(const TomlFile& file, const toml::table& t, const toml::node& node,
                          const char* key, const char* context) {
  const toml::node* n = t.get(key);
  if (!n || !n->is_string())
    file.fail(n ? *n : node, std::string(context) + " needs " + key + " = \"...\"");
  return n->value<std::string>().value();
}

// ylim or window: [lo, hi] with lo < hi, finite.
std::vector<double> interval(const TomlFile& file, const toml::node& n, const char* what) {
  const toml::array* a = n.as_array();
  const std::string msg = std::string(what) + " must be [lo, hi] with lo < hi";
  if (!a || a->size() != 2) file.fail(n, msg);
  std::vector<double> out;
  for (const auto& v : *a) {
    const auto x = v.value<double>();
    if (!x || !std::isfinite(*x))
      file.fail(v, std::string(what) + " entries must be finite numbers");
    out.push_back(*x);
  }
  if (out[0] >= out[1]) file.fail(n, msg);
  return out;
}

FigurePanel read_panel(const TomlFile& file, const toml::node& n) {
  const toml::table* t = n.as_table();
  if (!t)
    file.fail(
        n, "panels entries must be { quantity = ..., relative = ..., log = ..., ylim = [lo, hi] }");
  check_keys(file, *t, {"quantity", "relative", "log", "ylim"}, "figure panel");
  FigurePanel p;
  p.quantity = required_text(file, *t, n, "quantity", "a figure panel");
  const auto& plain = figure_quantities();
  const bool observable = p.quantity.rfind("observable:", 0) == 0 && p.quantity.size() > 11;
  if (!observable && std::find(plain.begin(), plain.end(), p.quantity) == plain.end())
    file.fail(*t->get("quantity"), "unknown quantity '" + p.quantity + "' (accepted: " +
                                       comma_list(plain) + ", observable:<name>)");
  for (auto [key, flag] : {std::pair{"relative", &p.relative}, std::pair{"log", &p.log}})
    if (const toml::node* r = t->get(key)) {
      if (!r->is_boolean()) file.fail(*r, std::string(key) + " must be true or false");
      *flag = r->value<bool>().value();
    }
  if (const toml::node* y = t->get("ylim")) p.ylim = interval(file, *y, "ylim");
  return p;
}

// spectrum = { prefix = "...", window = [t0, t1] }, the window inside every
// curve's run.
void read_spectrum(const TomlFile& file, const toml::table& t, const toml::node& node,
                   const std::vector<CellSpec>& cells, PaperFigure& f) {
  const toml::node* n = t.get("spectrum");
  const toml::table* st = n ? n->as_table() : nullptr;
  if (!st)
    file.fail(n ? *n : node,
              "kind = \"spectrum\" needs spectrum = { prefix = \"...\", window = [t0, t1] }");
  check_keys(file, *st, {"prefix", "window"}, "spectrum");
  f.spectrum_prefix = required_text(file, *st, *n, "prefix", "spectrum");
  if (f.spectrum_prefix.empty()) file.fail(*n, "spectrum prefix must not be empty");
  const toml::node* w = st->get("window");
  if (!w) file.fail(*n, "spectrum needs window = [t0, t1] (the time mean's interval)");
  f.spectrum_window = interval(file, *w, "window");
  if (f.spectrum_window[0] < 0) file.fail(*w, "window must start at t >= 0");
  for (const CellSpec& c : cells)
    for (const FigureCurve& curve : f.curves)
      if (c.problem_key() == curve.problem && f.spectrum_window[1] > c.t_end * (1 + 1e-12)) {
        char end[32];
        std::snprintf(end, sizeof end, "%g", c.t_end);
        file.fail(*w, "window ends after t_end = " + std::string(end) + " of problem '" +
                          curve.problem + "' (accepted: a window inside every curve's run)");
      }
}

bool same_step(double a, double b) { return std::abs(a - b) <= 1e-9 * b; }

FigureCurve read_curve(const TomlFile& file, const toml::node& n,
                       const std::vector<CellSpec>& cells) {
  const toml::table* t = n.as_table();
  if (!t) file.fail(n, "curves entries must be { problem = ..., integrator = ..., h = ... }");
  check_keys(file, *t, {"problem", "integrator", "h"}, "figure curve");
  FigureCurve c;
  c.problem = required_text(file, *t, n, "problem", "a figure curve");
  c.integrator = required_text(file, *t, n, "integrator", "a figure curve");
  const toml::node* h = t->get("h");
  if (!h) file.fail(n, "a figure curve needs h = <requested step size>");
  c.h = positive_number(file, *h, "a figure curve's h");
  const bool found = std::any_of(cells.begin(), cells.end(), [&](const CellSpec& s) {
    const std::string& label = s.integrator_label.empty() ? s.integrator : s.integrator_label;
    return s.problem_key() == c.problem && label == c.integrator && same_step(s.h, c.h);
  });
  if (!found)
    file.fail(n, "no run of this matrix is problem '" + c.problem + "', integrator '" +
                     c.integrator + "' at h = " + text_value(file, *h, "h") +
                     " (a curve must name a run of a [[study]], by its labels)");
  return c;
}

template <class T, class Read>
std::vector<T> read_list(const TomlFile& file, const toml::table& t, const toml::node& node,
                         const char* key, Read read) {
  const toml::node* n = t.get(key);
  if (!n || !n->as_array() || n->as_array()->empty())
    file.fail(n ? *n : node, std::string("[[figure]] needs ") + key + " = [...] (non-empty)");
  std::vector<T> out;
  for (const auto& e : *n->as_array()) out.push_back(read(e));
  return out;
}

}  // namespace

PaperFigure read_paper_figure(const TomlFile& file, const toml::node& node,
                              const std::vector<CellSpec>& cells) {
  const toml::table* t = node.as_table();
  if (!t) file.fail(node, "[[figure]] must be a table");
  check_keys(file, *t, {"id", "title", "source", "kind", "panels", "spectrum", "curves"},
             "[[figure]]");
  PaperFigure f;
  f.id = required_text(file, *t, node, "id", "[[figure]]");
  if (f.id.empty() ||
      f.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") != std::string::npos)
    file.fail(*t->get("id"), "figure id '" + f.id + "' must be lower-case letters, digits, - or _");
  f.title = required_text(file, *t, node, "title", "[[figure]]");
  f.source = required_text(file, *t, node, "source", "[[figure]]");
  if (const toml::node* k = t->get("kind")) {
    const auto kind = k->value<std::string>();
    if (!kind || (*kind != "time" && *kind != "spectrum"))
      file.fail(*k, "invalid kind (accepted: time, spectrum)");
    f.kind = *kind;
  }
  f.curves = read_list<FigureCurve>(
      file, *t, node, "curves", [&](const toml::node& n) { return read_curve(file, n, cells); });
  if (f.kind == "spectrum") {
    if (const toml::node* p = t->get("panels"))
      file.fail(*p, "a spectrum figure takes no panels (one panel per step size is drawn)");
    read_spectrum(file, *t, node, cells, f);
    return f;
  }
  if (const toml::node* sp = t->get("spectrum"))
    file.fail(*sp, "spectrum needs kind = \"spectrum\"");
  f.panels = read_list<FigurePanel>(file, *t, node, "panels",
                                    [&](const toml::node& n) { return read_panel(file, n); });
  return f;
}

}  // namespace toml_input
}  // namespace tibench
