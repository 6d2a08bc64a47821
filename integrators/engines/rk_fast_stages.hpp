// The fast layer of the Runge–Kutta engine (runge_kutta.hpp): the engine's
// stage loop and b-weighted update with the tricks that matter when a step
// costs little more than its bookkeeping (the oscillator, n = 1) or its
// memory traffic (the spring chains):
//   - the nonzero terms h a_ij, h b_i of every sum resolved once, summed by
//     combine_pair (pair_sums.hpp: positions and velocities in one loop,
//     inline entry by entry on tiny systems, fused passes on larger ones);
//   - an explicit first stage (a_11 = 0, Q_1 = q_n, V_1 = v_n) evaluated on
//     the state itself, whose vectors are swapped into Q_1, V_1 afterwards
//     instead of being copied in before;
//   - explicit tableaux stepped without the implicit branch, and problems
//     without dissipation or external force without asking for them per
//     stage.
// The arithmetic is the reference loop's (RungeKuttaStepper::stages and
// update), term for term in the same order, so the results are bit-identical;
// tests/integrators/test_rk_fast_layer.cpp checks this on every registered tableau.
#pragma once

#include <array>
#include <vector>

#include "integrators/engines/pair_sums.hpp"
#include "integrators/engines/rk_stage_values.hpp"
#include "integrators/engines/stepper.hpp"
#include "integrators/methods/butcher_tableau.hpp"

namespace tibench {

class RungeKuttaStepper;

class RkFastStages {
 public:
  // Works on `values` (the engine's, which outlive this).
  RkFastStages(const Problem& p, const ButcherTableau& tableau, double h, RkStageValues& values);
  // (The sums point into `values`.)
  RkFastStages(const RkFastStages&) = delete;
  RkFastStages& operator=(const RkFastStages&) = delete;

  // The stages of the step from s, as RungeKuttaStepper::stages computes them
  // (implicit stages by engine.implicit_stage); false, with s untouched, if a
  // Newton solve failed. On success (Q_1, V_1) hold (q_n, v_n), and s's
  // vectors hold no meaningful value until the step writes them.
  bool stages(RungeKuttaStepper& engine, State& s, StepReport& report);
  // (q_{n+1}, v_{n+1}) = (q_n, v_n) + h Σ b_i (V_i, A_i) after stages().
  void update(State& s);

 private:
  // The nonzero terms of a stage or update sum: coefficients h a_j with the
  // data of the V_j and A_j they weigh, in stage order.
  struct Sum {
    std::vector<PairTerm> terms;
    const PairTerm* begin() const { return terms.data(); }
    const PairTerm* end() const { return terms.data() + terms.size(); }
  };
  // Stage i as stages() walks it, resolved at construction (the tableau is
  // fixed; on tiny systems re-deriving this per stage costs as much as the
  // arithmetic).
  struct Stage {
    Sum sum;  // row i of A below the diagonal
    double c = 0.0, a_ii = 0.0;
    Vec* q = nullptr;  // where q̃ is built: Q_i for explicit stages, else q_tilde
    Vec* v = nullptr;  // where ṽ is built: V_i for explicit stages, else v_tilde
    Vec* a = nullptr;  // A_i
  };
  Sum terms_of(const double* a, int count) const;
  // Points the terms that read V_1 at v's buffer.
  void read_v1_from(const Vec& v);
  // A_i = M⁻¹ f(Q_i, V_i, t_i) (Problem::acceleration, bit for bit).
  void accelerate(const Vec& q, const Vec& v, double t, Vec& a);
  // The stages of any tableau (false if a Newton solve failed), or of an
  // explicit one (potential_force_only_ as a template argument).
  bool dirk_stages(RungeKuttaStepper& engine, State& s, StepReport& report);
  // (fused: the problem's one-pass acceleration, Problem::fuses_acceleration.)
  template <bool potential_force_only, bool fused>
  void explicit_stages(State& s);

  const Problem& p_;
  const double h_;
  RkStageValues& values_;
  Vec scratch_;
  std::vector<Stage> stages_;
  Sum update_sum_;  // b
  long stage_count_ = 0;
  // With a_11 = 0, stage 1 is evaluated on the state: Q_1 and V_1, which the
  // state's vectors are swapped into (null otherwise; pointers, not a flag,
  // to spare the hot path a load).
  Vec* q1_in_place_ = nullptr;
  Vec* v1_in_place_ = nullptr;
  // With stage 1 in place, V_1 is the state's velocity buffer (s.v during the
  // stages, V_1 after the swap): the terms that read it, pointed at that
  // buffer at the start of every step.
  std::vector<const double**> v1_reads_;
  bool explicit_ = false;  // every a_ii = 0: no stage needs the Newton branch
  // The problem has neither dissipation nor external force (asked once: on
  // tiny systems the per-stage queries cost as much as the force itself).
  bool potential_force_only_ = false;
  bool fused_acceleration_ = false;
};

// The hot path, inline: on tiny systems the calls into a separate translation
// unit would cost as much as a stage's arithmetic.

// An explicit first stage is the state itself (Q_1 = q_n, V_1 = v_n): it is
// evaluated on s directly, and s's vectors are swapped into Q_1, V_1 after
// the stages instead of being copied in before them (two passes less per
// step). Until then V_1 is read from s.v; nothing reads Q_1 (implicit stages
// use q̃ and s.q), and s is untouched if a stage fails.
inline void RkFastStages::read_v1_from(const Vec& v) {
  const double* data = v.data();  // (read once: the stores might alias v)
  for (const double** read : v1_reads_) *read = data;
}

// dirk_stages() without the implicit branch, whose bookkeeping costs as much
// as a stage on tiny systems, and with the force terms resolved at compile
// time.
template <bool potential_force_only, bool fused>
inline void RkFastStages::explicit_stages(State& s) {
  const double h = h_;
  const auto accelerate = [&](const Stage& stage, const Vec& q, const Vec& v) {
    if constexpr (potential_force_only && fused)
      p_.fused_potential_acceleration(q, *stage.a);
    else if constexpr (potential_force_only)
      p_.unfused_potential_acceleration(q, *stage.a);
    else
      p_.acceleration(q, v, s.t + stage.c * h, *stage.a, scratch_);
  };
  read_v1_from(s.v);
  accelerate(stages_[0], s.q, s.v);
  for (auto stage = stages_.begin() + 1; stage != stages_.end(); ++stage) {
    combine_pair(*stage->q, s.q, *stage->v, s.v, stage->sum.begin(), stage->sum.end());
    accelerate(*stage, *stage->q, *stage->v);
  }
}

inline bool RkFastStages::stages(RungeKuttaStepper& engine, State& s, StepReport& report) {
  if (explicit_) {
    if (potential_force_only_ && fused_acceleration_)
      explicit_stages<true, true>(s);
    else if (potential_force_only_)
      explicit_stages<true, false>(s);
    else
      explicit_stages<false, false>(s);
    report.rhs_evals = stage_count_;
  } else if (!dirk_stages(engine, s, report)) {
    return false;  // s is left at the start of the step
  }
  // (Q_1, V_1) = (q_n, v_n) by swapping; s.q and s.v then hold buffers whose
  // contents the step overwrites.
  if (q1_in_place_) {
    q1_in_place_->swap(s.q);
    v1_in_place_->swap(s.v);
  }
  return true;
}

inline void RkFastStages::update(State& s) {
  const Vec& q_n = q1_in_place_ ? *q1_in_place_ : s.q;
  const Vec& v_n = q1_in_place_ ? *v1_in_place_ : s.v;
  combine_pair(s.q, q_n, s.v, v_n, update_sum_.begin(), update_sum_.end());
}

}  // namespace tibench
