// Observed orders and convergence tables.
//
// Observed order = least-squares slope of log(err) against log(h) over the
// actual step sizes of the runs (never an assumed ratio), reported with the
// coefficient of determination r² of the fit as its quality.
#pragma once

#include <H5Cpp.h>

#include <string>
#include <vector>

#include "harness/io/run_io.hpp"

namespace tibench {

struct OrderFit {
  double slope = std::numeric_limits<double>::quiet_NaN();
  double intercept = std::numeric_limits<double>::quiet_NaN();
  double r2 = std::numeric_limits<double>::quiet_NaN();
  int points = 0;
};

// Fits log err = slope · log h + intercept over the pairs with finite,
// positive err. Needs at least two distinct h; otherwise slope is NaN.
OrderFit fit_order(const std::vector<double>& h, const std::vector<double>& err);

struct ConvergenceRow {
  std::string integrator;  // group label
  int nominal_order = 0;   // 0 when unknown
  std::vector<double> h;   // actual step sizes of the ok runs
  std::vector<double> value;
  std::vector<std::string> cell;  // per column: formatted value or status
  OrderFit fit;
};

struct ConvergenceTable {
  std::string problem;
  std::string metric;
  std::vector<double> h_columns;  // requested step sizes, descending
  std::vector<ConvergenceRow> rows;
};

// One table per problem for `metric` (err_final, energy_drift_max, ...).
std::vector<ConvergenceTable> convergence_tables(const std::vector<StoredRun>& runs,
                                                 const std::string& metric);

enum class TableFormat { markdown, csv, latex };
TableFormat parse_table_format(const std::string& text);  // throws InputError
std::string format_tables(const std::vector<ConvergenceTable>& tables, TableFormat format,
                          bool with_order);
// One table (title, optional note line, header, rows) in the given format.
std::string format_table(const std::string& title, const std::string& note,
                         const std::vector<std::string>& header,
                         const std::vector<std::vector<std::string>>& body, TableFormat format);

// Writes /convergence/<problem>/<integrator> (err_final tables) to f.
void write_convergence(H5::H5File& f, const std::vector<ConvergenceTable>& tables);

}  // namespace tibench
