// Runs of a single particle into You, Zheng & Li's one-sided quadratic
// barrier (App. E) in the stiff limit, shared by the collision
// claims Y-E1, Y-E2 (you2025_collision.cpp) and Y-E3
// (you2025_collision_search.cpp).
//
// Setup (Y-E0): the registry's barrier-quadratic problem,
// P(x) = k/2 min(x, 0)^2 (the barrier occupies x < 0; App. E prints
// 1_{x>0}, but its own states sit at x < 0 while in contact — see the
// problem's header), m = 1, v0 = -1, x0 = beta h. Natural units h = 1, so
// k = omega^2 = hbar = 1e10 and 1/(h omega^2) = h/hbar: positions inside
// the barrier are O(1e-10) h. The closed forms are the hbar -> infinity
// limits; at hbar = 1e10 the states differ from them by O(1/hbar).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "problems/problem.hpp"

namespace tibench::you2025_collision {

constexpr double kHbar = 1e10;  // hbar = omega^2 h^2 with m = 1, h = 1
constexpr double kH = 1.0;
// Round-off floor of every comparison: positions inside the barrier are
// O(h/hbar) but are formed as x_n + h V with O(1) terms, so they carry
// absolute errors ~ eps h, which the force (hbar/h^2) x turns into velocity
// errors ~ hbar eps (1.1e-6 at hbar = 1e10). Tolerances are the test
// design's value plus 10 hbar eps; the deviations' decrease with hbar
// (truncation O(1/hbar)) is reported alongside.
constexpr double kRoundoff = 10 * kHbar * 2.220446049250313e-16;

// A run on the barrier from x0 = phase * h, v0 = -1: states z[0..steps] and
// the alpha each step reported.
struct Collision {
  std::unique_ptr<Problem> problem;
  std::vector<State> z;
  std::vector<double> alpha;  // alpha[n] belongs to the step z[n] -> z[n+1]
  double H(std::size_t n) const { return problem->total_energy(z[n]); }
  double v(std::size_t n) const { return z[n].v[0]; }
  double x(std::size_t n) const { return z[n].q[0]; }
  // First step n >= 1 after which the particle is out of the barrier
  // (x_n >= 0) having been in it; 0 if it never entered or never left.
  int exit_step() const {
    bool entered = false;
    for (std::size_t n = 1; n < z.size(); ++n) {
      if (x(n) < 0)
        entered = true;
      else if (entered)
        return static_cast<int>(n);
    }
    return 0;
  }
  int steps_in_barrier() const {
    int c = 0;
    for (std::size_t n = 0; n < z.size(); ++n) c += x(n) < 0;
    return c;
  }
};

// `first` (optional) takes the first step with a different integrator; the
// rest of the run continues with `integrator` from that state.
Collision collide(const std::string& integrator, double phase, int steps,
                  const std::vector<std::string>& iparams = {}, const std::string& first = "",
                  double hbar = kHbar);

// Relative deviation from a closed form, with the natural unit of the
// quantity as the floor: 1/(h omega^2) for positions inside the barrier, h
// for positions outside, |v0| = 1 for velocities.
double deviation(double measured, double closed, double unit);

// Phases (j + 1/2)/n, j = 0..n-1: uniform in (0, 1); for n a multiple of 4
// (all grids of the claims) never exactly on the thresholds 1/2, 2/3, 3/4 of
// the closed forms.
std::vector<double> phase_grid(int n);

// Deviation of a trapezoidal run from App. E's closed forms (steps 1-2, and
// 3 for b > 2/3); `exit_step` gets the step at which they leave the barrier.
double trapezoidal_deviation(const Collision& tr, double b, double hbar, int& exit_step);

// Deviation of an A-1 run from App. E's closed forms (steps 1-4).
double a1_deviation(const Collision& c, double b, double hbar);

// The largest deviation over the listed phases at several hbar: the
// approach to the hbar -> infinity closed forms, down to the round-off floor.
nlohmann::ordered_json deviation_vs_hbar(const std::string& integrator);

// Y-E3 (literal = false) and Y-E3.literal: A-search in the stiff limit.
ClaimResult a_search_limit(const ClaimContext& ctx, bool literal);

}  // namespace tibench::you2025_collision
