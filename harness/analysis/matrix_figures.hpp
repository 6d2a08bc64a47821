// Paper-style figures of a matrix file: [[figure]] blocks naming the runs a
// paper's figure compares (possibly at different step sizes, as papers
// compare methods at equal cost) and the time series to draw. The runs are
// checked against the matrix's cells when the file is read, so a figure can
// never name a run the matrix does not make; scripts/plot.py --matrix draws
// them from the run file.
//
//   [[figure]]
//   id = "fig5"                        # file stem: paper_<id>.{png,svg}
//   title = "spinning cube, h = 0.033 s"
//   source = "Dinev et al. 2018, Fig. 5"
//   panels = [                         # one axes per panel, stacked, time on x
//     { quantity = "energy", relative = true, ylim = [0, 2] },
//     { quantity = "angular_momentum", relative = true },
//   ]
//   curves = [{ problem = "cube", integrator = "bdf2", h = 0.033 }, ...]
//
// quantity: energy, kinetic, potential, angular_momentum, linear_momentum
// (their norms), alpha, newton_iters, or observable:<name>; relative = true
// draws the ratio to the value at t = 0; log = true a logarithmic axis;
// ylim (optional) clips the axis, for runs that explode.
//
// kind = "spectrum" draws, instead of panels over time, the time mean over
// `window` of every observable whose name starts with `prefix` (in name
// order: e.g. the modal energies modal_energy_00, _01, … of bar1d) against
// its index, one panel per step size of the curves (largest first):
//
//   kind = "spectrum"
//   spectrum = { prefix = "modal_energy_", window = [4.0, 5.0] }
#pragma once

#include <string>
#include <vector>

#include "core/toml_input.hpp"
#include "harness/run/run_cell.hpp"

namespace tibench {

struct FigurePanel {
  std::string quantity;
  bool relative = false;
  bool log = false;          // logarithmic y axis
  std::vector<double> ylim;  // empty or {lo, hi}
};

struct FigureCurve {
  std::string problem;     // problem label
  std::string integrator;  // integrator label
  double h = 0.0;          // requested step size
};

struct PaperFigure {
  std::string id, title, source;
  std::string kind = "time";            // time | spectrum
  std::vector<FigurePanel> panels;      // kind = time
  std::string spectrum_prefix;          // kind = spectrum
  std::vector<double> spectrum_window;  // kind = spectrum: {t0, t1}
  std::vector<FigureCurve> curves;
};

// Accepted plain quantities (besides observable:<name>).
const std::vector<std::string>& figure_quantities();

namespace toml_input {

// Reads one [[figure]] block; every curve must match a cell of `cells`.
PaperFigure read_paper_figure(const TomlFile& file, const toml::node& node,
                              const std::vector<CellSpec>& cells);

}  // namespace toml_input
}  // namespace tibench
