// Update matrices of registry integrators on m x'' = −k x for the linear
// stability claims (You, Zheng & Li App. C–D): one step from each basis
// state (integrators/analysis/linear_analysis.hpp).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/methods/registry.hpp"

namespace tibench::claims {

inline StepperMaker maker(const std::string& id, const std::vector<std::string>& iparams = {}) {
  const IntegratorInfo& info = find_integrator(id);
  return [&info, iparams](const Problem& p, double h) { return info.stepper(p, h, iparams); };
}

// Q of one step of `id` on m x'' = −k x.
inline Eigen::Matrix2d stepped(const std::string& id, double m, double k, double h,
                               const std::vector<std::string>& iparams = {}) {
  return update_matrix(maker(id, iparams), m, 0.0, k, h);
}

// Max-norm difference relative to max(1, ‖b‖).
inline double rel(const Eigen::Matrix2d& a, const Eigen::Matrix2d& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

}  // namespace tibench::claims
