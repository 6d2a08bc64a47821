// Explicit peers on the shared kernels (workloads.hpp):
//   odeint-vector / odeint-eigen / odeint-array  Boost.Odeint runge_kutta4 with
//       std::vector<double>, Eigen::VectorXd (vector_space_algebra) and
//       std::array<double, 2> (oscillator only) states y = (q, v);
//   eigen-loop  a plain hand-written RK4 on Eigen vectors q, v (the
//       speed-of-light reference for explicit stepping);
//   odeint-rosenbrock4  (odeint_rosenbrock4.cpp).
#include <array>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "bench/suite.hpp"

namespace tibench::bench {
namespace {

namespace odeint = boost::numeric::odeint;

template <class StateType>
double* raw(StateType& y) {
  return &y[0];
}
template <class StateType>
const double* raw(const StateType& y) {
  return &y[0];
}

template <class StateType, class Stepper>
void run_odeint(benchmark::State& state, const Workload& w, StateType y0_storage) {
  const auto p = w.make();
  Acceleration accel(w, *p);
  const Index n = p->dofs();
  const State s0 = p->initial_state();
  StateType y = y0_storage;
  Stepper stepper;
  auto system = [&accel, n](const StateType& x, StateType& dxdt, double /*t*/) {
    const double* xp = raw(x);
    double* dp = raw(dxdt);
    std::copy(xp + n, xp + 2 * n, dp);  // q' = v
    accel(xp, xp + n, dp + n);          // v' = M⁻¹ f
  };
  StepCounts totals;
  for (auto _ : state) {
    state.PauseTiming();
    std::copy(s0.q.data(), s0.q.data() + n, raw(y));
    std::copy(s0.v.data(), s0.v.data() + n, raw(y) + n);
    const long before = accel.evaluations();
    state.ResumeTiming();
    double t = 0.0;
    for (long k = 0; k < w.steps_explicit; ++k) {
      stepper.do_step(system, y, t, w.h_explicit);
      t += w.h_explicit;
    }
    benchmark::DoNotOptimize(raw(y));
    totals.rhs += static_cast<double>(accel.evaluations() - before);
  }
  set_counters(state, w, w.steps_explicit, totals, std::numeric_limits<double>::quiet_NaN());
}

void run_eigen_loop(benchmark::State& state, const Workload& w) {
  const auto p = w.make();
  Acceleration accel(w, *p);
  const Index n = p->dofs();
  const State s0 = p->initial_state();
  const double h = w.h_explicit;
  Vec q(n), v(n), q2(n), v2(n), q3(n), v3(n), q4(n), v4(n), a1(n), a2(n), a3(n), a4(n);
  StepCounts totals;
  for (auto _ : state) {
    state.PauseTiming();
    q = s0.q;
    v = s0.v;
    const long before = accel.evaluations();
    state.ResumeTiming();
    for (long k = 0; k < w.steps_explicit; ++k) {
      accel(q.data(), v.data(), a1.data());
      q2 = q + (h / 2) * v;
      v2 = v + (h / 2) * a1;
      accel(q2.data(), v2.data(), a2.data());
      q3 = q + (h / 2) * v2;
      v3 = v + (h / 2) * a2;
      accel(q3.data(), v3.data(), a3.data());
      q4 = q + h * v3;
      v4 = v + h * a3;
      accel(q4.data(), v4.data(), a4.data());
      q += (h / 6) * (v + 2 * v2 + 2 * v3 + v4);
      v += (h / 6) * (a1 + 2 * a2 + 2 * a3 + a4);
    }
    benchmark::DoNotOptimize(q.data());
    totals.rhs += static_cast<double>(accel.evaluations() - before);
  }
  set_counters(state, w, w.steps_explicit, totals, std::numeric_limits<double>::quiet_NaN());
}

}  // namespace

void register_odeint() {
  using vector_state = std::vector<double>;
  using array_state = std::array<double, 2>;
  for (const auto& w : workloads()) {
    const auto p = w.make();
    const auto n = static_cast<std::size_t>(p->dofs());
    const std::string base = w.id + "/rk4/";
    benchmark::RegisterBenchmark((base + "odeint-vector").c_str(), [&w, n](benchmark::State& st) {
      run_odeint<vector_state, odeint::runge_kutta4<vector_state>>(st, w, vector_state(2 * n));
    })->Unit(benchmark::kMicrosecond)->UseRealTime();
    benchmark::RegisterBenchmark((base + "odeint-eigen").c_str(), [&w, n](benchmark::State& st) {
      using stepper = odeint::runge_kutta4<Vec, double, Vec, double, odeint::vector_space_algebra>;
      run_odeint<Vec, stepper>(st, w, Vec(static_cast<Index>(2 * n)));
    })->Unit(benchmark::kMicrosecond)->UseRealTime();
    if (n == 1)
      benchmark::RegisterBenchmark((base + "odeint-array").c_str(), [&w](benchmark::State& st) {
        run_odeint<array_state, odeint::runge_kutta4<array_state>>(st, w, array_state{});
      })->Unit(benchmark::kMicrosecond)->UseRealTime();
    benchmark::RegisterBenchmark((base + "eigen-loop").c_str(), [&w](benchmark::State& st) {
      run_eigen_loop(st, w);
    })->Unit(benchmark::kMicrosecond)->UseRealTime();
    if (n == 1)
      benchmark::RegisterBenchmark((w.id + "/ros34pw2/odeint-rosenbrock4").c_str(),
                                   [&w](benchmark::State& st) { run_odeint_rosenbrock4(st, w); })
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
  }
}

}  // namespace tibench::bench
