#include "integrators/engines/partitioned_rk.hpp"
#include "integrators/engines/stage_solve.hpp"

#include "integrators/engines/contact_support.hpp"
#include "integrators/methods/tableaux/record_arrays.hpp"

#include <stdexcept>

namespace tibench {

PartitionedTableau PartitionedTableau::from_record(const tableaux::PartitionedRecord& r) {
  return {
      tableaux::stage_matrix(r.A, r.stages, r.id), tableaux::stage_matrix(r.A_hat, r.stages, r.id),
      tableaux::stage_vector(r.b, r.stages, r.id), tableaux::stage_vector(r.b_hat, r.stages, r.id)};
}

PartitionedRKStepper::PartitionedRKStepper(const Problem& p, PartitionedTableau tableau, double h,
                                           StageSolverOptions newton)
    : Stepper(h), p_(p), tab_(std::move(tableau)), solver_(make_stage_solver(newton)) {
  require_contact_support(p, "partitioned-rk",
                          {false, false, true,
                           "its positions are built from separate velocity stages, so its end "
                           "point is not a constrained minimizer"});
  const int s = tab_.stages();
  for (int i = 0; i < s; ++i)
    for (int j = i + 1; j < s; ++j)
      if (tab_.A(i, j) != 0.0 || tab_.A_hat(i, j) != 0.0)
        throw std::logic_error("partitioned tableaux must be lower triangular");
  c_ = tab_.A.rowwise().sum();
  const Index n = p.dofs();
  V_.assign(s, Vec::Zero(n));
  A_.assign(s, Vec::Zero(n));
  bool need_positions = false, need_velocities = false;
  for (int i = 0; i < s; ++i) {
    const double a = tab_.A(i, i), ah = tab_.A_hat(i, i);
    if (a != 0.0 && ah != 0.0) {
      if (a * ah < 0) throw std::logic_error("a_ii â_ii < 0: the stage is not a minimization");
      need_positions = true;
    }
    if (a == 0.0 && ah != 0.0) need_velocities = true;
  }
  if (need_positions) positions_.emplace(p);
  if (need_velocities) velocities_.emplace(p);
}

StepReport PartitionedRKStepper::step(State& s) {
  StepReport report;
  const double h = this->h();
  const int stages = tab_.stages();
  p_.begin_step(s);
  auto absorb = [&](const StageSolveResult& nr, int stage) {
    if (absorb_solve(report, nr)) return true;
    report.message = "stage " + std::to_string(stage + 1) + ": " + report.message;
    return false;
  };
  for (int i = 0; i < stages; ++i) {
    q_tilde_ = s.q;
    v_tilde_ = s.v;
    for (int j = 0; j < i; ++j) {
      if (tab_.A(i, j) != 0.0) q_tilde_.noalias() += (h * tab_.A(i, j)) * V_[j];
      if (tab_.A_hat(i, j) != 0.0) v_tilde_.noalias() += (h * tab_.A_hat(i, j)) * A_[j];
    }
    const double t_stage = s.t + c_[i] * h;
    const double a = tab_.A(i, i), ah = tab_.A_hat(i, i);
    if (ah == 0.0) {
      // Velocity explicit; the position follows from it.
      V_[i] = v_tilde_;
      if (a != 0.0) q_tilde_.noalias() += (h * a) * V_[i];
      p_.force(q_tilde_, V_[i], t_stage, f_, scratch_);
      A_[i] = p_.inverse_mass().cwiseProduct(f_);
      ++report.rhs_evals;
    } else if (a == 0.0) {
      // Position explicit; the velocity solves M (V − ṽ)/κ = f(q̃, V).
      const double kappa = h * ah;
      V_[i] = velocities_->set_stage(q_tilde_, v_tilde_, kappa, t_stage);
      ++report.rhs_evals;
      if (p_.dissipation() && !absorb(solver_->minimize(*velocities_, V_[i]), i)) return report;
      A_[i] = (V_[i] - v_tilde_) / kappa;
    } else {
      const double kappa = h * a, tau = h * std::sqrt(a * ah);
      y_ = kappa * v_tilde_;
      positions_->set_stage(q_tilde_, y_, tau, kappa, t_stage);
      positions_->set_safe_position(s.q);
      if (!absorb(solver_->minimize(*positions_, y_), i)) return report;
      V_[i] = y_ / kappa;
      A_[i] = (V_[i] - v_tilde_) / (h * ah);
    }
  }
  for (int i = 0; i < stages; ++i) {
    if (tab_.b[i] != 0.0) s.q.noalias() += (h * tab_.b[i]) * V_[i];
    if (tab_.b_hat[i] != 0.0) s.v.noalias() += (h * tab_.b_hat[i]) * A_[i];
  }
  s.t += h;
  return report;
}

}  // namespace tibench
