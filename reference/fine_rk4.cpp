#include "reference/fine_rk4.hpp"

#include <string>

#include "integrators/methods/tableaux/explicit_rk.hpp"
#include "problems/first_order.hpp"

namespace tibench {

namespace {

// g(t, y) with the begin_step hook applied to the evaluated state.
void rhs(const Problem& p, const FirstOrderSystem& sys, const Vec& y, double t, Vec& out) {
  p.begin_step(sys.unpack(y, t));
  sys(y, out, t);
}

}  // namespace

std::vector<State> fine_rk4(const Problem& p, double t_end, long steps,
                            const std::vector<long>& record_at, const std::atomic<bool>* cancel) {
  const tableaux::ButcherRecord& rec = tableaux::rk4;
  const int s = rec.stages;
  double c[tableaux::kMaxStages] = {};
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j) c[i] += rec.A[i][j];

  const FirstOrderSystem sys(p);
  Vec y = sys.pack(p.initial_state());
  const Index n = y.size();
  std::vector<Vec> k(static_cast<std::size_t>(s), Vec::Zero(n));
  Vec stage(n), increment(n), compensation = Vec::Zero(n), corrected(n), sum(n);
  const double h = t_end / static_cast<double>(steps);

  std::vector<State> out;
  out.reserve(record_at.size());
  std::size_t next = 0;
  for (long step = 1; step <= steps; ++step) {
    if (cancel && (step & 1023) == 0 && cancel->load(std::memory_order_relaxed)) throw Cancelled{};
    const double t = static_cast<double>(step - 1) * h;
    for (int i = 0; i < s; ++i) {
      stage = y;
      for (int j = 0; j < i; ++j)
        if (rec.A[i][j] != 0.0)
          stage.noalias() += (h * rec.A[i][j]) * k[static_cast<std::size_t>(j)];
      rhs(p, sys, stage, t + c[i] * h, k[static_cast<std::size_t>(i)]);
    }
    increment.setZero();
    for (int i = 0; i < s; ++i)
      increment.noalias() += (h * rec.b[i]) * k[static_cast<std::size_t>(i)];
    // Kahan: y + increment, carrying the low-order bits lost in the addition.
    corrected = increment - compensation;
    sum = y + corrected;
    compensation = (sum - y) - corrected;
    y = sum;
    if (!y.allFinite())
      throw std::runtime_error("fine RK4 reference diverged (non-finite state) at step " +
                               std::to_string(step) + " of " + std::to_string(steps) +
                               " (h_ref = " + std::to_string(h) + ")");
    while (next < record_at.size() && record_at[next] == step) {
      out.push_back(sys.unpack(y, static_cast<double>(step) * h));
      ++next;
    }
  }
  if (out.size() != record_at.size())
    throw std::logic_error("fine_rk4: output step indices must be ascending and in 1..steps");
  return out;
}

}  // namespace tibench
