// First-order view of a Problem: y = (q, v), y' = g(t, y) with
//   g(t, y) = (v, M⁻¹ f(q, v, t)).
// Derived generically from the Problem, for explicit one-step oracles
// (Boost.Odeint), references and Rosenbrock methods.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

class FirstOrderSystem {
 public:
  explicit FirstOrderSystem(const Problem& p) : p_(p), n_(p.dofs()) {}

  Index size() const { return 2 * n_; }
  Vec pack(const State& s) const {
    Vec y(2 * n_);
    y << s.q, s.v;
    return y;
  }
  State unpack(const Vec& y, double t) const { return {y.head(n_), y.tail(n_), t}; }

  // Odeint-compatible signature: (y, dydt, t).
  void operator()(const Vec& y, Vec& dydt, double t) const {
    dydt.resize(2 * n_);
    q_ = y.head(n_);
    v_ = y.tail(n_);
    p_.force(q_, v_, t, f_, scratch_);
    dydt.head(n_) = v_;
    dydt.tail(n_) = p_.inverse_mass().cwiseProduct(f_);
  }

 private:
  const Problem& p_;
  Index n_;
  mutable Vec q_, v_, f_, scratch_;
};

}  // namespace tibench
