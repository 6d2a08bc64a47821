#include "integrators/engines/incremental_potential.hpp"

#include "problems/fem/element_loop.hpp"
#include "solvers/projective/admm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace tibench {

IncrementalPotential::IncrementalPotential(const Problem& p, DissipationTerm term)
    : p_(p), term_(term) {
  if (term == DissipationTerm::exact && p.dissipation_depends_on_q())
    throw std::logic_error(std::string(p.id()) +
                           ": q-dependent dissipation is not an exact incremental potential (use "
                           "an optimization integrator with a first- or second-order "
                           "dissipation term)");
  if (const ObstacleContact* c = p.contact(); c && c->kind() == ContactKind::constraint)
    constraints_.emplace(*c, p.dofs());
}

void IncrementalPotential::update_active_set(const Vec& y, Vec& g) const {
  if (!constraints_) return;
  if (unconstrained_at_.size() != y.size() || unconstrained_at_ != y) gradient(y, g);
  constraints_->update_active_set(x_anchor_, y, unconstrained_g_);
  g = unconstrained_g_;
  constraints_->project_gradient(g);
}

bool IncrementalPotential::apply_friction(const Vec& y, Vec& V) const {
  if (friction_in_solver_) return false;
  const ObstacleContact* c = p_.contact();
  if (!c || !(c->params().mu > 0)) return false;
  if (constraints_)
    constraints_->active_forces(forces_);
  else
    c->contact_forces(position(y), forces_);
  if (forces_.empty()) return false;
  apply_coulomb_friction(forces_, c->params().mu, kappa_, p_.mass(), V);
  return true;
}

bool IncrementalPotential::admm_form(AdmmForm& out) const {
  const ElementSplit* split = p_.element_split();
  if (!split || p_.has_feasibility_limit()) return false;
  if (constraints_ && p_.contact()->moving()) return false;  // static obstacles only
  // (R of local forms does not depend on q within a step, so every
  // DissipationTerm is the exact κ R(V) up to a constant; strain-rate
  // damping's blocks take the term: κ R(F, Ḟ), minus κ R(F, Ḟ_ref) for the
  // second-order one.)
  out.dissipation = {};
  if (const Dissipation* r = p_.dissipation(); r && !r->split(out.dissipation)) return false;
  out.v_ref = &v_ref_;
  out.second_order = term_ == DissipationTerm::second_order;
  out.split = split;
  out.contact = constraints_ ? p_.contact() : nullptr;
  out.v0 = v0_is_zero_ ? nullptr : &v0_;
  out.kappa = kappa_;
  // The solver applies friction in its local step (implicitly, Brown et
  // al. 2018 §5.3): not again after the solve.
  friction_in_solver_ = out.contact != nullptr;
  out.anchor = &x_anchor_;
  out.y_hat = &y_hat_;
  out.inertia = &inertia_;
  split->linear_force(out.force);
  out.force += f_ext_;
  return true;
}

bool IncrementalPotential::explicit_candidate(Vec& y) const {
  p_.gradient(x_anchor_, y);
  y = y_hat_ + (f_ext_ - y).cwiseQuotient(inertia_);
  return true;
}

bool IncrementalPotential::feasible_start(Vec& y) const {
  if (!p_.has_feasibility_limit()) return false;
  y = safe_ - x_anchor_;
  return true;
}

void IncrementalPotential::set_stage(const Vec& x_anchor, const Vec& y_hat, double tau,
                                     double kappa, double t) {
  copy_vector(x_anchor, x_anchor_);
  if (p_.has_feasibility_limit()) safe_ = x_anchor;  // (read by feasible_start only)
  copy_vector(y_hat, y_hat_);
  // (Stages of one step, and steps of one size, share τ: the inertia and
  // what is derived from it are kept while τ is unchanged.)
  if (tau != tau_ || inertia_.size() != p_.dofs()) {
    inertia_ = p_.mass() / (tau * tau);
    inverse_inertia_ = inertia_.cwiseInverse();
    inertia_stamp_ = next_inertia_stamp();
    uniform_inertia_ =
        inertia_.size() > 0 && inertia_[0] > 0 && (inertia_.array() == inertia_[0]).all();
    hessian_row_bound_ = std::numeric_limits<double>::quiet_NaN();
    count_bound_ = std::numeric_limits<double>::quiet_NaN();
  }
  tau_ = tau;
  kappa_ = kappa;
  t_ = t;
  if (!v0_is_zero_ || v0_.size() != p_.dofs()) {
    v0_.setZero(p_.dofs());
    v0_is_zero_ = true;
  }
  if (v_ref_.size() != p_.dofs()) v_ref_.setZero(p_.dofs());
  hessian_abs_valid_ = false;
  friction_in_solver_ = false;
  p_.set_potential_time(t);
  if (constraints_) constraints_->clear_active_set();
  const ExternalForce* e = p_.external_force();
  if (e)
    e->at(t, f_ext_);
  else if (f_ext_.size() != p_.dofs())
    f_ext_.setZero(p_.dofs());
  external_magnitude_ = e ? f_ext_.cwiseQuotient(inertia_).cwiseAbs().maxCoeff() : 0.0;
  target_magnitude_ = y_hat_.cwiseAbs().maxCoeff();
}

const Vec& IncrementalPotential::position(const Vec& y) const {
  x_ = x_anchor_ + y;
  return x_;
}

const Vec& IncrementalPotential::velocity(const Vec& y) const {
  velocity_ = v0_ + y / kappa_;
  return velocity_;
}

double IncrementalPotential::value(const Vec& y) const {
  scratch_ = y - y_hat_;
  double phi = 0.5 * scratch_.dot(inertia_.cwiseProduct(scratch_));
  // f_ext·x_a is constant and omitted: it cancels in every comparison of Φ.
  phi += p_.potential(position(y)) - f_ext_.dot(y);
  if (const Dissipation* r = p_.dissipation()) {
    phi += kappa_ * r->value(x_, velocity(y));
    if (term_ == DissipationTerm::second_order) phi -= kappa_ * r->value(x_, v_ref_);
  }
  return phi;
}

void IncrementalPotential::gradient(const Vec& y, Vec& g) const {
  p_.gradient(position(y), g);
  // The force magnitude of the noise estimate, max_i |g_i| / w_i, multiplies
  // by the kept 1/w_i: a division per entry costs several products, and the
  // estimate's factors 1 ± 1e-6 absorb the extra rounding. With equal
  // weights the scalar forms below are the same values (a product with a
  // positive scalar is monotone; w_i (y_i − ŷ_i) is w (y_i − ŷ_i)), and
  // without an external force t − f_i is t − (+0) = t.
  if (uniform_inertia_)
    force_magnitude_ = g.cwiseAbs().maxCoeff() * inverse_inertia_[0] + external_magnitude_;
  else
    force_magnitude_ = g.cwiseAbs().cwiseProduct(inverse_inertia_).maxCoeff() + external_magnitude_;
  if (p_.external_force())
    g += inertia_.cwiseProduct(y - y_hat_) - f_ext_;
  else if (uniform_inertia_)
    g += inertia_[0] * (y - y_hat_);
  else
    g += inertia_.cwiseProduct(y - y_hat_);
  if (const Dissipation* r = p_.dissipation()) {
    r->gradient_v(x_, velocity(y), scratch_);
    if (term_ != DissipationTerm::exact && r->depends_on_q()) {
      r->gradient_q(x_, velocity_, gq_);
      scratch_ += kappa_ * gq_;
      if (term_ == DissipationTerm::second_order) {
        r->gradient_q(x_, v_ref_, gq_);
        scratch_ -= kappa_ * gq_;
      }
    }
    force_magnitude_ += scratch_.cwiseAbs().cwiseProduct(inverse_inertia_).maxCoeff();
    g += scratch_;
  }
  if (constraints_) {
    unconstrained_g_ = g;
    unconstrained_at_ = y;
    constraints_->project_gradient(g);
  }
}

namespace {

// One |∇²P| entry into the row and diagonal sums (hessian() and
// record_magnitudes' serial pass add them in entry order, hence the same
// sums).
inline void add_magnitude(Index row, Index col, double a, Vec& row_sums, Vec& diagonal) {
  row_sums[row] += a;
  if (row == col) diagonal[row] += a;
}

}  // namespace

void IncrementalPotential::hessian(const Vec& y, bool project_psd, Triplets& out) const {
  const std::size_t start = out.size();
  for (Index i = 0; i < p_.dofs(); ++i) out.emplace_back(i, i, inertia_[i]);
  if (constraints_) constraints_->zero_diagonal_blocks(out);
  const std::size_t first = out.size();
  p_.hessian(position(y), out, project_psd);
  // |∇²P| entry by entry with its positions, row sums and diagonal sums, for
  // residual_noise (each sum in ascending entry order, as record_magnitudes
  // adds the diagonal). The count is the same at every assembly (fixed
  // pattern), so this overwrites in place: no reallocation, no per-entry
  // capacity check.
  const std::size_t count = out.size() - first;
  abs_rows_.resize(count);
  abs_cols_.resize(count);
  abs_values_.resize(count);
  abs_diagonal_entries_.clear();
  abs_diagonal_rows_.clear();
  hessian_abs_row_sums_.setZero(p_.dofs());
  hessian_abs_diagonal_.setZero(p_.dofs());
  for (std::size_t k = 0; k < count; ++k) {
    const auto row = out[first + k].row(), col = out[first + k].col();
    const double a = std::abs(out[first + k].value());
    abs_rows_[k] = row;
    abs_cols_[k] = col;
    abs_values_[k] = a;
    add_magnitude(row, col, a, hessian_abs_row_sums_, hessian_abs_diagonal_);
    if (row == col) {
      abs_diagonal_entries_.push_back(k);
      abs_diagonal_rows_.push_back(row);
    }
  }
  row_sums_current_ = true;
  row_counts_current_ = false;
  hessian_abs_valid_ = true;
  hessian_row_bound_ = std::numeric_limits<double>::quiet_NaN();
  positions_known_ = values_path_applies();
  if (const Dissipation* r = p_.dissipation()) {
    const std::size_t dissipation_first = out.size();
    r->hessian_vv(x_, velocity(y), out);
    for (std::size_t k = dissipation_first; k < out.size(); ++k)
      out[k] = Eigen::Triplet<double>(out[k].row(), out[k].col(), out[k].value() / kappa_);
    if (term_ != DissipationTerm::exact && r->depends_on_q()) {
      // ∂_q ∇_v R and its transpose (the κ ∇_qq R part is not available).
      const std::size_t mixed_first = out.size();
      r->mixed_hessian(x_, velocity_, out);
      const std::size_t mixed_end = out.size();
      for (std::size_t k = mixed_first; k < mixed_end; ++k)
        out.emplace_back(out[k].col(), out[k].row(), out[k].value());
    }
  }
  if (constraints_) constraints_->transform_hessian(out, start, inertia_, project_psd);
}

// hessian_values(): |∇²P| entry by entry from the values at the positions
// of the last hessian(), and the diagonal sums (in ascending entry order).
// A Hessian too small for the element threads takes hessian()'s one pass,
// row sums included. A larger one is a pass over memory (5.9 MB on the
// 5k-tetrahedra ball) that the threads share, in blocks, without the row
// sums: residual_noise_bounds uses the largest entry instead (each block's,
// exact in any order), and residual_noise_upper sums the rows when asked.
void IncrementalPotential::record_magnitudes(const double* raw) const {
  constexpr Index kBlock = 4096;
  const auto count = static_cast<Index>(abs_values_.size());
  const Index blocks = (count + kBlock - 1) / kBlock;
  double* magnitude = abs_values_.data();
  hessian_abs_diagonal_.setZero(p_.dofs());
  hessian_abs_valid_ = true;
  hessian_row_bound_ = std::numeric_limits<double>::quiet_NaN();
  if (blocks < kMinParallelElements) {
    hessian_abs_row_sums_.setZero(p_.dofs());
    for (Index k = 0; k < count; ++k) {
      magnitude[k] = std::abs(raw[k]);
      add_magnitude(abs_rows_[static_cast<std::size_t>(k)], abs_cols_[static_cast<std::size_t>(k)],
                    magnitude[k], hessian_abs_row_sums_, hessian_abs_diagonal_);
    }
    row_sums_current_ = true;
    return;
  }
  // The diagonal entries' magnitudes are copied out while in cache; their
  // sums then run over two short contiguous arrays. (Eigen's packet abs and
  // max: a scalar running maximum waits on itself.)
  const auto& diagonal = abs_diagonal_entries_;
  diagonal_magnitudes_.resize(diagonal.size());
  block_max_.assign(static_cast<std::size_t>(blocks), 0.0);
  for_each_element(blocks, [&](Index b) {
    const Index begin = b * kBlock, size = std::min(kBlock, count - begin);
    Eigen::Map<Eigen::ArrayXd> out(magnitude + begin, size);
    out = Eigen::Map<const Eigen::ArrayXd>(raw + begin, size).abs();
    block_max_[static_cast<std::size_t>(b)] = out.maxCoeff();
    auto d = std::lower_bound(diagonal.begin(), diagonal.end(), static_cast<std::size_t>(begin));
    for (; d != diagonal.end() && *d < static_cast<std::size_t>(begin + size); ++d)
      diagonal_magnitudes_[static_cast<std::size_t>(d - diagonal.begin())] = magnitude[*d];
  });
  hessian_abs_max_ = 0.0;
  for (const double m : block_max_) hessian_abs_max_ = std::max(hessian_abs_max_, m);
  for (std::size_t d = 0; d < diagonal.size(); ++d)
    hessian_abs_diagonal_[abs_diagonal_rows_[d]] += diagonal_magnitudes_[d];
  row_sums_current_ = false;
}

// ∇²Φ is then the inertia's diagonal (and under constraint contact the
// zero blocks) followed by ∇²P, transformed by the active set.
bool IncrementalPotential::values_path_applies() const {
  return !p_.dissipation() && p_.hessian_pattern_is_fixed();
}

// hessian()'s values without its positions: the inertia, the zero blocks,
// then the problem's values, and |∇²P| from them at the positions of the
// last hessian() call, in the same order (so the same sums); under
// constraint contact, transformed for the current active set, whose
// appended triplets appended_positions() then gives.
bool IncrementalPotential::hessian_values(const Vec& y, bool project_psd,
                                          std::vector<double>& values) const {
  if (!positions_known_ || !values_path_applies()) return false;
  const auto n = static_cast<std::size_t>(p_.dofs());
  const std::size_t zeros = constraints_ ? constraints_->zero_block_count() : 0;
  const std::size_t first = n + zeros, count = abs_values_.size();
  values.resize(first + count);
  if (!p_.hessian_values(position(y), project_psd, values.data() + first, count)) return false;
  std::copy(inertia_.data(), inertia_.data() + n, values.begin());
  std::fill(values.begin() + static_cast<std::ptrdiff_t>(n),
            values.begin() + static_cast<std::ptrdiff_t>(first), 0.0);
  record_magnitudes(values.data() + first);
  return !constraints_ || constraints_->transform_values(values, 0, inertia_, project_psd);
}

bool IncrementalPotential::appended_positions(std::size_t& first, std::vector<Index>& rows,
                                              std::vector<Index>& cols) const {
  if (!constraints_) return false;
  constraints_->appended_positions(first, rows, cols);  // hessian_values transforms from 0
  return true;
}

double IncrementalPotential::residual_noise(const Vec& y) const {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  // max_i Σ_j |∇²P_ij| |x_j| / w_i (last Hessian, current x): the rounding of
  // ∇P from the rounding of x (ε|x_j| per coordinate), row by row, in
  // position units. Row by row matters: near a barrier the largest Hessian
  // row belongs to a coordinate close to zero, whose rounding is tiny.
  double hessian_term = 0.0;
  if (hessian_abs_valid_) {
    // |x| once per call instead of once per Hessian entry (same values).
    abs_x_ = position(y).cwiseAbs();
    scratch_.setZero(p_.dofs());
    for (std::size_t k = 0; k < abs_values_.size(); ++k)
      scratch_[abs_rows_[k]] += abs_values_[k] * abs_x_[abs_cols_[k]];
    hessian_term = scratch_.cwiseQuotient(inertia_).maxCoeff();
  }
  return 8 * eps * (noise_magnitude(y) + hessian_term);
}

double IncrementalPotential::noise_magnitude(const Vec& y) const {
  return y.cwiseAbs().maxCoeff() + target_magnitude_ + force_magnitude_;
}

StageObjective::NoiseBounds IncrementalPotential::residual_noise_bounds(const Vec& y) const {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  // The Hessian term of residual_noise, max_i Σ_j |H_ij| |x_j| / w_i, lies
  // between max_i |H_ii| |x_i| / w_i (the diagonal entries alone) and
  // max_k |H_k| · max_i (entries in row i) / w_i · max_j |x_j|: O(n) per
  // call instead of O(nnz), from what the assembly kept. The looser upper
  // bound (residual_noise_upper's row sums would cost a pass over the
  // entries per Hessian) still decides the iterations far above the
  // rounding level, which are most of them. The factors 1 ∓ 1e-6 cover the
  // rounding of the sums (relative n ε), so the bounds stay bounds.
  // After hessian(), whose pass has the row sums, the upper bound is
  // residual_noise_upper's.
  const double noise = noise_magnitude(y);
  double lower_term = 0.0, upper_term = 0.0;
  if (hessian_abs_valid_) {
    const Vec& x = position(y);
    lower_term =
        hessian_abs_diagonal_.cwiseProduct(x.cwiseAbs()).cwiseQuotient(inertia_).maxCoeff();
    if (row_sums_current_)
      return {(1 - 1e-6) * 8 * eps * (noise + lower_term), residual_noise_upper(y)};
    upper_term = hessian_abs_max_ * count_bound() * x.cwiseAbs().maxCoeff();
  }
  return {(1 - 1e-6) * 8 * eps * (noise + lower_term), (1 + 1e-6) * 8 * eps * (noise + upper_term)};
}

// max_i (entries in row i) / w_i: the counts once per hessian() positions,
// the quotient once per inertia.
double IncrementalPotential::count_bound() const {
  if (!row_counts_current_) {
    row_counts_.setZero(p_.dofs());
    for (const auto row : abs_rows_) row_counts_[row] += 1;
    row_counts_current_ = true;
    count_bound_ = std::numeric_limits<double>::quiet_NaN();
  }
  if (std::isnan(count_bound_)) count_bound_ = row_counts_.cwiseQuotient(inertia_).maxCoeff();
  return count_bound_;
}

// The tighter upper bound, from the row sums Σ_j |H_ij| (computed at the
// first call after an assembly, in ascending entry order).
double IncrementalPotential::residual_noise_upper(const Vec& y) const {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  double upper_term = 0.0;
  if (hessian_abs_valid_) {
    if (!row_sums_current_) {
      hessian_abs_row_sums_.setZero(p_.dofs());
      for (std::size_t k = 0; k < abs_values_.size(); ++k)
        hessian_abs_row_sums_[abs_rows_[k]] += abs_values_[k];
      row_sums_current_ = true;
      hessian_row_bound_ = std::numeric_limits<double>::quiet_NaN();
    }
    if (std::isnan(hessian_row_bound_))
      hessian_row_bound_ = hessian_abs_row_sums_.cwiseQuotient(inertia_).maxCoeff();
    upper_term = hessian_row_bound_ * (x_anchor_ + y).cwiseAbs().maxCoeff();
  }
  return (1 + 1e-6) * 8 * eps * (noise_magnitude(y) + upper_term);
}

double IncrementalPotential::residual(const Vec& g) const {
  if (uniform_inertia_) return g.cwiseAbs().maxCoeff() / inertia_[0];
  return StageObjective::residual(g);
}

double IncrementalPotential::scale(const Vec& y) const {
  // The solution's own increment, not the inertial target: on stiff problems
  // ŷ = τṽ can exceed the solution by the stiffness ratio. On non-stiff
  // stages the engines also form the stage acceleration (y − ŷ)/τ² from y,
  // which amplifies an error δy by 1/τ² (Runge–Kutta stage derivatives that
  // are not stiffly accurate carry it into v_{n+1} as δy/h per step), so the
  // tolerance refers to the smaller of |y| and |y − ŷ|.
  // The deviation first: when it is zero (an iterate at the inertial target,
  // e.g. a stage's first) the minimum is 0 for any finite y, without the
  // pass over |y|. (The solvers ask for the scale of iterates whose gradient
  // they found finite, hence y finite.)
  const double deviation = (y - y_hat_).cwiseAbs().maxCoeff();
  if (deviation == 0.0) return 0.0;
  return std::min(y.cwiseAbs().maxCoeff(), deviation);
}

}  // namespace tibench
