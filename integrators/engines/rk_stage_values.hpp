// The stage values of a Runge–Kutta step: what the engine's reference stage
// loop (runge_kutta.cpp) and its fast layer (rk_fast_stages.hpp) both write,
// and what the implicit stage solve, the update and the embedded estimate
// read.
#pragma once

#include <vector>

#include "problems/problem.hpp"

namespace tibench {

struct RkStageValues {
  // Stage i's position Q_i, velocity V_i and acceleration A_i.
  std::vector<Vec> Q, V, A;
  // q̃, ṽ of the current implicit stage: (q_n, v_n) + h Σ_{j<i} a_ij (V_j, A_j).
  Vec q_tilde, v_tilde;

  RkStageValues(int stages, Index n)
      : Q(static_cast<std::size_t>(stages), Vec::Zero(n)),
        V(static_cast<std::size_t>(stages), Vec::Zero(n)),
        A(static_cast<std::size_t>(stages), Vec::Zero(n)),
        q_tilde(Vec::Zero(n)),
        v_tilde(Vec::Zero(n)) {}
};

}  // namespace tibench
