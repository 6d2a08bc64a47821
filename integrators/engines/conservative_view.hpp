// A problem seen without its dissipation: the same mass, potential, external
// force and per-step hook, and no dissipation(). The decoupled methods
// of You et al. (§4.5) apply their explicit momentum correction to the
// conservative forces only; the adjoint step runs on this view.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

class ConservativeView final : public Problem {
 public:
  explicit ConservativeView(const Problem& p) : Problem(p.params(), p.dim(), p.mass()), p_(p) {}
  std::string_view id() const override { return p_.id(); }
  double potential(const Vec& q) const override { return p_.potential(q); }
  void gradient(const Vec& q, Vec& g) const override { p_.gradient(q, g); }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    p_.hessian(q, out, project_psd);
  }
  bool hessian_values(const Vec& q, bool project_psd, double* values,
                      std::size_t count) const override {
    return p_.hessian_values(q, project_psd, values, count);
  }
  void begin_step(const State& s) const override { p_.begin_step(s); }
  const ExternalForce* external_force() const override { return p_.external_force(); }
  State initial_state() const override { return p_.initial_state(); }

 private:
  const Problem& p_;
};

}  // namespace tibench
