// References for error metrics. A reference gives the "true" state at the
// times the metrics need and says how it was obtained (method, h_ref and the
// outcome of its self-convergence check), so that every error number can be
// traced to what it was measured against.
//
// Today: the exact solution where the problem provides one. Problems without
// one get no reference yet, and their error metrics are reported as missing
// (NaN) rather than invented; fine-step RK4 references with a self-convergence
// check and their HDF5 cache are the next layer (see README, "References").
#pragma once

#include <optional>
#include <string>

#include "problems/problem.hpp"

namespace tibench {

struct Reference {
  std::string method;            // "exact", ...
  double h_ref = 0.0;            // 0 for exact solutions
  std::string self_convergence;  // "not needed (exact)" or the check's outcome
  State final_state;
};

std::optional<Reference> final_reference(const Problem& p, double t_end);

}  // namespace tibench
