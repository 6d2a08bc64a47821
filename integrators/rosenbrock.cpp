#include "integrators/rosenbrock.hpp"

#include "integrators/vector_sums.hpp"

#include <Eigen/LU>
#include <cmath>
#include <stdexcept>

namespace tibench {

RosenbrockStepper::RosenbrockStepper(const Problem& p, const RosenbrockTableau& t, double h)
    : Stepper(h), p_(p), symmetric_(!(p.has_dissipation() && p.dissipation_depends_on_q())) {
  const int s = t.stages();
  gamma_ = t.Gamma(0, 0);
  for (int i = 0; i < s; ++i)
    if (t.Gamma(i, i) != gamma_)
      throw std::logic_error("Rosenbrock tableau: the diagonal of Gamma must be constant");
  const Eigen::MatrixXd Ginv = t.Gamma.inverse();
  a_ = t.alpha * Ginv;
  C_ = Eigen::MatrixXd::Identity(s, s) / gamma_ - Ginv;
  m_ = Ginv.transpose() * t.b;
  m_hat_ = Ginv.transpose() * t.b_hat;
  alpha_i_ = t.alpha.rowwise().sum();
  gamma_i_ = t.Gamma.rowwise().sum();
  U_.assign(s, Vec::Zero(p.dofs()));
  W_.assign(s, Vec::Zero(p.dofs()));
  const auto stages = static_cast<std::size_t>(s);
  coef_a_.assign(stages, 0.0);
  coef_c_.assign(stages, 0.0);
  for (auto* terms : {&terms_au_, &terms_aw_, &terms_cu_, &terms_cw_})
    terms->assign(stages, nullptr);
}

bool RosenbrockStepper::assemble(const State& s) {
  // With a constant ∇²P and no dissipation, K_q and S are the same at every
  // state: assembled once.
  if (assembled_ && p_.hessian_is_constant() && !p_.has_dissipation()) return false;
  assembled_ = true;
  const double hg = h() * gamma_;
  const Index n = p_.dofs();
  // K_q = −(∇²P + ∂_q ∇_v R); S = M/(hγ) + ∇²_vv R + hγ (∇²P + ∂_q ∇_v R).
  kq_triplets_.clear();
  p_.hessian(s.q, kq_triplets_, false);
  if (p_.has_dissipation() && p_.dissipation_depends_on_q())
    p_.dissipation_mixed_hessian(s.q, s.v, kq_triplets_);
  for (auto& e : kq_triplets_) e = Eigen::Triplet<double>(e.row(), e.col(), -e.value());
  kq_assembler_.assemble(kq_triplets_, n, Kq_);
  triplets_.clear();
  for (Index i = 0; i < n; ++i) triplets_.emplace_back(i, i, p_.mass()[i] / hg);
  for (const auto& e : kq_triplets_) triplets_.emplace_back(e.row(), e.col(), -hg * e.value());
  if (p_.has_dissipation()) p_.dissipation_hessian(s.q, s.v, triplets_);
  return s_assembler_.assemble(triplets_, n, S_);
}

StepReport RosenbrockStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  const int stages = static_cast<int>(m_.size());
  p_.begin_step(s);
  const bool pattern_changed = assemble(s);
  bool ok = true;
  if (symmetric_) {
    ok = ldlt_.factorize(S_, pattern_changed).factorized;
  } else {
    if (!analyzed_) lu_.analyzePattern(S_);
    lu_.factorize(S_);
    ok = lu_.info() == Eigen::Success;
  }
  analyzed_ = true;
  if (!ok) {
    report.status = StepStatus::solver_failed;
    report.message = "Rosenbrock matrix M/(h gamma) - df/dv - h gamma df/dq is singular";
    return report;
  }
  p_.external_force_rate(s.t, f_t_);
  const double hg = h * gamma_;
  // Stage sums q̂ = q + Σ a_ij U_j, v̂ = v + Σ a_ij W_j, Σ (c_ij/h) U_j and
  // Σ (c_ij/h) W_j: one fused pass each (integrators/vector_sums.hpp), same
  // order and rounding as the axpy updates over j.
  const auto u = [&](int j) { return &U_[static_cast<std::size_t>(j)]; };
  const auto w = [&](int j) { return &W_[static_cast<std::size_t>(j)]; };
  for (int i = 0; i < stages; ++i) {
    int na = 0, nc = 0;
    for (int j = 0; j < i; ++j) {
      const auto k = [](int t) { return static_cast<std::size_t>(t); };
      if (a_(i, j) != 0.0) {
        coef_a_[k(na)] = a_(i, j);
        terms_au_[k(na)] = u(j);
        terms_aw_[k(na++)] = w(j);
      }
      if (C_(i, j) != 0.0) {
        coef_c_[k(nc)] = C_(i, j) / h;
        terms_cu_[k(nc)] = u(j);
        terms_cw_[k(nc++)] = w(j);
      }
    }
    combine(q_hat_, s.q, coef_a_.data(), terms_au_.data(), na);
    combine(v_hat_, s.v, coef_a_.data(), terms_aw_.data(), na);
    combine_from_zero(sum_u_, coef_c_.data(), terms_cu_.data(), nc, p_.dofs());
    combine_from_zero(sum_w_, coef_c_.data(), terms_cw_.data(), nc, p_.dofs());
    p_.force(q_hat_, v_hat_, s.t + alpha_i_[i] * h, f_, scratch_);
    ++report.rhs_evals;
    // (The product's operand and result in members, without the nested
    // expression's two temporaries; Eigen evaluates hg (K_q x) as (hg K_q) x,
    // and so does this, for the same rounding.)
    kq_arg_ = v_hat_ + sum_u_;
    kq_v_.noalias() = (hg * Kq_) * kq_arg_;
    rhs_ = f_ + p_.mass().cwiseProduct(sum_w_) + (gamma_i_[i] * h) * f_t_ + kq_v_;
    if (symmetric_)
      ldlt_.solve(rhs_, W_[i]);
    else
      W_[i] = lu_.solve(rhs_);
    ++report.linear_solves;
    U_[i] = hg * (W_[i] + v_hat_ + sum_u_);
  }
  double err = 0.0;
  for (int i = 0; i < stages; ++i) {
    if (m_[i] != 0.0) {
      s.q.noalias() += m_[i] * U_[i];
      s.v.noalias() += m_[i] * W_[i];
    }
  }
  // Embedded estimate ‖Σ (m_i − m̂_i)(U_i, W_i)‖_∞ (positions and velocities).
  sum_u_.setZero(p_.dofs());
  sum_w_.setZero(p_.dofs());
  for (int i = 0; i < stages; ++i) {
    sum_u_.noalias() += (m_[i] - m_hat_[i]) * U_[i];
    sum_w_.noalias() += (m_[i] - m_hat_[i]) * W_[i];
  }
  err = std::max(sum_u_.cwiseAbs().maxCoeff(), sum_w_.cwiseAbs().maxCoeff());
  report.error_estimate = err;
  s.t += h;
  return report;
}

}  // namespace tibench
