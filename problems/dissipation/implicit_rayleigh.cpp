#include "problems/dissipation/implicit_rayleigh.hpp"

#include <algorithm>
#include <cmath>

namespace tibench {

StiffnessDerivatives polynomial_stiffness_derivatives(
    std::function<void(const Vec& q, Vec& g)> gradient,
    std::function<void(const Vec& q, Triplets& out)> hessian, double length) {
  StiffnessDerivatives d;
  d.stiffness = hessian;
  auto step = [length](const Vec& w) {
    const double wmax = w.cwiseAbs().maxCoeff();
    return wmax > 0 ? length / wmax : 0.0;
  };
  d.curvature_gradient = [gradient, step](const Vec& q, const Vec& w, Vec& out) {
    const double s = step(w);
    if (s == 0.0) {
      out.setZero(q.size());
      return;
    }
    Vec gp, gm, g0;
    gradient(q + s * w, gp);
    gradient(q - s * w, gm);
    gradient(q, g0);
    out = (gp - 2.0 * g0 + gm) / (s * s);  // exact: ∇U(q + s w) is cubic in s
  };
  d.stiffness_derivative = [hessian, step](const Vec& q, const Vec& w, Triplets& out) {
    const double s = step(w);
    const std::size_t first = out.size();
    hessian(q + s * w, out);
    const std::size_t middle = out.size();
    hessian(q - s * w, out);
    // The two calls emit the same positions; pair them up.
    const std::size_t n = middle - first;
    for (std::size_t k = 0; k < n; ++k) {
      const auto& p = out[first + k];
      const auto& m = out[middle + k];
      const double value = s > 0 ? (p.value() - m.value()) / (2.0 * s) : 0.0;
      out[first + k] = Eigen::Triplet<double>(p.row(), p.col(), value);
    }
    out.resize(middle);
  };
  return d;
}

ImplicitRayleighDissipation::ImplicitRayleighDissipation(Vec mass, double alpha, double beta,
                                                         StiffnessDerivatives k)
    : mass_(std::move(mass)), alpha_(alpha), beta_(beta), k_(std::move(k)) {}

const SparseMatrix& ImplicitRayleighDissipation::stiffness(const Vec& q) const {
  triplets_.clear();
  k_.stiffness(q, triplets_);
  K_.resize(q.size(), q.size());
  K_.setFromTriplets(triplets_.begin(), triplets_.end());
  return K_;
}

double ImplicitRayleighDissipation::value(const Vec& q, const Vec& v) const {
  scratch_ = stiffness(q) * v;
  return 0.5 * alpha_ * v.dot(mass_.cwiseProduct(v)) + 0.5 * beta_ * v.dot(scratch_);
}

void ImplicitRayleighDissipation::add_gradient_v(const Vec& q, const Vec& v, Vec& g) const {
  g += alpha_ * mass_.cwiseProduct(v) + beta_ * (stiffness(q) * v);
}

void ImplicitRayleighDissipation::add_hessian_vv(const Vec& q, const Vec&, Triplets& out) const {
  for (Index i = 0; i < mass_.size(); ++i) out.emplace_back(i, i, alpha_ * mass_[i]);
  const std::size_t first = out.size();
  k_.stiffness(q, out);
  for (std::size_t k = first; k < out.size(); ++k)
    out[k] = Eigen::Triplet<double>(out[k].row(), out[k].col(), beta_ * out[k].value());
}

void ImplicitRayleighDissipation::add_gradient_q(const Vec& q, const Vec& v, Vec& g) const {
  k_.curvature_gradient(q, v, scratch_);
  g += 0.5 * beta_ * scratch_;
}

void ImplicitRayleighDissipation::add_mixed_hessian(const Vec& q, const Vec& v,
                                                    Triplets& out) const {
  const std::size_t first = out.size();
  k_.stiffness_derivative(q, v, out);
  for (std::size_t k = first; k < out.size(); ++k)
    out[k] = Eigen::Triplet<double>(out[k].row(), out[k].col(), beta_ * out[k].value());
}

}  // namespace tibench
