// Benchmark matrices (harness/matrices/*.toml): which problems (with
// parameter sets) run with which integrators (with parameter sets), over which
// step-size ladder, end time and output times, against which reference.
//
//   name = "default"                      # optional
//   description = "..."                   # optional
//   [[study]]                             # one or more blocks
//   problems = ["oscillator", { id = "oscillator", params = { n = 3 }, label = "osc3" }]
//   integrators = ["*", { id = "sdirk2", params = { newton_tol = 1e-13 }, label = "sdirk2-tight" }]
//   exclude = ["forward-euler"]           # optional: ids left out of this study
//   h = [0.1, 0.05, 0.025]                # step-size ladder, each > 0
//   t_end = 10.0                          # > 0
//   outputs = 10                          # optional (1): error output times j t_end / outputs;
//                                         #   round(t_end / h) must be a multiple of it
//   reference = { method = "rk4", h_ref = 1e-4 }   # optional: auto (default) | exact | rk4;
//                                         #   h_ref defaults to min(h) / 64
//   max_samples = 2000                    # optional: time-series samples kept
//   energy_cap = 1e12                     # optional: divergence threshold
//   frames = 100                          # optional: position frames kept per run of a
//                                         #   body with a surface mesh (XDMF; 0: none;
//                                         #   default kDefaultFrames)
//   cell_timeout = 600                    # optional: seconds after which a cell ends with
//                                         #   status timeout (--cell-timeout overrides)
//
// "*" means every registry integrator that applies to the problem: the
// matrix builds the problem and constructs each integrator's stepper for it;
// an integrator whose stepper refuses the problem (e.g. an incremental-
// potential engine on a problem with q-dependent dissipation) is left out of
// "*" for that problem and listed in Matrix::excluded with the reason
// (printed by `tibench run`). New integrators and problems therefore join
// the default matrix without edits, and "every integrator on every problem
// where it applies" stays true. `exclude` removes integrators by id for a
// study (for choices that are not a matter of applicability, e.g. a method
// too slow for a large problem). Integrators named explicitly are never
// probed: if they cannot run, the cell records status `error` and why.
//
// A matrix may also declare paper-style tables over its runs ([[table]]
// blocks, see harness/analysis/paper_table.hpp); `tibench converge IN.h5 --matrix M`
// renders them. [[figure]] blocks (harness/analysis/matrix_figures.hpp) name the runs
// and time series of a paper's figure; scripts/plot.py --matrix draws them.
//
// Every error (malformed TOML, unknown key or id, bad value, a run repeated
// under the same name) is an InputError whose one-line message names the
// file, the line and what is accepted.
#pragma once

#include <string>
#include <vector>

#include "harness/analysis/matrix_figures.hpp"
#include "harness/analysis/paper_table.hpp"
#include "harness/run/run_cell.hpp"

namespace tibench {

struct Exclusion {
  std::string problem;     // problem label
  std::string integrator;  // id
  std::string reason;      // what the stepper said
};

struct Matrix {
  std::string name;
  std::string description;
  // `long = true`: over a minute on 2 cores; make run leaves it to
  // make run FULL=1 (make run-long). It changes no cell.
  bool long_run = false;
  std::vector<CellSpec> cells;       // in file order: study × problem × integrator × h
  std::vector<Exclusion> excluded;   // integrators "*" left out as not applicable
  std::vector<PaperTable> tables;    // [[table]] blocks (harness/analysis/paper_table.hpp)
  std::vector<PaperFigure> figures;  // [[figure]] blocks (harness/analysis/matrix_figures.hpp)
};

Matrix load_matrix(const std::string& path);
Matrix parse_matrix(const std::string& toml_text, const std::string& source_name);

}  // namespace tibench
