#include "integrators/engines/rosenbrock.hpp"

#include "integrators/engines/contact_support.hpp"
#include "integrators/engines/pair_sums.hpp"
#include "integrators/methods/tableaux/record_arrays.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tibench {

RosenbrockTableau RosenbrockTableau::from_record(const tableaux::RosenbrockRecord& r) {
  return {tableaux::stage_matrix(r.alpha, r.stages, r.id),
          tableaux::stage_matrix(r.Gamma, r.stages, r.id),
          tableaux::stage_vector(r.b, r.stages, r.id),
          tableaux::stage_vector(r.b_hat, r.stages, r.id)};
}

RosenbrockStepper::RosenbrockStepper(const Problem& p, const RosenbrockTableau& t, double h)
    : Stepper(h), p_(p), symmetric_(!p.dissipation_depends_on_q()) {
  require_contact_support(p, "rosenbrock",
                          {false, false, false,
                           "a Rosenbrock step solves linear systems, not a minimization, and "
                           "needs df/dt, which scripted obstacles do not provide"});
  const int s = t.stages();
  gamma_ = t.Gamma(0, 0);
  for (int i = 0; i < s; ++i)
    if (t.Gamma(i, i) != gamma_)
      throw std::logic_error("Rosenbrock tableau: the diagonal of Gamma must be constant");
  const Eigen::MatrixXd Ginv = t.Gamma.inverse();
  a_ = t.alpha * Ginv;
  C_ = Eigen::MatrixXd::Identity(s, s) / gamma_ - Ginv;
  m_ = Ginv.transpose() * t.b;
  has_embedded_ = t.b_hat.size() == s;
  m_hat_ = has_embedded_ ? Eigen::VectorXd(Ginv.transpose() * t.b_hat) : m_;
  alpha_i_ = t.alpha.rowwise().sum();
  gamma_i_ = t.Gamma.rowwise().sum();
  U_.assign(s, Vec::Zero(p.dofs()));
  W_.assign(s, Vec::Zero(p.dofs()));
  const auto add = [&](Sum& sum, double coef, int j) {
    const auto k = static_cast<std::size_t>(j);
    sum.push_back({coef, U_[k].data(), W_[k].data()});
  };
  // combine_pair writes into vectors of the state's size.
  for (Vec* v : {&q_hat_, &v_hat_, &sum_u_, &sum_w_}) v->resize(p.dofs());
  zero_ = Vec::Zero(p.dofs());
  stage_a_.resize(static_cast<std::size_t>(s));
  stage_c_.resize(static_cast<std::size_t>(s));
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < i; ++j) {
      if (a_(i, j) != 0.0) add(stage_a_[static_cast<std::size_t>(i)], a_(i, j), j);
      if (C_(i, j) != 0.0) add(stage_c_[static_cast<std::size_t>(i)], C_(i, j) / h, j);
    }
  // (Zero differences m_i − m̂_i are kept: they add signed zeros, as the
  // sequence of updates this sum stands for did.)
  for (int i = 0; i < s; ++i) {
    if (m_[i] != 0.0) add(update_, m_[i], i);
    if (has_embedded_) add(error_, m_[i] - m_hat_[i], i);
  }
  // Without an external force f_t is zero at every t: set once.
  if (const ExternalForce* e = p.external_force())
    e->rate(0.0, f_t_);
  else
    f_t_.setZero(p.dofs());
}

// H_ from the problem's triplets (and, when its pattern changed, the map of
// the row-major copy).
void RosenbrockStepper::assemble_hessian(const State& s) {
  h_triplets_.clear();
  p_.hessian(s.q, h_triplets_, false);
  if (p_.dissipation_depends_on_q()) p_.dissipation()->mixed_hessian(s.q, s.v, h_triplets_);
  if (h_assembler_.assemble(h_triplets_, p_.dofs(), H_)) {
    // Where each entry of the row-major copy comes from.
    hg_kq_rows_ = value_indices(H_);
    kq_row_source_ = value_sources(hg_kq_rows_);
  }
  h_positions_known_ = !p_.dissipation() && p_.hessian_pattern_is_fixed();
}

// H_ refilled from the problem's values alone (Problem::hessian_values) at
// the positions of the last triplet assembly, when there was one without
// dissipation terms and S's pattern is settled (its refill below reads the
// values in the same order): the same matrix, bit for bit.
bool RosenbrockStepper::refill_hessian(const Vec& q) {
  if (!h_positions_known_ || !s_assembler_.same_positions()) return false;
  h_values_.resize(h_assembler_.slots().size());
  return p_.hessian_values(q, false, h_values_.data(), h_values_.size()) &&
         h_assembler_.refill(h_values_, H_);
}

bool RosenbrockStepper::assemble(const State& s) {
  // With a constant ∇²P and no dissipation, K_q and S are the same at every
  // state: assembled once.
  if (assembled_ && p_.hessian_is_constant() && !p_.dissipation()) return false;
  assembled_ = true;
  const double hg = h() * gamma_;
  const Index n = p_.dofs();
  // K_q = −H with H = ∇²P + ∂_q ∇_v R, kept as H: its triplets as the
  // problem gives them, no negated copy. (−H is the sum of the negated
  // triplets, rounding being symmetric in sign, except that an exact
  // cancellation gives +0 in both sums; the stage products cannot tell, as
  // they add hγ K_rj x_j to +0.0.)
  // S = M/(hγ) + ∇²_vv R + hγ H.
  const bool by_values = refill_hessian(s.q);
  if (!by_values) assemble_hessian(s);
  double* rows = hg_kq_rows_.valuePtr();
  const double minus_hg = -hg;  // hγ K_rj = (−hγ) H_rj
  for (std::size_t k = 0; k < kq_row_source_.size(); ++k)
    rows[k] = minus_hg * H_.valuePtr()[kq_row_source_[k]];
  // S is the sum of the triplet list [M/(hγ) diagonal, hγ H triplets,
  // ∇²_vv R triplets]. Without dissipation, when H's triplets sit where
  // they did at the last step, so do the list's: their values are then
  // scattered into S's slots directly, as the assembler would (from −0.0,
  // in list order), without building the list.
  if (!p_.dissipation() && (by_values || h_assembler_.same_positions()) &&
      s_assembler_.same_positions()) {
    const auto& slot = s_assembler_.slots();
    double* values = S_.valuePtr();
    std::fill(values, values + S_.nonZeros(), -0.0);
    for (Index i = 0; i < n; ++i) values[slot[static_cast<std::size_t>(i)]] += p_.mass()[i] / hg;
    const std::size_t count = by_values ? h_values_.size() : h_triplets_.size();
    for (std::size_t k = 0; k < count; ++k) {
      const double h_k = by_values ? h_values_[k] : h_triplets_[k].value();
      values[slot[static_cast<std::size_t>(n) + k]] += hg * h_k;
    }
    return false;
  }
  triplets_.clear();
  for (Index i = 0; i < n; ++i) triplets_.emplace_back(i, i, p_.mass()[i] / hg);
  for (const auto& e : h_triplets_) triplets_.emplace_back(e.row(), e.col(), hg * e.value());
  if (const Dissipation* r = p_.dissipation()) r->hessian_vv(s.q, s.v, triplets_);
  return s_assembler_.assemble(triplets_, n, S_);
}

// rhs = f + M Σ(c_ij/h) W_j + (γ_i h) f_t + (hγ K_q) x, x = v̂ + Σ (c_ij/h) U_j
// (sum_w = Σ (c_ij/h) W_j),
// in one pass over the rows of hγ K_q. Each entry rounds as Eigen's
// ((f + M w) + γ_i h f_t) + (hγ K_q) x with its column-major product, which
// sums (hγ K_rj) x_j from +0.0 over the columns j in ascending order: the
// order of a row of the row-major copy.
void RosenbrockStepper::stage_rhs(double gamma_i_h, const Vec& sum_w) {
  const Index n = p_.dofs();
  rhs_.resize(n);
  const auto* outer = hg_kq_rows_.outerIndexPtr();
  const auto* col = hg_kq_rows_.innerIndexPtr();
  const double* value = hg_kq_rows_.valuePtr();
  const double *x = kq_arg_.data(), *f = f_.data(), *m = p_.mass().data(), *w = sum_w.data();
  const double* f_t = f_t_.data();
  double* out = rhs_.data();
  for (Index r = 0; r < n; ++r) {
    double kx = 0.0;
    for (auto k = outer[r]; k < outer[r + 1]; ++k) kx += value[k] * x[col[k]];
    out[r] = f[r] + m[r] * w[r] + gamma_i_h * f_t[r] + kx;
  }
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
  if (const ExternalForce* e = p_.external_force()) e->rate(s.t, f_t_);
  const double hg = h * gamma_;
  // Stage sums (q̂, v̂) = (q, v) + Σ a_ij (U_j, W_j) and Σ (c_ij/h) (U_j, W_j)
  // from +0.0: one fused pass each (integrators/engines/pair_sums.hpp), same order
  // and rounding as the axpy updates over j.
  // A sum without terms is its base itself (q, v or the zero vector), read
  // in place instead of copied (stage 1: four passes less).
  for (int i = 0; i < stages; ++i) {
    const Sum& a = stage_a_[static_cast<std::size_t>(i)];
    const Sum& c = stage_c_[static_cast<std::size_t>(i)];
    if (!a.empty()) combine_pair(q_hat_, s.q, v_hat_, s.v, a.data(), a.data() + a.size());
    if (!c.empty()) combine_pair(sum_u_, zero_, sum_w_, zero_, c.data(), c.data() + c.size());
    const Vec& q_hat = a.empty() ? s.q : q_hat_;
    const Vec& v_hat = a.empty() ? s.v : v_hat_;
    const Vec& sum_u = c.empty() ? zero_ : sum_u_;
    const Vec& sum_w = c.empty() ? zero_ : sum_w_;
    p_.force(q_hat, v_hat, s.t + alpha_i_[i] * h, f_, scratch_);
    ++report.rhs_evals;
    kq_arg_ = v_hat + sum_u;
    stage_rhs(gamma_i_[i] * h, sum_w);
    if (symmetric_)
      ldlt_.solve(rhs_, W_[i]);
    else
      W_[i] = lu_.solve(rhs_);
    ++report.linear_solves;
    U_[i] = hg * (W_[i] + v_hat + sum_u);
  }
  combine_pair(s.q, s.q, s.v, s.v, update_.data(), update_.data() + update_.size());
  // Embedded estimate ‖Σ (m_i − m̂_i)(U_i, W_i)‖_∞ (positions and velocities).
  if (has_embedded_) {
    combine_pair(sum_u_, zero_, sum_w_, zero_, error_.data(), error_.data() + error_.size());
    report.error_estimate = std::max(sum_u_.cwiseAbs().maxCoeff(), sum_w_.cwiseAbs().maxCoeff());
  }
  s.t += h;
  return report;
}

}  // namespace tibench
