// Explicit peers on the shared kernels (workloads.hpp):
//   odeint-vector / odeint-eigen / odeint-array  Boost.Odeint runge_kutta4 with
//       std::vector<double>, Eigen::VectorXd (vector_space_algebra) and
//       std::array<double, 2> (oscillator only) states y = (q, v);
//   eigen-loop  a plain hand-written RK4 on Eigen vectors q, v (the
//       speed-of-light reference for explicit stepping);
//   odeint-rosenbrock4  (odeint_rosenbrock4.cpp).
#include <valgrind/callgrind.h>

#include <array>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>
#include <boost/version.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
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

// A peer's explicit integration of one workload: reset() to the initial
// state, advance(steps) with the workload's explicit step.
template <class StateType, class Stepper>
class OdeintRk4 {
 public:
  OdeintRk4(const Workload& w, StateType storage)
      : w_(w),
        p_(w.make()),
        accel_(w, *p_),
        n_(p_->dofs()),
        s0_(p_->initial_state()),
        y_(std::move(storage)) {}
  void reset() {
    std::copy(s0_.q.data(), s0_.q.data() + n_, raw(y_));
    std::copy(s0_.v.data(), s0_.v.data() + n_, raw(y_) + n_);
  }
  void advance(long steps) {
    const Index n = n_;
    Acceleration& accel = accel_;
    auto system = [&accel, n](const StateType& x, StateType& dxdt, double /*t*/) {
      const double* xp = raw(x);
      double* dp = raw(dxdt);
      std::copy(xp + n, xp + 2 * n, dp);  // q' = v
      accel(xp, xp + n, dp + n);          // v' = M⁻¹ f
    };
    double t = 0.0;
    for (long k = 0; k < steps; ++k) {
      stepper_.do_step(system, y_, t, w_.h_explicit);
      t += w_.h_explicit;
    }
    benchmark::DoNotOptimize(raw(y_));
  }
  const Acceleration& acceleration() const { return accel_; }

 private:
  const Workload& w_;
  std::unique_ptr<Problem> p_;
  Acceleration accel_;
  Index n_;
  State s0_;
  StateType y_;
  Stepper stepper_;
};

class EigenLoopRk4 {
 public:
  explicit EigenLoopRk4(const Workload& w)
      : w_(w), p_(w.make()), accel_(w, *p_), s0_(p_->initial_state()) {
    const Index n = p_->dofs();
    for (Vec* x : {&q, &v, &q2, &v2, &q3, &v3, &q4, &v4, &a1, &a2, &a3, &a4}) x->resize(n);
  }
  void reset() {
    q = s0_.q;
    v = s0_.v;
  }
  void advance(long steps) {
    const double h = w_.h_explicit;
    for (long k = 0; k < steps; ++k) {
      accel_(q.data(), v.data(), a1.data());
      q2 = q + (h / 2) * v;
      v2 = v + (h / 2) * a1;
      accel_(q2.data(), v2.data(), a2.data());
      q3 = q + (h / 2) * v2;
      v3 = v + (h / 2) * a2;
      accel_(q3.data(), v3.data(), a3.data());
      q4 = q + h * v3;
      v4 = v + h * a3;
      accel_(q4.data(), v4.data(), a4.data());
      q += (h / 6) * (v + 2 * v2 + 2 * v3 + v4);
      v += (h / 6) * (a1 + 2 * a2 + 2 * a3 + a4);
    }
    benchmark::DoNotOptimize(q.data());
  }
  const Acceleration& acceleration() const { return accel_; }

 private:
  const Workload& w_;
  std::unique_ptr<Problem> p_;
  Acceleration accel_;
  State s0_;
  Vec q, v, q2, v2, q3, v3, q4, v4, a1, a2, a3, a4;
};

template <class Runner>
void time_explicit(benchmark::State& state, const Workload& w, Runner& runner) {
  StepCounts totals;
  for (auto _ : state) {
    state.PauseTiming();
    runner.reset();
    const long before = runner.acceleration().evaluations();
    state.ResumeTiming();
    runner.advance(w.steps_explicit);
    totals.rhs += static_cast<double>(runner.acceleration().evaluations() - before);
  }
  set_counters(state, w, w.steps_explicit, totals, std::numeric_limits<double>::quiet_NaN());
}

template <class Runner>
long instructions_explicit(const Workload& w, Runner& runner) {
  runner.reset();
  CALLGRIND_START_INSTRUMENTATION;
  runner.advance(w.steps_explicit);
  CALLGRIND_STOP_INSTRUMENTATION;
  return w.steps_explicit;
}

using vector_state = std::vector<double>;
using array_state = std::array<double, 2>;
using vector_rk4 = OdeintRk4<vector_state, odeint::runge_kutta4<vector_state>>;
using eigen_rk4 =
    OdeintRk4<Vec, odeint::runge_kutta4<Vec, double, Vec, double, odeint::vector_space_algebra>>;
using array_rk4 = OdeintRk4<array_state, odeint::runge_kutta4<array_state>>;

std::size_t dofs_of(const Workload& w) { return static_cast<std::size_t>(w.make()->dofs()); }

}  // namespace

void register_odeint() {
  auto add = [](const std::string& name, const std::string& settings, auto body) {
    benchmark::RegisterBenchmark(name.c_str(), body)->Unit(benchmark::kMicrosecond)->UseRealTime();
    describe_peer(name, settings);
  };
  const std::string odeint = "Boost.Odeint (Boost " + std::to_string(BOOST_VERSION / 100000) + "." +
                             std::to_string(BOOST_VERSION / 100 % 1000) +
                             ") runge_kutta4, do_step with a fixed step, ";
  for (const auto& w : workloads()) {
    if (w.steps_explicit == 0) continue;
    const auto n = dofs_of(w);
    const std::string base = w.id + "/rk4/";
    add(base + "odeint-vector", odeint + "std::vector<double> state, range_algebra",
        [&w, n](benchmark::State& st) {
          vector_rk4 runner(w, vector_state(2 * n));
          time_explicit(st, w, runner);
        });
    add(base + "odeint-eigen", odeint + "Eigen::VectorXd state, vector_space_algebra",
        [&w, n](benchmark::State& st) {
          eigen_rk4 runner(w, Vec(static_cast<Index>(2 * n)));
          time_explicit(st, w, runner);
        });
    if (n == 1)
      add(base + "odeint-array", odeint + "std::array<double, 2> state, range_algebra",
          [&w](benchmark::State& st) {
            array_rk4 runner(w, array_state{});
            time_explicit(st, w, runner);
          });
    add(base + "eigen-loop",
        "hand-written RK4 on Eigen::VectorXd q, v (stage vectors allocated once)",
        [&w](benchmark::State& st) {
          EigenLoopRk4 runner(w);
          time_explicit(st, w, runner);
        });
    if (n == 1)
      add(w.id + "/ros34pw2/odeint-rosenbrock4",
          odeint.substr(0, odeint.find("runge_kutta4")) +
              "rosenbrock4 (order 4, Shampine's parameters: a different method), fixed step, ublas "
              "dense LU",
          [&w](benchmark::State& st) { run_odeint_rosenbrock4(st, w); });
  }
}

long instructions_run_peer(const Workload& w, const std::string& implementation) {
  const auto n = dofs_of(w);
  if (implementation == "eigen-loop") {
    EigenLoopRk4 runner(w);
    return instructions_explicit(w, runner);
  }
  if (implementation == "odeint-eigen") {
    eigen_rk4 runner(w, Vec(static_cast<Index>(2 * n)));
    return instructions_explicit(w, runner);
  }
  if (implementation == "odeint-vector") {
    vector_rk4 runner(w, vector_state(2 * n));
    return instructions_explicit(w, runner);
  }
  if (implementation == "odeint-array" && n == 1) {
    array_rk4 runner(w, array_state{});
    return instructions_explicit(w, runner);
  }
  throw std::invalid_argument("no callgrind mode for the peer '" + implementation + "'");
}

}  // namespace tibench::bench
