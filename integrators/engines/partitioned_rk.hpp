// The generic partitioned Runge–Kutta engine for q' = v, M v' = f(q, v, t),
// for any pair of lower-triangular tableaux (A, b) on positions and (Â, b̂)
// on velocities.
//
// Stage i with q̃ = q_n + h Σ_{j<i} a_ij V_j, ṽ = v_n + h Σ_{j<i} â_ij A_j:
//   Q_i = q̃ + h a_ii V_i,  V_i = ṽ + h â_ii A_i,  A_i = M⁻¹ f(Q_i, V_i, t_n + c_i h).
//   a_ii = â_ii = 0:   explicit.
//   â_ii = 0:          V_i = ṽ, Q_i = q̃ + h a_ii ṽ, explicit.
//   a_ii = 0:          Q_i = q̃; V_i solves a velocity-only stage
//                      (explicit without dissipation; VelocityPotential with it).
//   both nonzero:      the increment y = Q_i − q̃ minimizes the incremental
//                      potential with τ² = h² a_ii â_ii, κ = h a_ii, ŷ = κ ṽ;
//                      V_i = y/κ, A_i = (V_i − ṽ)/(h â_ii).
// Update: q_{n+1} = q_n + h Σ b_i V_i,  v_{n+1} = v_n + h Σ b̂_i A_i.
#pragma once

#include <optional>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/engines/stepper.hpp"
#include "integrators/engines/velocity_potential.hpp"
#include "integrators/methods/tableaux/partitioned.hpp"
#include "solvers/stage_solvers.hpp"

namespace tibench {

struct PartitionedTableau {
  Eigen::MatrixXd A, A_hat;
  Eigen::VectorXd b, b_hat;
  // Relative precision of the coefficients (as ButcherTableau::precision).
  double precision = 0.5e-15;
  int stages() const { return static_cast<int>(b.size()); }
  static PartitionedTableau from_record(const tableaux::PartitionedRecord& r);
};

class PartitionedRKStepper final : public Stepper {
 public:
  PartitionedRKStepper(const Problem& p, PartitionedTableau tableau, double h,
                       StageSolverOptions newton);
  StepReport step(State& s) override;

 private:
  const Problem& p_;
  PartitionedTableau tab_;
  Eigen::VectorXd c_;  // stage times: row sums of A (time advances like a position)
  std::vector<Vec> V_, A_;
  Vec q_tilde_, v_tilde_, y_, f_, scratch_;
  std::optional<IncrementalPotential> positions_;
  std::optional<VelocityPotential> velocities_;
  std::unique_ptr<StageSolver> solver_;
};

}  // namespace tibench
