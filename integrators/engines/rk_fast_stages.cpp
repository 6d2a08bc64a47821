// The fast layer of the Runge–Kutta engine; see rk_fast_stages.hpp.
#include "integrators/engines/rk_fast_stages.hpp"

#include "integrators/engines/runge_kutta.hpp"

namespace tibench {

RkFastStages::RkFastStages(const Problem& p, const ButcherTableau& tableau, double h,
                           RkStageValues& values)
    : p_(p), h_(h), values_(values) {
  stage_count_ = tableau.stages();
  if (tableau.A(0, 0) == 0.0) {
    q1_in_place_ = &values_.Q[0];
    v1_in_place_ = &values_.V[0];
  }
  std::vector<double> row(static_cast<std::size_t>(tableau.stages()));
  for (int i = 0; i < tableau.stages(); ++i) {
    for (int j = 0; j < i; ++j) row[static_cast<std::size_t>(j)] = tableau.A(i, j);
    Stage stage;
    stage.sum = terms_of(row.data(), i);
    stage.c = tableau.c[i];
    stage.a_ii = tableau.A(i, i);
    // Explicit stages are built in place: Q_i = q̃, V_i = ṽ.
    const auto k = static_cast<std::size_t>(i);
    stage.q = stage.a_ii == 0.0 ? &values_.Q[k] : &values_.q_tilde;
    stage.v = stage.a_ii == 0.0 ? &values_.V[k] : &values_.v_tilde;
    stage.a = &values_.A[k];
    stages_.push_back(std::move(stage));
  }
  update_sum_ = terms_of(tableau.b.data(), tableau.stages());
  explicit_ = tableau.is_explicit();
  // A sum reads V_1 in its first term when its first coefficient is nonzero.
  // (The sums are final: their terms no longer move.)
  if (q1_in_place_) {
    for (int i = 1; i < tableau.stages(); ++i)
      if (tableau.A(i, 0) != 0.0)
        v1_reads_.push_back(&stages_[static_cast<std::size_t>(i)].sum.terms[0].q);
    if (tableau.b[0] != 0.0) v1_reads_.push_back(&update_sum_.terms[0].q);
  }
  potential_force_only_ =
      !p.has_dissipation() && !p.has_external_force() && !p.potential_depends_on_time();
  fused_acceleration_ = p.fuses_acceleration();
  if (explicit_ && potential_force_only_ && p.has_scalar_acceleration() && p.dofs() == 1)
    use_scalar_step(tableau);
}

// The step in registers needs a b-weighted update (an explicit last stage
// that is the solution is taken by the engine's take_last_stage) and at most
// kScalarStages stages.
void RkFastStages::use_scalar_step(const ButcherTableau& tableau) {
  const int s = tableau.stages();
  if (tableau.last_stage_is_solution() || s > kScalarStages) return;
  for (int i = 0; i < s; ++i) {
    const auto k = static_cast<std::size_t>(i);
    for (int j = 0; j < i; ++j) {
      const auto ij = static_cast<std::size_t>(i * kScalarStages + j);
      scalar_a_[ij] = h_ * tableau.A(i, j);
      scalar_a_nonzero_[ij] = tableau.A(i, j) != 0.0;
    }
    scalar_b_[k] = h_ * tableau.b[i];
    scalar_b_nonzero_[k] = tableau.b[i] != 0.0;
  }
  static constexpr std::array<void (RkFastStages::*)(State&), kScalarStages> steps{
      &RkFastStages::scalar_step<1>, &RkFastStages::scalar_step<2>, &RkFastStages::scalar_step<3>,
      &RkFastStages::scalar_step<4>, &RkFastStages::scalar_step<5>, &RkFastStages::scalar_step<6>};
  scalar_step_ = steps[static_cast<std::size_t>(s - 1)];
}

// The reference loop's arithmetic on one entry, term for term: the stage
// sums (q_n, v_n) + Σ_j h a_ij (V_j, A_j) and the update
// (q_n, v_n) + Σ_j h b_j (V_j, A_j), in stage order. With S fixed the loops
// unroll and every value stays in a register (across the kernel calls the
// compiler keeps them in its own stack slots).
template <int S>
void RkFastStages::scalar_step(State& s) {
  const double q0 = s.q[0], v0 = s.v[0];
  std::array<double, S> Q, V, A;
  Q[0] = q0;
  V[0] = v0;
  A[0] = p_.scalar_potential_acceleration(q0);
  for (int i = 1; i < S; ++i) {
    double qi = q0, vi = v0;
    for (int j = 0; j < i; ++j) {
      const auto ij = static_cast<std::size_t>(i * kScalarStages + j);
      if (!scalar_a_nonzero_[ij]) continue;
      qi += scalar_a_[ij] * V[static_cast<std::size_t>(j)];
      vi += scalar_a_[ij] * A[static_cast<std::size_t>(j)];
    }
    const auto k = static_cast<std::size_t>(i);
    Q[k] = qi;
    V[k] = vi;
    A[k] = p_.scalar_potential_acceleration(qi);
  }
  double q1 = q0, v1 = v0;
  for (std::size_t j = 0; j < S; ++j) {
    if (!scalar_b_nonzero_[j]) continue;
    q1 += scalar_b_[j] * V[j];
    v1 += scalar_b_[j] * A[j];
  }
  for (std::size_t i = 0; i < S; ++i) {
    values_.Q[i][0] = Q[i];
    values_.V[i][0] = V[i];
    values_.A[i][0] = A[i];
  }
  s.q[0] = q1;
  s.v[0] = v1;
}

// The nonzero terms h a_j of a stage or update sum, once: h and the tableau
// are fixed for the stepper's lifetime.
RkFastStages::Sum RkFastStages::terms_of(const double* a, int count) const {
  Sum sum;
  for (int j = 0; j < count; ++j)
    if (a[j] != 0.0) {
      // V and A keep their buffers, except V_1's, which stage 1 in place
      // swaps with the state's (v1_reads_).
      const auto k = static_cast<std::size_t>(j);
      sum.terms.push_back({h_ * a[j], values_.V[k].data(), values_.A[k].data()});
    }
  return sum;
}

void RkFastStages::accelerate(const Vec& q, const Vec& v, double t, Vec& a) {
  if (potential_force_only_)
    p_.potential_acceleration(q, a);
  else
    p_.acceleration(q, v, t, a, scratch_);
}

bool RkFastStages::dirk_stages(RungeKuttaStepper& engine, State& s, StepReport& report) {
  const double h = h_;
  const auto stages = static_cast<int>(stage_count_);
  int first = 0;
  if (q1_in_place_) {
    read_v1_from(s.v);
    accelerate(s.q, s.v, s.t + stages_[0].c * h, values_.A[0]);
    ++report.rhs_evals;
    first = 1;
  }
  for (int i = first; i < stages; ++i) {
    const Stage& stage = stages_[static_cast<std::size_t>(i)];
    combine_pair(*stage.q, s.q, *stage.v, s.v, stage.sum.begin(), stage.sum.end());
    if (stage.a_ii != 0.0) {
      if (!engine.implicit_stage(i, s, report)) return false;
      continue;
    }
    accelerate(*stage.q, *stage.v, s.t + stage.c * h, *stage.a);
    ++report.rhs_evals;
  }
  return true;
}

}  // namespace tibench
