// Barrier collision runs of You, Zheng & Li App. E (you2025_collision_runs.hpp).
#include "claims/you2025/you2025_collision_runs.hpp"

#include <cmath>
#include <stdexcept>

#include "claims/support.hpp"

namespace tibench::you2025_collision {

using claims::stepper;

namespace {

std::unique_ptr<Problem> barrier(double phase, double hbar) {
  return make_problem("barrier-quadratic",
                      {"m=1", "k=" + format_real(hbar / (kH * kH)), "h=" + format_real(kH),
                       "beta=" + format_real(phase), "v0=-1"});
}

}  // namespace

Collision collide(const std::string& integrator, double phase, int steps,
                  const std::vector<std::string>& iparams, const std::string& first, double hbar) {
  Collision c;
  c.problem = barrier(phase, hbar);
  State s = c.problem->initial_state();
  c.z.push_back(s);
  auto take = [&](Stepper& st) {
    const StepReport r = st.step(s);
    if (r.status != StepStatus::ok) throw std::runtime_error(integrator + ": " + r.message);
    c.z.push_back(s);
    c.alpha.push_back(r.alpha);
  };
  if (!first.empty()) take(*stepper(first, *c.problem, kH));
  auto st = stepper(integrator, *c.problem, kH, iparams);
  while (static_cast<int>(c.z.size()) <= steps) take(*st);
  return c;
}

double deviation(double measured, double closed, double unit) {
  return std::abs(measured - closed) / std::max(std::abs(closed), unit);
}

std::vector<double> phase_grid(int n) {
  std::vector<double> out;
  for (int j = 0; j < n; ++j) out.push_back((j + 0.5) / n);
  return out;
}

double trapezoidal_deviation(const Collision& tr, double b, double hbar, int& exit_step) {
  const double u = kH / hbar;  // 1/(h omega^2)
  struct Row {
    std::size_t n;
    double x, v, xunit;
  };
  std::vector<Row> rows = {{1, (4 * b - 4) * u, 1 - 2 * b, u}};
  if (b < 2.0 / 3) {
    rows.push_back({2, (2 - 3 * b) * kH, 3 - 4 * b, kH});
    exit_step = 2;
  } else {
    rows.push_back({2, (8 - 12 * b) * u, 2 * b - 1, u});
    rows.push_back({3, (5 * b - 3) * kH, 8 * b - 5, kH});
    exit_step = 3;
  }
  double dev = 0;
  for (const Row& r : rows)
    dev = std::max({dev, deviation(tr.x(r.n), r.x, r.xunit), deviation(tr.v(r.n), r.v, 1.0)});
  return dev;
}

double a1_deviation(const Collision& c, double b, double hbar) {
  const double u = kH / hbar;
  const double closed[4][3] = {
      {(b - 1) * u, -1, u}, {-1 * u, -b, u}, {-b * u, 1 - b, u}, {(1 - b) * kH, 1, kH}};
  double dev = 0;
  for (std::size_t n = 1; n <= 4; ++n)
    dev = std::max({dev, deviation(c.x(n), closed[n - 1][0], closed[n - 1][2]),
                    deviation(c.v(n), closed[n - 1][1], 1.0)});
  return dev;
}

nlohmann::ordered_json deviation_vs_hbar(const std::string& integrator) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (double hbar : {1e4, 1e6, 1e8, 1e10}) {
    double dev = 0;
    for (double b : {0.2, 0.5, 0.6, 0.7, 0.9}) {
      const Collision c = collide(integrator, b, 6, {}, "", hbar);
      int exit = 0;
      dev = std::max(dev, integrator == "a1" ? a1_deviation(c, b, hbar)
                                             : trapezoidal_deviation(c, b, hbar, exit));
    }
    out.push_back({{"hbar", hbar}, {"max_deviation", dev}});
  }
  return out;
}

}  // namespace tibench::you2025_collision
