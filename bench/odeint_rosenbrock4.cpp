// Boost.Odeint rosenbrock4 (order 4, Shampine's parameters, ublas dense
// Jacobian) on the oscillator, paired with our ros34pw2 in the ratio table:
// a different Rosenbrock method, so read its err_tend beside the ratio.
// Compiled as C++17: Boost 1.74's ublas uses std::allocator members removed
// in C++20.
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <limits>
#include <utility>

#include "bench/suite.hpp"

namespace tibench::bench {

namespace odeint = boost::numeric::odeint;

// rosenbrock4 on the oscillator: y = (q, v), J = [[0, 1], [−k/m, 0]].
void run_odeint_rosenbrock4(benchmark::State& state, const Workload& w) {
  using vector_type = boost::numeric::ublas::vector<double>;
  using matrix_type = boost::numeric::ublas::matrix<double>;
  const auto p = w.make();
  Acceleration accel(w, *p);
  const State s0 = p->initial_state();
  const double stiffness = p->params().real("k") * p->inverse_mass()[0];
  auto rhs = [&accel](const vector_type& x, vector_type& dxdt, double) {
    dxdt[0] = x[1];
    accel(&x[0], &x[1], &dxdt[1]);
  };
  auto jacobian = [stiffness](const vector_type&, matrix_type& J, double, vector_type& dfdt) {
    J(0, 0) = 0.0;
    J(0, 1) = 1.0;
    J(1, 0) = -stiffness;
    J(1, 1) = 0.0;
    dfdt[0] = dfdt[1] = 0.0;
  };
  odeint::rosenbrock4<double> stepper;
  vector_type y(2);
  StepCounts totals;
  double err = std::numeric_limits<double>::quiet_NaN();
  const long steps = w.steps_implicit;
  for (auto _ : state) {
    state.PauseTiming();
    y[0] = s0.q[0];
    y[1] = s0.v[0];
    const long before = accel.evaluations();
    state.ResumeTiming();
    double t = 0.0;
    for (long k = 0; k < steps; ++k) {
      stepper.do_step(std::make_pair(rhs, jacobian), y, t, w.h_implicit);
      t += w.h_implicit;
    }
    state.PauseTiming();
    totals.rhs += static_cast<double>(accel.evaluations() - before);
    totals.solves += 4.0 * static_cast<double>(steps);  // four stage solves, one LU per step
    if (std::isnan(err)) {
      Vec q(1), v(1);
      q[0] = y[0];
      v[0] = y[1];
      err = max_error(q, v, reference_at(w, w.h_implicit, steps));
    }
    state.ResumeTiming();
  }
  set_counters(state, w, steps, totals, err);
}

}  // namespace tibench::bench
