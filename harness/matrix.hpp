// Benchmark matrices (harness/matrices/*.toml): which problems (with
// parameter sets) run with which integrators (with parameter sets), over which
// step-size ladder and end time.
//
//   name = "default"                      # optional
//   description = "..."                   # optional
//   [[study]]                             # one or more blocks
//   problems = ["oscillator", { id = "oscillator", params = { n = 3 }, label = "osc3" }]
//   integrators = ["*"]                   # "*" = every registry integrator
//   h = [0.1, 0.05, 0.025]                # step-size ladder, each > 0
//   t_end = 10.0                          # > 0
//   max_samples = 2000                    # optional: time-series samples kept
//   energy_cap = 1e12                     # optional: divergence threshold
//
// Every error (malformed TOML, unknown key or id, bad value) is an InputError
// whose one-line message names the file, the line and what is accepted.
#pragma once

#include <string>
#include <vector>

#include "harness/run_cell.hpp"

namespace tibench {

struct Matrix {
  std::string name;
  std::string description;
  std::vector<CellSpec> cells;  // in file order: study × problem × integrator × h
};

Matrix load_matrix(const std::string& path);
Matrix parse_matrix(const std::string& toml_text, const std::string& source_name);

}  // namespace tibench
