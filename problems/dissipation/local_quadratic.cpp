#include "problems/dissipation/local_quadratic.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace tibench {

LocalQuadraticDissipation::LocalQuadraticDissipation(std::vector<LocalForm> forms, Update update,
                                                     PowerLaw law)
    : forms_(std::move(forms)), update_(std::move(update)), law_(law), s_(0.5 * (law.p + 1.0)) {
  if (!(law_.p >= 0.0) || !(law_.A > 0.0))
    throw std::logic_error("power-law damping needs p >= 0 and A > 0");
  Index largest = 0;
  for (const auto& f : forms_) {
    if (f.D.rows() != static_cast<Index>(f.dofs.size()) || f.D.cols() != f.D.rows())
      throw std::logic_error("local dissipation form: D does not match its dofs");
    largest = std::max(largest, f.D.rows());
  }
  ve_.setZero(largest);
  dv_.setZero(largest);
}

void LocalQuadraticDissipation::begin_step(const Vec& q) {
  if (!update_) return;
  update_(q, forms_);
  ++version_;
}

double LocalQuadraticDissipation::local(std::size_t e, const Vec& v) const {
  const LocalForm& f = forms_[e];
  const Index n = static_cast<Index>(f.dofs.size());
  for (Index i = 0; i < n; ++i) ve_[i] = v[f.dofs[i]];
  dv_.head(n).noalias() = f.D * ve_.head(n);
  return 0.5 * ve_.head(n).dot(dv_.head(n));
}

double LocalQuadraticDissipation::value(const Vec&, const Vec& v) const {
  double r = 0.0;
  const double scale = std::pow(law_.A, 1.0 - s_);
  for (std::size_t e = 0; e < forms_.size(); ++e) {
    const double re = local(e, v);
    r += law_.p == 1.0 ? re : scale * std::pow(std::max(re, 0.0), s_);
  }
  return r;
}

void LocalQuadraticDissipation::add_gradient_v(const Vec&, const Vec& v, Vec& g) const {
  const double scale = std::pow(law_.A, 1.0 - s_);
  for (std::size_t e = 0; e < forms_.size(); ++e) {
    const double re = local(e, v);
    double factor = 1.0;
    if (law_.p != 1.0) factor = re > 0.0 ? s_ * scale * std::pow(re, s_ - 1.0) : 0.0;
    const auto& dofs = forms_[e].dofs;
    for (std::size_t i = 0; i < dofs.size(); ++i) g[dofs[i]] += factor * dv_[static_cast<Index>(i)];
  }
}

void LocalQuadraticDissipation::add_hessian_vv(const Vec&, const Vec& v, Triplets& out) const {
  const double scale = std::pow(law_.A, 1.0 - s_);
  for (std::size_t e = 0; e < forms_.size(); ++e) {
    const LocalForm& f = forms_[e];
    double a = 1.0, b = 0.0;  // ∇²R'_e = a D_e + b (D_e v_e)(D_e v_e)ᵀ
    if (law_.p != 1.0) {
      const double re = std::max(local(e, v), std::numeric_limits<double>::min());
      a = s_ * scale * std::pow(re, s_ - 1.0);
      b = s_ * (s_ - 1.0) * scale * std::pow(re, s_ - 2.0);
    }
    const Index n = static_cast<Index>(f.dofs.size());
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < n; ++i)
        out.emplace_back(f.dofs[i], f.dofs[j],
                         a * f.D(i, j) + (b != 0.0 ? b * dv_[i] * dv_[j] : 0.0));
  }
}

std::vector<LocalForm> mass_proportional_forms(const Vec& mass, double alpha) {
  std::vector<LocalForm> forms;
  forms.reserve(static_cast<std::size_t>(mass.size()));
  for (Index i = 0; i < mass.size(); ++i)
    forms.push_back({{i}, Eigen::MatrixXd::Constant(1, 1, alpha * mass[i])});
  return forms;
}

}  // namespace tibench
