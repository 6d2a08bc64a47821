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
  potential_force_only_ = !p.dissipation() && !p.external_force() && !p.potential_depends_on_time();
  fused_acceleration_ = p.fuses_acceleration();
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
