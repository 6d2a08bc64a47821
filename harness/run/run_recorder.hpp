// What a cell keeps of its run while the driver steps it: time-series
// samples (at most max_samples, evenly strided), position frames of bodies
// with a surface mesh, contact phases, and the drift metrics accumulated over
// every step (energy relative to |H0|; momenta relative to scales that stay
// meaningful when the initial momentum is zero).
#pragma once

#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "harness/analysis/contact_phases.hpp"
#include "harness/run/run_cell.hpp"

namespace tibench {

class RunRecorder {
 public:
  // Records the initial state s0 into rec (series, frames, contact model).
  RunRecorder(const Problem& p, const State& s0, long steps, long max_samples, long frames,
              RunRecord& rec);
  // After step n: state s, the step's report r, H(s).
  void on_step(long n, const State& s, const StepReport& r, double H);
  // Writes the drift metrics into m, drops series the method never reported
  // and stores the contact phases.
  void finish(Metrics& m);

 private:
  double energy_scale() const { return std::abs(H0_) > 0 ? std::abs(H0_) : 1.0; }
  void sample(const State& s, double H);
  void frame(const State& s);

  const Problem& p_;
  TimeSeries& out_;
  RunRecord& rec_;
  long stride_ = 1, steps_ = 0, frame_stride_ = 0;
  std::optional<ContactPhaseDetector> phases_;
  long long last_contacts_ = 0;
  double last_min_phi_ = std::numeric_limits<double>::quiet_NaN();
  double H0_ = 0;
  Vec p0_;
  Eigen::Vector3d L0_;
  double p_ref_ = 0, L_ref_ = 0;
  double drift_ = 0, energy_drift_max_ = 0, momentum_drift_max_ = 0, angmom_drift_max_ = 0;
  long long iters_since_sample_ = 0;
  bool any_alpha_ = false, any_target_ = false, any_estimate_ = false;
  double last_alpha_ = std::numeric_limits<double>::quiet_NaN();
  double last_target_ = std::numeric_limits<double>::quiet_NaN();
  double last_estimate_ = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> obs_;
};

}  // namespace tibench
