// The generic Rosenbrock engine for q' = v, M v' = f(q, v, t) (Löschner et al.
// 2020 §3.2.4, rederived here): the transformed form of Hairer & Wanner
// (Solving ODEs II, §IV.7) applied to y = (q, v), y' = (v, M⁻¹ f), with the
// Jacobians K_q = ∂f/∂q = −∇²P − ∂_q∇_v R, K_v = ∂f/∂v = −∇²_vv R and f_t
// evaluated once per step at (t_n, q_n, v_n). Stage i, with
//   q̂ = q_n + Σ_{j<i} a_ij U_j,  v̂ = v_n + Σ_{j<i} a_ij W_j,
// solves
//   S W_i = f(t_n + α_i h, q̂, v̂) + M Σ_{j<i} (c_ij/h) W_j + γ_i h f_t
//           + hγ K_q (v̂ + Σ_{j<i} (c_ij/h) U_j),     S = M/(hγ) − K_v − hγ K_q,
//   U_i = hγ (W_i + v̂ + Σ_{j<i} (c_ij/h) U_j),
// and q_{n+1} = q_n + Σ m_i U_i, v_{n+1} = v_n + Σ m_i W_i. S is factorized
// once per step (one sparse LDLᵀ, kept when S is unchanged, e.g. on linear
// problems; LU when K_q is nonsymmetric), its pattern analyzed once per run. The embedded weights m̂
// give an error estimate. Transformed coefficients: a = αΓ⁻¹, C = diag(1/γ) − Γ⁻¹, m = bΓ⁻¹, m̂ =
// b̂Γ⁻¹.
#pragma once

#include <Eigen/SparseLU>

#include "integrators/engines/pair_sums.hpp"
#include "integrators/engines/stepper.hpp"
#include "integrators/methods/tableaux/rosenbrock.hpp"
#include "solvers/linear/sparse_assembly.hpp"
#include "solvers/linear/sparse_factorization.hpp"

namespace tibench {

struct RosenbrockTableau {
  Eigen::MatrixXd alpha, Gamma;  // Hairer–Wanner form
  Eigen::VectorXd b, b_hat;      // b_hat empty: no embedded method
  // Relative precision of the coefficients (as ButcherTableau::precision).
  double precision = 0.5e-15;
  int stages() const { return static_cast<int>(b.size()); }
  static RosenbrockTableau from_record(const tableaux::RosenbrockRecord& r);
};

class RosenbrockStepper final : public Stepper {
 public:
  RosenbrockStepper(const Problem& p, const RosenbrockTableau& t, double h);
  StepReport step(State& s) override;

 private:
  // Assembles K_q and S at s; true when S's pattern changed (first call).
  bool assemble(const State& s);
  void assemble_hessian(const State& s);
  bool refill_hessian(const Vec& q);
  // The right-hand side of a stage from f_, sum_w, f_t_ and kq_arg_.
  void stage_rhs(double gamma_i_h, const Vec& sum_w);

  const Problem& p_;
  double gamma_;
  bool has_embedded_ = false;
  Eigen::MatrixXd a_, C_;
  Eigen::VectorXd m_, m_hat_, alpha_i_, gamma_i_;
  bool symmetric_;
  SparseMatrix S_, H_;  // H = −K_q
  // hγ K_q by rows (for the stage products), and the index in H of each
  // of its entries (rebuilt when H's pattern changes).
  Eigen::SparseMatrix<double, Eigen::RowMajor> hg_kq_rows_;
  std::vector<Index> kq_row_source_;
  Triplets triplets_, h_triplets_;
  TripletAssembler s_assembler_, h_assembler_;
  // H_'s values for a refill without positions, and whether the last
  // triplet assembly gave H_ from the problem's hessian() alone.
  std::vector<double> h_values_;
  bool h_positions_known_ = false;
  SymmetricFactorization ldlt_;
  Eigen::SparseLU<SparseMatrix> lu_;
  bool analyzed_ = false, assembled_ = false;
  std::vector<Vec> U_, W_;
  // A linear combination Σ_k coef_k (U_j, W_j)_k with its vectors' data (U_
  // and W_ keep their buffers: they are only assigned at their size). Built
  // once: h and the tableau are fixed.
  using Sum = std::vector<PairTerm>;
  std::vector<Sum> stage_a_, stage_c_;  // per stage: the nonzero a_ij, the nonzero c_ij/h
  Sum update_, error_;                  // the nonzero m_i; every m_i − m̂_i
  Vec q_hat_, v_hat_, f_, f_t_, rhs_, sum_u_, sum_w_, scratch_, kq_arg_;
  Vec zero_;  // the +0.0 base of the sums that start from zero
};

}  // namespace tibench
