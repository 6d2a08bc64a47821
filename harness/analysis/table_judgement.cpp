#include "harness/analysis/table_judgement.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "harness/analysis/paper_table.hpp"

namespace tibench {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The whole of s as a finite number, if it is one.
bool parse_number(const std::string& s, double& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(out);
}

std::string quoted_labels(const std::vector<std::string>& labels) {
  std::string s;
  for (const auto& l : labels) s += (s.empty() ? "\"" : ", \"") + l + "\"";
  return s;
}

TableOperand parse_operand(const std::string& raw, const std::vector<std::string>& labels,
                           const std::string& text) {
  const std::string s = trim(raw);
  TableOperand o;
  // A label first: columns may be named by numbers ("10" ADMM iterations).
  for (std::size_t k = 0; k < labels.size(); ++k)
    if (labels[k] == s) o.column = static_cast<int>(k);
  if (o.column < 0 && !parse_number(s, o.number))
    throw std::invalid_argument(
        "expectation \"" + text + "\": '" + s +
        "' is neither a number nor a column label (labels: " + quoted_labels(labels) + ")");
  return o;
}

// "30 * SDIRK2" → factor 30 and the operand SDIRK2.
TableOperand parse_right(const std::string& raw, const std::vector<std::string>& labels,
                         const std::string& text, double& factor) {
  const auto star = raw.find(" * ");
  factor = 1.0;
  if (star == std::string::npos) return parse_operand(raw, labels, text);
  if (!parse_number(trim(raw.substr(0, star)), factor) || factor <= 0)
    throw std::invalid_argument("expectation \"" + text + "\": the factor in '" + trim(raw) +
                                "' must be a positive number (accepted: \"A > 30 * B\")");
  return parse_operand(raw.substr(star + 3), labels, text);
}

// Splits "a < b <= c" into operands and the operators between them.
void split_chain(const std::string& text, std::vector<std::string>& parts,
                 std::vector<std::string>& ops) {
  static const char* kOps[] = {" <= ", " >= ", " < ", " > ", " ~ "};
  std::size_t start = 0, pos = 0;
  while (pos < text.size()) {
    bool found = false;
    for (const char* op : kOps) {
      const std::string o(op);
      if (text.compare(pos, o.size(), o) == 0) {
        parts.push_back(text.substr(start, pos - start));
        ops.push_back(trim(o));
        pos += o.size();
        start = pos;
        found = true;
        break;
      }
    }
    if (!found) ++pos;
  }
  parts.push_back(text.substr(start));
}

}  // namespace

bool TableTolerance::agree(double ours, double target) const {
  const double gap = std::abs(ours - target);
  return abs > 0 ? gap <= abs : gap <= rel * std::abs(target);
}

std::string TableTolerance::describe() const {
  char buf[64];
  if (abs > 0)
    std::snprintf(buf, sizeof buf, "within ±%g", abs);
  else
    std::snprintf(buf, sizeof buf, "within %g%% relative", 100 * rel);
  return buf;
}

std::vector<TableExpectation> parse_table_expectation(const std::string& text,
                                                      const std::vector<std::string>& labels) {
  for (const char* status : {" fails", " ok"}) {
    const std::string suffix(status);
    if (text.size() > suffix.size() &&
        text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0) {
      TableExpectation e;
      e.text = text;
      e.op = trim(suffix);
      e.left = parse_operand(text.substr(0, text.size() - suffix.size()), labels, text);
      if (e.left.column < 0)
        throw std::invalid_argument("expectation \"" + text + "\": '" + e.op +
                                    "' needs a column label before it");
      return {e};
    }
  }
  std::vector<std::string> parts, ops;
  split_chain(text, parts, ops);
  if (ops.empty())
    throw std::invalid_argument("expectation \"" + text +
                                "\" has no comparison (accepted: \"A < B\", \"A >= 30 * B\", "
                                "\"A ~ B\", chains \"A < B < C\", \"A fails\", \"A ok\"; "
                                "spaces around each operator)");
  if (ops.size() > 1 && text.find(" * ") != std::string::npos)
    throw std::invalid_argument("expectation \"" + text +
                                "\": a factor only in a single comparison (\"A > 30 * B\"), "
                                "not in a chain");
  std::vector<TableExpectation> out;
  for (std::size_t k = 0; k < ops.size(); ++k) {
    TableExpectation e;
    e.text = trim(parts[k]) + " " + ops[k] + " " + trim(parts[k + 1]);
    e.op = ops[k];
    e.left = parse_operand(parts[k], labels, text);
    e.right = parse_right(parts[k + 1], labels, text, e.factor);
    if (e.left.column < 0 && e.right.column < 0)
      throw std::invalid_argument("expectation \"" + text + "\": '" + e.text +
                                  "' compares two numbers; name a column");
    out.push_back(e);
  }
  return out;
}

namespace {

std::string row_label(const PaperTable& t, int r) {
  if (r < static_cast<int>(t.row_labels.size())) return t.row_labels[r];
  char buf[40];
  std::snprintf(buf, sizeof buf, "h = %.6g", t.rows[r]);
  return buf;
}

std::string number_text(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

// Records one comparison's outcome in v.
void tally(TableVerdict& v, int outcome, const std::string& what) {
  if (outcome > 0) ++v.hold;
  if (outcome == 0) ++v.fail, v.failures.push_back(what);
  if (outcome < 0) ++v.undecided, v.undecided_cells.push_back(what);
}

// Every printed value against its cell: 1 agrees, 0 disagrees, -1 undecided.
void judge_printed_values(const PaperTable& t, const TableCellLookup& cell, TableVerdict& v) {
  for (int c = 0; c < static_cast<int>(t.columns.size()); ++c) {
    const auto& paper = t.columns[c].paper;
    for (int r = 0; r < static_cast<int>(paper.size()); ++r) {
      double target = 0;
      if (!parse_number(trim(paper[r]), target)) continue;
      const TableCell ours = cell(c, r);
      const std::string where = row_label(t, r) + ", " + t.columns[c].label + ": ";
      if (!ours.has_value) {
        tally(v, -1, where + ours.text);
        continue;
      }
      tally(v, t.tolerance.agree(ours.value, target) ? 1 : 0,
            where + ours.text + " vs paper " + paper[r]);
    }
  }
}

struct OperandValue {
  bool known = false;
  double value = 0.0;
  std::string text;
};

OperandValue operand_value(const TableOperand& o, const TableCellLookup& cell, int row) {
  if (o.column < 0) return {true, o.number, number_text(o.number)};
  const TableCell c = cell(o.column, row);
  return {c.has_value, c.value, c.text};
}

// 1 holds, 0 fails, -1 undecided; `shown` gets the values compared.
int evaluate(const PaperTable& t, const TableExpectation& e, const TableCellLookup& cell, int row,
             std::string& shown) {
  if (e.op == "fails" || e.op == "ok") {
    const TableCell c = cell(e.left.column, row);
    shown = c.text;
    if (c.text == "missing") return -1;
    return (e.op == "ok") == c.run_ok ? 1 : 0;
  }
  const OperandValue a = operand_value(e.left, cell, row), b = operand_value(e.right, cell, row);
  shown = a.text + " vs " + (e.factor != 1.0 ? number_text(e.factor) + " * " : "") + b.text;
  if (!a.known || !b.known) return -1;
  const double x = a.value, y = e.factor * b.value;
  if (e.op == "<") return x < y;
  if (e.op == "<=") return x <= y;
  if (e.op == ">") return x > y;
  if (e.op == ">=") return x >= y;
  return t.tolerance.agree(x, y);
}

// The paper's printed value of a cell, as the judge sees a cell.
TableCell printed_cell(const PaperTable& t, int column, int row) {
  const auto& paper = t.columns[static_cast<std::size_t>(column)].paper;
  TableCell c;
  c.text = "no printed value";
  if (row < static_cast<int>(paper.size()) && parse_number(trim(paper[row]), c.value)) {
    c.has_value = c.run_ok = true;
    c.text = trim(paper[row]);
  }
  return c;
}

// Every expectation on the paper's printed values, in the rows where each
// operand has one: the failures go to v.paper_failures.
void judge_criterion_on_printed(const PaperTable& t, TableVerdict& v) {
  const TableCellLookup printed = [&t](int c, int r) { return printed_cell(t, c, r); };
  for (const auto& e : t.expect) {
    if (e.op == "fails" || e.op == "ok") continue;  // a run's status: nothing printed
    for (int r = 0; r < static_cast<int>(t.rows.size()); ++r) {
      if (!e.rows.empty() && std::find(e.rows.begin(), e.rows.end(), r) == e.rows.end()) continue;
      std::string shown;
      if (evaluate(t, e, printed, r, shown) == 0)
        v.paper_failures.push_back(row_label(t, r) + ": " + e.text + " (paper: " + shown + ")");
    }
  }
}

}  // namespace

TableVerdict judge_paper_table(const PaperTable& t, const TableCellLookup& cell) {
  TableVerdict v;
  if (!t.unjudged.empty()) {
    v.verdict = "not judged";
    return v;
  }
  if (t.stand_in.empty()) judge_printed_values(t, cell, v);
  judge_criterion_on_printed(t, v);
  for (const auto& e : t.expect) {
    std::vector<int> rows = e.rows;
    if (rows.empty())
      for (int r = 0; r < static_cast<int>(t.rows.size()); ++r) rows.push_back(r);
    for (int r : rows) {
      std::string shown;
      const int outcome = evaluate(t, e, cell, r, shown);
      tally(v, outcome, row_label(t, r) + ": " + e.text + " (" + shown + ")");
    }
  }
  v.verdict =
      v.fail > 0 ? "refuted" : (v.undecided > 0 || v.hold == 0 ? "inconclusive" : "reproduced");
  if (!v.paper_failures.empty() && v.verdict != "inconclusive") {
    v.capped = "the paper's own printed values fail " + std::to_string(v.paper_failures.size()) +
               " of the expectations";
    v.verdict = "inconclusive";
  } else if (!t.stand_in.empty() && v.verdict == "refuted") {
    v.capped = "stand-in: " + t.stand_in;
    v.verdict = "inconclusive";
  } else if (!t.unstated.empty() && v.verdict == "refuted") {
    v.capped = "unstated: " + t.unstated;
    v.verdict = "inconclusive";
  }
  return v;
}

std::string TableVerdict::summary() const {
  if (verdict == "not judged") return verdict;
  const int made = hold + fail + undecided;
  std::string s = verdict + ": " + std::to_string(hold) + " of " + std::to_string(made) +
                  (made == 1 ? " comparison holds" : " comparisons hold");
  if (fail) s += ", " + std::to_string(fail) + " fail";
  if (undecided) s += ", " + std::to_string(undecided) + " undecided";
  if (!capped.empty()) s += " (" + capped + ")";
  return s;
}

}  // namespace tibench
