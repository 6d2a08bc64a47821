// Judging a paper table ([[table]] in a matrix file, harness/analysis/paper_table.hpp):
// every block states how its cells are to agree, so that `tibench converge
// --matrix` (and `make run`) say how much of each table reproduces.
//
//   tolerance = { abs = 0.01 }    # or { rel = 0.05 }: a cell with a printed
//                                 # value agrees when |ours − paper| ≤ abs
//                                 # (≤ rel·|paper|); also the width of `~`
//   expect = [                    # orderings that must hold in every row ...
//     "BE > SDIRK2",              #   <, <=, >, >=, ~ between column labels (a
//                                 #   label that reads as a number is the label)
//     "SDIRK2 < SDIRK3 < ROS3PL", #   or numbers; a chain is its adjacent pairs
//     "BE > 30 * SDIRK2",         #   a factor on the right operand
//     { holds = "plain Newton fails", rows = [0.0416666666666667] },  # ... or in these
//   ]                             #   rows; "<label> fails" / "<label> ok": the run's status
//   unjudged = "wall times"       # instead: why no judgement is possible
//   stand_in = "no wind: ..."     # the runs stand in for the paper's scene:
//                                 # what the claim rests on that they lack
//   unstated = "the gap: ..."     # what the printed values depend on that the
//                                 # paper does not print, shown to move them
//
// Each printed value and each (expectation, row) pair is one comparison. A
// comparison whose cell has no number (run not ok, missing, not measured) is
// undecided. Verdict: refuted when any comparison fails, else inconclusive
// when any is undecided (or none was made), else reproduced.
//
// A refutation must survive the paper's own data: every expectation is
// first evaluated on the printed values (where each operand of a row has
// one), and when the paper's numbers fail it, the criterion misreads the
// claim and the verdict is inconclusive, naming the failure. A table with
// `stand_in` compares no printed value with ours (the scenes differ) and
// turns a refutation into inconclusive (stand-in); one with `unstated`
// compares them but turns a refutation into inconclusive (unstated: ...).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tibench {

struct PaperTable;

struct TableTolerance {
  double abs = 0.0, rel = 0.0;  // exactly one is > 0 when given
  bool given() const { return abs > 0 || rel > 0; }
  bool agree(double ours, double target) const;
  std::string describe() const;  // "within ±0.01", "within 5% relative"
};

// One operand of an expectation: a column (index) or a number.
struct TableOperand {
  int column = -1;  // -1: a number
  double number = 0.0;
};

struct TableExpectation {
  std::string text;  // the pair as written, e.g. "BE > SDIRK2"
  TableOperand left;
  std::string op;         // "<", "<=", ">", ">=", "~", "fails", "ok"
  TableOperand right;     // unused for fails/ok
  double factor = 1.0;    // right operand times this
  std::vector<int> rows;  // row indices; empty = every row
};

// Parses one expectation string (a chain gives several pairs) against the
// table's column labels; throws std::invalid_argument with a message naming
// the bad part and what is accepted.
std::vector<TableExpectation> parse_table_expectation(const std::string& text,
                                                      const std::vector<std::string>& labels);

// A cell as the judge sees it.
struct TableCell {
  bool has_value = false;  // false: the run is not ok, missing or not measured
  bool run_ok = false;     // the run ended ok
  double value = 0.0;
  std::string text;  // what the table prints for it
};

struct TableVerdict {
  std::string verdict;  // reproduced | refuted | inconclusive | not judged
  int hold = 0, fail = 0, undecided = 0;
  std::vector<std::string> failures;  // "row label: what failed (values)"
  std::vector<std::string> undecided_cells;
  // Expectations the paper's own printed values fail ("row: expectation
  // (values)"); any makes the verdict inconclusive.
  std::vector<std::string> paper_failures;
  // Why a refutation became inconclusive ("" when it did not).
  std::string capped;
  std::string summary() const;  // one line
};

using TableCellLookup = std::function<TableCell(int column, int row)>;

TableVerdict judge_paper_table(const PaperTable& t, const TableCellLookup& cell);

}  // namespace tibench
