#include "reference/state_error.hpp"

#include <cmath>

namespace tibench {

namespace {
double m_norm(const Vec& m, const Vec& a) { return std::sqrt(a.dot(m.cwiseProduct(a))); }
double nonzero(double x) { return x > 0 ? x : 1.0; }
}  // namespace

StateError state_error(const Vec& mass, const State& s, const State& ref) {
  const double dq = m_norm(mass, s.q - ref.q), dv = m_norm(mass, s.v - ref.v);
  const double nq = m_norm(mass, ref.q), nv = m_norm(mass, ref.v);
  StateError e;
  e.q = dq / nonzero(nq);
  e.v = dv / nonzero(nv);
  e.total = std::sqrt(dq * dq + dv * dv) / nonzero(std::sqrt(nq * nq + nv * nv));
  return e;
}

}  // namespace tibench
