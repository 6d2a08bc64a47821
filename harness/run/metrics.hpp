// Metric keys — the same names in HDF5 attributes, tables and tests
// (docs/hdf5-schema.md, "Metrics") — and their definitions:
//
//   err_final           ‖(q − q*, v − v*)‖_M / ‖(q*, v*)‖_M at t_end, where
//                       ‖(a, b)‖²_M = aᵀMa + bᵀMb in SI units (the literal
//                       reading of "M-weighted relative error of (q, v)")
//   err_q_final         ‖q − q*‖_M / ‖q*‖_M        err_v_final  ‖v − v*‖_M / ‖v*‖_M
//                       (a zero denominator is replaced by 1: absolute error)
//   err_max             max over the run's output times t_j of the same error
//                       as err_final, measured at t_j (reference/state_error.hpp)
//   energy_drift_max    max_n |H_n − H_0| / |H_0| over every step (not only samples)
//   energy_drift_final  |H_N − H_0| / |H_0|
//   momentum_drift_max  max_n ‖p_n − p_0‖ / max(‖p_0‖, p_s),  p_s = √(2 m_tot |H_0|)
//   angmom_drift_max    max_n ‖L_n − L_0‖ / max(‖L_0‖, r_0 p_s), r_0 = max node
//                       distance from the origin at t = 0 (0 for 1-D layouts)
//   newton_iters_total, linear_solves, rhs_evals   summed over all steps
//   inner_iters_total   iterations of iterative inner solvers (newton-cg: CG
//                       iterations), summed over all steps
//   local_s, global_s   seconds in the local and global steps of
//                       solver=local-global (0 for other solvers)
//   wall_s              wall-clock seconds of the stepping loop
//   newton_iters_per_step  newton_iters_total / steps taken (Loeschner et al.
//                       2020 Table 1's "Newt. iter.": all stages of a step)
//   wall_per_sim_s      wall_s per simulated second (Table 1's "real s/sim s")
//                       over the steps taken (NaN when none was)
//
// p_s is the momentum the system would have if all its energy were kinetic,
// so drifts of systems at rest in momentum are measured on a physical scale
// instead of dividing by zero (H_0 = 0 makes the energy drift absolute).
// Error metrics are NaN when there is no reference, when the run did not end
// ok, or when the reference cannot resolve the error (an error below 100× the
// reference's self-convergence difference is not a measurement): never invented.
#pragma once

#include <array>
#include <string_view>

namespace tibench {

inline constexpr std::array<const char*, 17> kMetricKeys = {"err_final",
                                                            "err_q_final",
                                                            "err_v_final",
                                                            "err_max",
                                                            "energy_drift_max",
                                                            "energy_drift_final",
                                                            "momentum_drift_max",
                                                            "angmom_drift_max",
                                                            "newton_iters_total",
                                                            "linear_solves",
                                                            "rhs_evals",
                                                            "inner_iters_total",
                                                            "local_s",
                                                            "global_s",
                                                            "wall_s",
                                                            "newton_iters_per_step",
                                                            "wall_per_sim_s"};

// Values by key; error and drift metrics start as NaN ("not measured"),
// counters as 0. Unknown keys are a programming error (std::logic_error).
class Metrics {
 public:
  Metrics();
  double& operator[](std::string_view key);
  double operator[](std::string_view key) const;
  // Visits (key, value) in kMetricKeys order.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t k = 0; k < kMetricKeys.size(); ++k) f(kMetricKeys[k], values_[k]);
  }

 private:
  static std::size_t index(std::string_view key);
  std::array<double, kMetricKeys.size()> values_;
};

}  // namespace tibench
