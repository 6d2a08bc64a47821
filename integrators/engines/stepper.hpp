// The stepping interface shared by every engine. A Stepper is bound to one
// problem and one step size h; it owns its workspace (and, for multistep
// methods, its history), so one instance serves exactly one run.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

enum class StepStatus { ok, solver_failed };

// What one step did. `residual` is the largest final Newton residual over the
// step's implicit stages, in position units (see NewtonSolver); 0 for
// explicit steps. `alpha` is set by energy-controlled methods only.
struct StepReport {
  StepStatus status = StepStatus::ok;
  int newton_iters = 0;
  int linear_solves = 0;
  int factorizations = 0;  // matrices assembled and factorized by the stage solves
  int psd_fallbacks = 0;
  long rhs_evals = 0;    // force (gradient) evaluations
  long inner_iters = 0;  // iterations of an iterative linear solver (newton-cg: CG)
  // solver=local-global: seconds in its local and global steps.
  double local_seconds = 0.0, global_seconds = 0.0;
  double residual = 0.0;
  double alpha = std::numeric_limits<double>::quiet_NaN();
  // Local error estimate from an embedded method (‖y − ŷ‖_∞ over q and v);
  // NaN for methods without one.
  double error_estimate = std::numeric_limits<double>::quiet_NaN();
  // Energy-controlled methods: the energy the step aimed at; NaN otherwise.
  double energy_target = std::numeric_limits<double>::quiet_NaN();
  // Contact (problems with obstacles): the pairs in contact at the end of the
  // step — the active constraints of the last stage solve (constraint
  // contact), the pairs corrected (post-process) or with a contact force
  // (penalty, IPC) — and min φ over the pairs; −1 and NaN otherwise.
  int contacts = -1;
  double min_phi = std::numeric_limits<double>::quiet_NaN();
  Eigen::Vector3d contact_normal = Eigen::Vector3d::Zero();  // mean ∇φ of the touching pairs
  std::string message;

  // Accumulates a sub-solve's counters into this report.
  void absorb(const StepReport& other);
};

class Stepper {
 public:
  virtual ~Stepper() = default;
  // Advances s by one step of size h() (s.t included). Implementations call
  // Problem::begin_step(s) first.
  virtual StepReport step(State& s) = 0;
  double h() const { return h_; }

  // Multistep methods keep previous states. history_size() is their number
  // (0 for one-step methods); set_history() replaces them (most recent
  // first), bypassing the starter, and history() returns them. The linear
  // analysis uses these to build the update matrix of the full method state.
  virtual int history_size() const { return 0; }
  virtual void set_history(const std::vector<State>& /*previous*/) {}
  virtual std::vector<State> history() const { return {}; }
  // One-step methods whose step depends on more than (q_n, v_n): Chung &
  // Hulbert's generalized-α carries its algorithmic acceleration a_n, which
  // is not M⁻¹f(q_n, v_n). set_carried_acceleration() makes the next step
  // from s use a (as if this stepper had produced s with it); the linear
  // analysis uses these to include a_n in the update matrix.
  virtual bool carries_acceleration() const { return false; }
  virtual void set_carried_acceleration(const State& /*s*/, const Vec& /*a*/) {}
  virtual Vec carried_acceleration() const { return {}; }

 protected:
  explicit Stepper(double h) : h_(h) {}

 private:
  double h_;
};

}  // namespace tibench
