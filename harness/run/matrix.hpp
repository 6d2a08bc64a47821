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
//   short = { t_end = 1.0, outputs = 1 }  # a long matrix's study: its short version
//
// A matrix whose runs take over a minute on 2 cores says `long = true`, and
// each of its studies then declares its short version: `short = { t_end =
// ... }` (at most the study's t_end; `outputs` may change with it), or
// `short = {}` for a study cheap enough to run unchanged. `tibench run
// --short` (make run without FULL=1) runs the short versions; the step
// sizes, problems, integrators and labels stay, so the same tables and
// figures are drawn from them, and `tibench converge --matrix` marks tables
// whose runs have a short t_end as short versions.
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

// A long matrix's cells as written (full) or with each study's `short`
// overrides applied (short_version). A matrix that is not long has only the
// full version.
enum class MatrixVersion { full, short_version };

struct Matrix {
  std::string name;
  std::string description;
  // `long = true`: over a minute on 2 cores; make run runs its short
  // version, make run FULL=1 (make run-long) the full one.
  bool long_run = false;
  MatrixVersion version = MatrixVersion::full;  // which version `cells` are
  std::vector<CellSpec> cells;       // in file order: study × problem × integrator × h
  std::vector<Exclusion> excluded;   // integrators "*" left out as not applicable
  std::vector<PaperTable> tables;    // [[table]] blocks (harness/analysis/paper_table.hpp)
  std::vector<PaperFigure> figures;  // [[figure]] blocks (harness/analysis/matrix_figures.hpp)
};

// Both check the whole file, short versions included, whichever version
// they return; asking a matrix that is not long for its short version is an
// InputError.
Matrix load_matrix(const std::string& path, MatrixVersion version = MatrixVersion::full);
Matrix parse_matrix(const std::string& toml_text, const std::string& source_name,
                    MatrixVersion version = MatrixVersion::full);

}  // namespace tibench
