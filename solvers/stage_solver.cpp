#include "solvers/stage_solver.hpp"

#include <cstring>

namespace tibench {

bool same_values(const Vec& a, const Vec& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

// The exact noise (a pass over the Hessian's entries) only when the bounds
// cannot decide.
bool at_noise_level(const StageObjective& phi, const Vec& x, double residual) {
  const StageObjective::NoiseBounds bounds = phi.residual_noise_bounds(x);
  if (residual <= bounds.lower) return true;
  if (residual > bounds.upper) return false;
  return residual <= phi.residual_noise(x);
}

}  // namespace tibench
