#include "reference/odeint_cross_check.hpp"

#include <boost/numeric/odeint.hpp>
#include <stdexcept>

#include "problems/first_order.hpp"
#include "reference/fine_rk4.hpp"

namespace tibench {

std::vector<State> dopri5_states(const Problem& p, const std::vector<double>& times,
                                 double tolerance, long max_evaluations,
                                 const std::atomic<bool>* cancel) {
  namespace odeint = boost::numeric::odeint;
  using StateVec = std::vector<double>;
  const FirstOrderSystem sys(p);
  const Vec y0 = sys.pack(p.initial_state());
  StateVec y(y0.data(), y0.data() + y0.size());
  const Index n = y0.size();
  Vec yv(n), dy(n);
  long evaluations = 0;
  auto rhs = [&](const StateVec& x, StateVec& dxdt, double t) {
    if (cancel && ((evaluations + 1) & 1023) == 0 && cancel->load(std::memory_order_relaxed))
      throw Cancelled{};
    if (++evaluations > max_evaluations)
      throw std::runtime_error("dopri5 needed more than " + std::to_string(max_evaluations) +
                               " force evaluations by t = " + std::to_string(t) +
                               " (its adaptive steps collapse, as across a discontinuous force)");
    yv = Eigen::Map<const Vec>(x.data(), n);
    p.begin_step(sys.unpack(yv, t));
    sys(yv, dy, t);
    dxdt.assign(dy.data(), dy.data() + n);
  };

  std::vector<double> grid{0.0};
  grid.insert(grid.end(), times.begin(), times.end());
  std::vector<State> out;
  // integrate_times observes every grid time, the start included.
  auto observer = [&](const StateVec& x, double t) {
    out.push_back(sys.unpack(Eigen::Map<const Vec>(x.data(), n), t));
  };
  auto stepper =
      odeint::make_controlled(tolerance, tolerance, odeint::runge_kutta_dopri5<StateVec>());
  const double dt0 = times.empty() ? 1e-3 : 1e-3 * times.back();
  odeint::integrate_times(stepper, rhs, y, grid.begin(), grid.end(), dt0, observer);
  if (out.size() != grid.size())
    throw std::runtime_error("dopri5 cross-check returned " + std::to_string(out.size()) +
                             " states for " + std::to_string(grid.size()) + " grid times");
  out.erase(out.begin());
  for (const State& s : out)
    if (!s.q.allFinite() || !s.v.allFinite())
      throw std::runtime_error("dopri5 cross-check became non-finite");
  return out;
}

}  // namespace tibench
