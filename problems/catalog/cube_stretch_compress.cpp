// cube-stretch-compress — Gast & Schroeder 2014 Figs. 3–4: an elastic cube
// released from a stretched shape and later hit by a small compressive
// pulse, run at one step per 24 Hz frame. "Newton's method is able to
// converge during the stretch phase, but a simple pulse of compression, as
// would normally occur due to a collision, causes it to fail to converge and
// never recover" (Fig. 4); their optimization integrator runs through. The
// harness records a failing solve as the run's status (solver_failed).
// ContactBody (contact_body.hpp); no gravity, no ground.
//
// The pulse: two plates (half-spaces x ≥ −X and x ≤ X, constraint contact by
// default) start just outside the stretched cube, X = stretch·lx/2 +
// plate_gap, rest until pulse_start, move inwards at constant speed for
// pulse_duration until each face of the cube (at rest size) would be pushed
// pulse_depth inwards, and move back out at the same speed.
//
// Parameters: Gast & Schroeder give no size, material, stretch or pulse.
// Our choices: cube edge 1 m, rho = 1000, E = 1e5 Pa, nu = 0.3,
// fixed-corotated (their §4.1 model), mesh_size = 0.2 m; stretched to
// 2× along x (initial_shape = stretched, at rest); plate_gap = 0.05 m,
// pulse_start = 1 s, pulse_duration = 1/12 s (two frames), pulse_depth =
// 0.1 m (10 % of the edge: "a small compressive pulse"); g = 0.
#include "problems/contact/contact_body.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> pulse_params() {
  return {
      real_param("plate_gap", 0.05,
                 "initial gap between the stretched cube and each plate [m] (negative: the "
                 "plates start inside it; below -stretch lx/2 they would cross)",
                 Range::any("checked against stretch and lx when the plates are placed")),
      real_param("pulse_start", 1.0, "time the plates start moving in [s]", Range::nonnegative()),
      real_param("pulse_duration", 1.0 / 12.0, "time the plates move in (and again out) [s]",
                 Range::positive()),
      real_param("pulse_depth", 0.1, "push of each plate past the cube's rest face [m]",
                 Range::nonnegative()),
  };
}

std::vector<Obstacle> plates(const ParamSet& p) {
  const double rest_half = 0.5 * p.real("lx");
  const double X = p.real("stretch") * rest_half + p.real("plate_gap");
  if (!(X > 0))
    throw ParamError(p.owner() + ": plate_gap = " + p.text("plate_gap") +
                     " puts the plates past each other (accepted: plate_gap > " +
                     number_text(-p.real("stretch") * rest_half) + " = -stretch lx/2)");
  const double travel = X - rest_half + p.real("pulse_depth");
  const double t0 = p.real("pulse_start"), d = p.real("pulse_duration");
  const double speed = travel / d;
  const auto motion = [&](double sign) {
    return Motion{{{Vector3(sign * speed, 0, 0), t0, t0 + d},
                   {Vector3(-sign * speed, 0, 0), t0 + d, t0 + 2 * d}}};
  };
  const Vector3 c(p.real("x0"), p.real("y0"), p.real("z0"));
  return {{"left plate", half_space(c - X * Vector3::UnitX(), Vector3::UnitX()), motion(1.0)},
          {"right plate", half_space(c + X * Vector3::UnitX(), -Vector3::UnitX()), motion(-1.0)}};
}

const ContactScene& cube_stretch_compress_scene() {
  static const ContactScene s{
      "cube-stretch-compress",
      "cube released from 2x stretch, then a compressive pulse by two plates (Gast & Schroeder "
      "2014 Figs. 3-4)",
      {"geometry=box", "lx=1", "ly=1", "lz=1", "mesh_size=0.2", "material=fixed-corotated", "E=1e5",
       "nu=0.3", "rho=1000", "g=0", "y0=0", "initial_shape=stretched", "stretch=2", "k_penalty=1e8",
       "kappa=10", "dhat=1e-3"},
      pulse_params,
      plates,
      {"mesh_size=0.5"},
      {{"contact=penalty", "pulse_start=0", "plate_gap=-0.02"},
       {"initial_shape=random"},
       {"self_collision=true", "stretch=1.2"},
       // As-rigid-as-possible (nu = 0), no plates: a projective form
       // (solver=local-global).
       {"nu=0", "contact=none"}}};
  return s;
}

}  // namespace

ProblemInfo cube_stretch_compress_problem() {
  return contact_scene_info<cube_stretch_compress_scene>();
}

}  // namespace tibench
