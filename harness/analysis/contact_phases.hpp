// Contact phases of a run, detected by the harness from the contact data
// every step reports (StepReport::contacts, min_phi, contact_normal: the
// stage solver's active constraints or the pairs with a contact force,
// filled by the engines and the driver), never by the problem.
//
// A phase (a collision) starts at a step that ends with at least one pair in
// contact and ends at the first later step with no pair in contact at which
// the centre of mass no longer approaches the obstacles (its velocity along
// the phase's normal is ≥ 0): steps without contact while it still
// approaches are vertices bouncing off within the collision (chatter, seen
// at small steps), not a flight. With "before" the last state not in
// contact (the initial state if the run starts in contact) and "after" the
// state that ends the phase (none when the run ends in it: the phase is
// open):
//
//   t_start, t_end        first step in contact; the step of "after" (open:
//                         the last step)
//   normal                mean contact normal (∇φ) at the first step
//   v_in, v_out           centre-of-mass velocity along the normal at
//                         "before" and "after"
//   restitution           −v_out / v_in (NaN when open or not approaching)
//   energy_change         H(after) − H(before)
//   momentum_change       p(after) − p(before)  (dim components)
//   max_penetration       max(0, −min φ) over the phase's steps
//   max_active            the largest number of pairs in contact
//   flight_energy_change  H from "after" to the state before the next phase
//                         (or to the end of the run): the energy lost or
//                         gained between collisions
//   apex                  max of (centre of mass)·normal over that flight
//                         (a jump height, measured along the normal)
#pragma once

#include <Eigen/Core>
#include <limits>
#include <vector>

#include "integrators/engines/stepper.hpp"

namespace tibench {

struct ContactPhase {
  double t_start = 0, t_end = 0;
  bool open = false;
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  double v_in = 0, v_out = 0;
  double restitution = std::numeric_limits<double>::quiet_NaN();
  double energy_change = 0;
  std::vector<double> momentum_change;
  double max_penetration = 0;
  int max_active = 0;
  double flight_energy_change = std::numeric_limits<double>::quiet_NaN();
  double apex = std::numeric_limits<double>::quiet_NaN();
};

class ContactPhaseDetector {
 public:
  ContactPhaseDetector(const Problem& p, const State& s0, double H0, int contacts0);
  void on_step(const State& s, const StepReport& r, double H);
  // Closes the last phase or flight; the phases in time order.
  std::vector<ContactPhase> finish();

 private:
  struct Snapshot {
    double t = 0, H = 0;
    Eigen::VectorXd com, com_velocity, momentum;
  };
  Snapshot snapshot(const State& s, double H) const;
  void open_phase(const StepReport& r);
  void close_phase(const Snapshot& after);
  double along(const Eigen::VectorXd& x, const Eigen::Vector3d& n) const;

  const Problem& p_;
  double total_mass_ = 0;
  Snapshot last_free_;  // the last state not in contact
  bool in_contact_ = false;
  std::vector<ContactPhase> phases_;
  Snapshot flight_start_;   // "after" of the last closed phase
  bool in_flight_ = false;  // a closed phase's flight is being followed
};

}  // namespace tibench
