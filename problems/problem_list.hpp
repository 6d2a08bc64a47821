// The problems of the registry, one line each, in the order `tibench list
// problems` shows them. A problem is its file problems/catalog/<name>.cpp,
// which defines `ProblemInfo <name>_problem()`, and its line here (CMake
// collects the sources). No include guard: the includer defines
// TIBENCH_PROBLEM(name) first.
TIBENCH_PROBLEM(oscillator)
TIBENCH_PROBLEM(damped_oscillator)
TIBENCH_PROBLEM(power_law_drag)
TIBENCH_PROBLEM(pendulum)
TIBENCH_PROBLEM(random_convex)
TIBENCH_PROBLEM(simple_spring)
TIBENCH_PROBLEM(two_spring)
TIBENCH_PROBLEM(barrier_quadratic)
TIBENCH_PROBLEM(barrier_ipc)
TIBENCH_PROBLEM(bar1d)
TIBENCH_PROBLEM(beam)
TIBENCH_PROBLEM(tet_rayleigh)
TIBENCH_PROBLEM(dissipative_1d)
TIBENCH_PROBLEM(spring_chain)
TIBENCH_PROBLEM(ball_drop)
TIBENCH_PROBLEM(two_balls)
TIBENCH_PROBLEM(sphere_hard_drop)
TIBENCH_PROBLEM(cube_on_spheres)
TIBENCH_PROBLEM(leaning_block)
TIBENCH_PROBLEM(cube_stretch_compress)
TIBENCH_PROBLEM(box_slide)
TIBENCH_PROBLEM(particle_drop)
TIBENCH_PROBLEM(free_fall)
