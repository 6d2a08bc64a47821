#include "problems/dissipation/dissipative_problem.hpp"

namespace tibench {

bool DissipationSum::depends_on_q() const {
  for (const auto& m : models_)
    if (m->depends_on_q()) return true;
  return false;
}

bool DissipationSum::is_smooth() const {
  for (const auto& m : models_)
    if (!m->is_smooth()) return false;
  return true;
}

bool DissipationSum::split(SplitDissipation& out) const {
  SplitDissipation parts;
  for (const auto& m : models_) {
    if (const LocalQuadraticDissipation* local = m->local_quadratic())
      parts.local.push_back(local);
    else if (const StrainRateDamping* viscous = m->strain_rate())
      parts.strain_rate.push_back(viscous);
    else
      return false;
  }
  out.local.insert(out.local.end(), parts.local.begin(), parts.local.end());
  out.strain_rate.insert(out.strain_rate.end(), parts.strain_rate.begin(), parts.strain_rate.end());
  return true;
}

void DissipationSum::begin_step(const Vec& q) const {
  for (const auto& m : models_) m->begin_step(q);
}

double DissipationSum::value(const Vec& q, const Vec& v) const {
  double r = 0.0;
  for (const auto& m : models_) r += m->value(q, v);
  return r;
}

void DissipationSum::gradient_v(const Vec& q, const Vec& v, Vec& g) const {
  g.setZero(v.size());
  for (const auto& m : models_) m->add_gradient_v(q, v, g);
}

void DissipationSum::hessian_vv(const Vec& q, const Vec& v, Triplets& out) const {
  for (const auto& m : models_) m->add_hessian_vv(q, v, out);
}

void DissipationSum::gradient_q(const Vec& q, const Vec& v, Vec& g) const {
  g.setZero(q.size());
  for (const auto& m : models_) m->add_gradient_q(q, v, g);
}

void DissipationSum::mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const {
  for (const auto& m : models_) m->add_mixed_hessian(q, v, out);
}

}  // namespace tibench
