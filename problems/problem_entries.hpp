// The registry entry of every problem, one function per problem file (each
// returns its ProblemInfo); problems/registry.cpp lists their calls.
#pragma once

#include "problems/registry.hpp"

namespace tibench {

ProblemInfo oscillator_problem();
ProblemInfo damped_oscillator_problem();
ProblemInfo power_law_drag_problem();
ProblemInfo pendulum_problem();
ProblemInfo random_convex_problem();
ProblemInfo simple_spring_problem();
ProblemInfo two_spring_problem();
ProblemInfo barrier_quadratic_problem();
ProblemInfo barrier_ipc_problem();
ProblemInfo bar1d_problem();
ProblemInfo beam_problem();
ProblemInfo tet_rayleigh_problem();
ProblemInfo dissipative_1d_problem();
ProblemInfo spring_chain_problem();
ProblemInfo ball_drop_problem();
ProblemInfo two_balls_problem();
ProblemInfo sphere_hard_drop_problem();
ProblemInfo cube_on_spheres_problem();
ProblemInfo leaning_block_problem();
ProblemInfo cube_stretch_compress_problem();
ProblemInfo box_slide_problem();
ProblemInfo particle_drop_problem();
ProblemInfo free_fall_problem();

}  // namespace tibench
