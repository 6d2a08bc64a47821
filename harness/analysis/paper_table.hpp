// Paper-style tables: our values laid out like a published table, with the
// paper's printed values beside them, declared in a matrix file:
//
//   [[table]]
//   id = "you2025-table2"
//   title = "Final centre-of-mass velocity of the 1-D bar [m/s]"
//   source = "You et al. 2025, Table 2"          # where the printed values come from
//   quantity = "series:observables/com_velocity"  # or "metric:<key>", or
//                                     # "distance:<integrator label>": the relative
//                                     # max-norm distance of the final (q, v) from
//                                     # that integrator's run (same problem and row)
//   reduce = "final"                  # for series: final | first | max | min |
//                                     # max_abs_change | mean | sum (mean and sum skip
//                                     # NaN entries, e.g. an open contact phase's)
//   rows = [0.0333333333333, 0.00333333333333]   # requested step sizes, one row each
//   row_labels = ["1/30 s", "1/300 s"]           # optional
//   format = "%.3f"                              # optional (default %.3e)
//   columns = [
//     { label = "Soft BDF2", problem = "bar-soft", integrator = "bdf2", paper = [0.776, 0.760] },
//     ...
//   ]
//
// How the table is judged (tolerance, expect, unjudged): see
// harness/analysis/table_judgement.hpp.
//
// A cell is "ours (paper)"; it names the run's status when the run did not
// end ok, "missing" when the run is not in the file, "n/a" when the quantity
// was not measured. Printed paper values are the only numbers not computed;
// they are copied from the source, as strings or numbers, one per row (or
// omitted). Rows are matched on the requested step size to 1e-9 relative.
#pragma once

#include <H5Cpp.h>

#include <string>
#include <vector>

#include "harness/analysis/convergence.hpp"
#include "harness/analysis/table_judgement.hpp"

namespace tibench {

struct PaperColumn {
  std::string label, problem, integrator;
  std::vector<std::string> paper;  // printed values, one per row ("" = none)
};

// The accepted `reduce` values.
std::vector<std::string> series_reductions();

struct PaperTable {
  std::string id, title, source;
  std::string quantity;  // "metric:<key>" or "series:<dataset>"
  std::string reduce = "final";
  std::vector<double> rows;
  std::vector<std::string> row_labels;
  std::string format = "%.3e";
  std::vector<PaperColumn> columns;
  TableTolerance tolerance;
  std::vector<TableExpectation> expect;
  std::string unjudged;  // why the table is not judged ("" = it is)
  // Why the runs stand in for the paper's scene and what the claim rests on
  // that they lack ("" = the paper's scene): printed values are then not
  // compared with ours, and a refutation is at most inconclusive.
  std::string stand_in;
  // What the printed values depend on that the paper does not print, shown
  // (by a sweep elsewhere) to move them ("" = nothing): a refutation is then
  // at most inconclusive.
  std::string unstated;
};

struct RenderedTable {
  std::string text;  // the table, its verdict below it
  TableVerdict verdict;
};

// One table from the runs of f: each cell is read once, for the text and
// the verdict. `short_version` (non-empty when the runs are a long
// matrix's short version, e.g. "t_end 1 s instead of 10 s") is stated in the
// title and the verdict line, so that the verdict is not read as the full
// study's.
RenderedTable render_paper_table(const H5::H5File& f, const PaperTable& t, TableFormat format,
                                 const std::string& short_version = {});

}  // namespace tibench
