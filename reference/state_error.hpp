// M-weighted relative distance between two states of the same problem: the
// one error measure used by the metrics (err_final, err_max), by the
// reference's self-convergence check and by its Boost.Odeint cross-check, so
// that the three numbers can be compared with each other.
//
//   ‖(a, b)‖²_M = aᵀMa + bᵀMb,   total = ‖(q − q*, v − v*)‖_M / ‖(q*, v*)‖_M,
//   q = ‖q − q*‖_M / ‖q*‖_M,     v = ‖v − v*‖_M / ‖v*‖_M,
//
// with M the lumped mass of the problem; a zero denominator is replaced by 1
// (the error is then absolute, in SI units).
#pragma once

#include "problems/problem.hpp"

namespace tibench {

struct StateError {
  double total = 0.0;
  double q = 0.0;
  double v = 0.0;
};

StateError state_error(const Vec& mass, const State& s, const State& ref);

}  // namespace tibench
