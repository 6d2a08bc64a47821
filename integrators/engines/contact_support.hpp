// What an engine can do with a problem's contact (problems/contact/), and
// the refusal when the problem asks for more: engines check this at
// construction, so an integrator that cannot honour the selected contact
// model is left out of "*" in a matrix (with the reason) or stops a single
// run with exit code 2, instead of silently ignoring the obstacles.
//
//   constraints       constraint contact is enforced by gradient projection
//                     inside the solve of each implicit stage; the step's end
//                     position must be such a constrained minimizer (a
//                     stiffly accurate tableau, a one-solve method), or it
//                     could lie inside an obstacle;
//   friction          Coulomb friction is applied to the stage velocity after
//                     each solve; the engine must take its velocity from that
//                     stage (and its positions not from the velocity);
//   moving obstacles  the potential then depends on t: the engine must
//                     evaluate forces through Problem::force (which sets the
//                     time) and stages through IncrementalPotential, and must
//                     not need ∂f/∂t.
// Penalty, IPC and post-process contact need nothing from an engine beyond
// this (their forces are part of P, or the driver applies them).
#pragma once

#include <string>

#include "core/parameters.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/problem.hpp"

namespace tibench {

struct ContactSupport {
  bool constraints = false;
  bool friction = false;
  bool moving_obstacles = true;
  std::string why_not;  // one clause: why the engine lacks what it lacks
};

// Throws InputError naming the integrator, the problem and its contact model
// when the problem needs something `support` lacks.
inline void require_contact_support(const Problem& p, const std::string& integrator,
                                    const ContactSupport& support) {
  const ObstacleContact* c = p.contact();
  std::string need;
  if (c && c->kind() == ContactKind::constraint && !support.constraints)
    need = "contact=constraint";
  else if (c && c->params().mu > 0 && c->kind() != ContactKind::post_process &&
           c->kind() != ContactKind::none && !support.friction)
    need = "friction (mu > 0)";
  else if (p.potential_depends_on_time() && !support.moving_obstacles)
    need = "moving obstacles";
  if (need.empty()) return;
  throw InputError("integrator '" + integrator + "' cannot run problem '" + std::string(p.id()) +
                   "' with " + need + ": " + support.why_not +
                   " (accepted: contact=penalty, ipc or post-process without friction, or an "
                   "integrator whose stages are minimizations; see docs/contact.md)");
}

}  // namespace tibench
