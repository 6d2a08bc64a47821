// One Newton system of the ball-scaling rows, solved from its matrix by
// CHOLMOD and by conjugate gradients (Eigen's and PETSc's): how the cost of
// one linear solve grows with the mesh. The matrix is the ball's stage matrix
// M/τ² + ∇²P(q₀) (each element's Hessian projected onto PSD, τ = h = 5 ms;
// ball-scaling-5k, -20k, -80k, bench/workloads.cpp), the right-hand side a
// fixed ramp. Every iteration is what a Newton iteration with a fresh
// Hessian pays: the matrix's values change (by 1e-9 in one entry, so that
// nothing is kept as equal), then
//   cholmod         numeric factorization (the analysis is kept, as in
//                   linear_solver=cholmod) and one solve;
//   cg-jacobi       Eigen's conjugate gradients, diagonal preconditioner;
//   petsc-cg-jacobi PETSc's KSPCG with PCJACOBI;
//   petsc-cg-gamg   PETSc's KSPCG with PCGAMG (unsmoothed aggregation),
//                   block size 3 and the rigid-body near-null space from
//                   the nodes' coordinates, as PETSc's manual asks for
//                   elasticity, interpolation reused across the matrices;
// PETSc's matrices without i-nodes (measured below). The iterative solvers
// stop at ‖b − A x‖ ≤ 1e-10 ‖b‖ (unpreconditioned),
// the direct one's residual is printed beside them (rel_residual).
// Rows: stage-solve/<workload>/<solver>, counters solves_per_s, iterations,
// rel_residual, tets; the ratio table fits each solver's exponent of the
// time per solve against tetrahedra.
#include <Eigen/IterativeLinearSolvers>
#include <string>

#include "bench/suite.hpp"
#include "solvers/linear/sparse_factorization.hpp"

#ifdef TIBENCH_BENCH_PETSC
#include <petscksp.h>

#include "bench/petsc_common.hpp"
#endif

namespace tibench::bench {
namespace {

constexpr double kRelativeTolerance = 1e-10;

struct StageSystem {
  SparseMatrix A;
  Vec b;
  Vec coordinates;  // the nodes' rest positions, three per node as the dofs
  double tets = 0;
};

StageSystem stage_system(const Workload& w) {
  const auto p = w.make();
  StageSystem s;
  s.A = stage_matrix(*p, w.h_implicit, true);
  s.b = Vec::LinSpaced(s.A.rows(), -1.0, 2.0);
  s.coordinates = p->initial_state().q;
  for (const auto& [key, value] : p->provenance())
    if (key == "mesh_tets") s.tets = std::stod(value);
  return s;
}

// A value change, so that no solver may keep its previous setup as equal.
void touch(SparseMatrix& A, long iteration) {
  A.valuePtr()[0] += (iteration % 2 == 0 ? 1e-9 : -1e-9);
}

void set_solve_counters(benchmark::State& state, const StageSystem& s, const Vec& x,
                        double iterations) {
  state.counters["solves_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["iterations"] = iterations;
  state.counters["rel_residual"] = (s.b - s.A * x).norm() / s.b.norm();
  state.counters["tets"] = s.tets;
}

void run_cholmod(benchmark::State& state, const Workload& w) {
  StageSystem s = stage_system(w);
  SymmetricFactorization f(LinearSolver::cholmod, false);
  if (!f.factorize(s.A, true).positive_definite) {
    state.SkipWithError("CHOLMOD refused the stage matrix");
    return;
  }
  Vec x(s.A.rows());
  long k = 0;
  for (auto _ : state) {
    touch(s.A, k++);
    f.factorize(s.A, false);
    f.solve(s.b, x);
    benchmark::DoNotOptimize(x.data());
  }
  set_solve_counters(state, s, x, 0);
}

void run_cg_jacobi(benchmark::State& state, const Workload& w) {
  StageSystem s = stage_system(w);
  Eigen::ConjugateGradient<SparseMatrix, Eigen::Lower | Eigen::Upper> cg;
  cg.setTolerance(kRelativeTolerance);
  cg.setMaxIterations(10 * s.A.rows());
  Vec x(s.A.rows());
  long k = 0;
  for (auto _ : state) {
    touch(s.A, k++);
    cg.compute(s.A);
    x = cg.solve(s.b);
    benchmark::DoNotOptimize(x.data());
  }
  if (cg.info() != Eigen::Success) {
    state.SkipWithError("conjugate gradients did not reach the tolerance");
    return;
  }
  set_solve_counters(state, s, x, static_cast<double>(cg.iterations()));
}

#ifdef TIBENCH_BENCH_PETSC
// The stage matrix as PETSc's SEQAIJ (A is symmetric, so its compressed
// columns are the compressed rows PETSc takes).
Mat petsc_matrix(const SparseMatrix& A) {
  const auto n = static_cast<PetscInt>(A.rows());
  std::vector<PetscInt> rows(A.outerIndexPtr(), A.outerIndexPtr() + A.rows() + 1);
  std::vector<PetscInt> cols(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros());
  Mat M;
  MatCreate(PETSC_COMM_SELF, &M);
  MatSetSizes(M, n, n, n, n);
  MatSetType(M, MATSEQAIJ);
  MatSetBlockSize(M, 3);
  MatSeqAIJSetPreallocationCSR(M, rows.data(), cols.data(), A.valuePtr());
  MatSetOption(M, MAT_SYMMETRIC, PETSC_TRUE);
  MatSetOption(M, MAT_SPD, PETSC_TRUE);
  // -mat_no_inode: PETSc's i-node product took 2.2 (80k) and 1.3 (20k)
  // times as long as the plain one on these matrices, 0.6 times at 5k.
  MatSetOption(M, MAT_USE_INODES, PETSC_FALSE);
  return M;
}

void copy_values(const SparseMatrix& A, Mat M) {
  PetscScalar* values;
  MatSeqAIJGetArray(M, &values);
  std::copy(A.valuePtr(), A.valuePtr() + A.nonZeros(), values);
  MatSeqAIJRestoreArray(M, &values);
  MatAssemblyBegin(M, MAT_FINAL_ASSEMBLY);
  MatAssemblyEnd(M, MAT_FINAL_ASSEMBLY);
}

void attach_rigid_body_modes(const Vec& coordinates, Mat M) {
  ::Vec xyz;
  VecCreateSeq(PETSC_COMM_SELF, static_cast<PetscInt>(coordinates.size()), &xyz);
  VecSetBlockSize(xyz, 3);
  fill_petsc(xyz, coordinates);
  MatNullSpace modes;
  MatNullSpaceCreateRigidBody(xyz, &modes);
  MatSetNearNullSpace(M, modes);
  MatNullSpaceDestroy(&modes);
  VecDestroy(&xyz);
}

// KSPCG with `pc_type`; GAMG unsmoothed (-pc_gamg_agg_nsmooths 0), which
// took half the time of PETSc's default of one smoothing step on the 5k and
// 20k balls at 2 more iterations; PETSC_OPTIONS may override either.
KSP petsc_cg(Mat M, PCType pc_type) {
  KSP ksp;
  KSPCreate(PETSC_COMM_SELF, &ksp);
  KSPSetType(ksp, KSPCG);
  KSPSetNormType(ksp, KSP_NORM_UNPRECONDITIONED);
  KSPSetTolerances(ksp, kRelativeTolerance, 0.0, PETSC_DEFAULT, 100000);
  PC pc;
  KSPGetPC(ksp, &pc);
  PCSetType(pc, pc_type);
  if (std::string(pc_type) == PCGAMG) {
    PCGAMGSetNSmooths(pc, 0);
    PCGAMGSetReuseInterpolation(pc, PETSC_TRUE);
  }
  KSPSetOperators(ksp, M, M);
  KSPSetFromOptions(ksp);
  return ksp;
}

void run_petsc_cg(benchmark::State& state, const Workload& w, PCType pc_type) {
  StageSystem s = stage_system(w);
  Mat M = petsc_matrix(s.A);
  attach_rigid_body_modes(s.coordinates, M);
  KSP ksp = petsc_cg(M, pc_type);
  ::Vec b, x;
  MatCreateVecs(M, &x, &b);
  fill_petsc(b, s.b);
  KSPConvergedReason reason = KSP_CONVERGED_ITERATING;
  PetscInt iterations = 0;
  long k = 0;
  for (auto _ : state) {
    touch(s.A, k++);
    copy_values(s.A, M);
    KSPSolve(ksp, b, x);
    KSPGetConvergedReason(ksp, &reason);
    KSPGetIterationNumber(ksp, &iterations);
  }
  Vec ours(s.A.rows());
  read_petsc(x, ours);
  VecDestroy(&x);
  VecDestroy(&b);
  KSPDestroy(&ksp);
  MatDestroy(&M);
  if (reason <= 0) {
    state.SkipWithError("PETSc's KSPCG did not converge");
    return;
  }
  set_solve_counters(state, s, ours, static_cast<double>(iterations));
}
#endif

}  // namespace

void register_stage_solves() {
  struct Solver {
    const char* name;
    void (*run)(benchmark::State&, const Workload&);
    const char* settings;  // a peer's, printed with the table; nullptr for ours and Eigen's
  };
  std::vector<Solver> solvers = {{"cg-jacobi", run_cg_jacobi, nullptr}};
  if (linear_solver_available("cholmod"))
    solvers.insert(solvers.begin(), {"cholmod", run_cholmod, nullptr});
#ifdef TIBENCH_BENCH_PETSC
  const std::string petsc =
      "KSPCG, KSP_NORM_UNPRECONDITIONED, rtol 1e-10, atol 0, from x = 0, "
      "SEQAIJ block size 3 without i-nodes (-mat_no_inode), ";
  static const std::string jacobi = petsc + "PCJACOBI (" + petsc_version() + ")";
  static const std::string gamg =
      petsc +
      "PCGAMG agg, -pc_gamg_agg_nsmooths 0, rigid-body near-null space "
      "(MatNullSpaceCreateRigidBody), interpolation reused, other options PETSc's "
      "defaults (" +
      petsc_version() + ")";
  solvers.push_back({"petsc-cg-jacobi",
                     [](benchmark::State& st, const Workload& w) { run_petsc_cg(st, w, PCJACOBI); },
                     jacobi.c_str()});
  solvers.push_back({"petsc-cg-gamg",
                     [](benchmark::State& st, const Workload& w) { run_petsc_cg(st, w, PCGAMG); },
                     gamg.c_str()});
#endif
  for (const char* id : {"ball-scaling-5k", "ball-scaling-20k", "ball-scaling-80k"}) {
    const Workload& w = workload(id);
    for (const Solver& s : solvers) {
      const std::string name = std::string("stage-solve/") + id + "/" + s.name;
      benchmark::RegisterBenchmark(name.c_str(),
                                   [&w, run = s.run](benchmark::State& st) { run(st, w); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      if (s.settings) describe_peer(name, s.settings);
    }
  }
}

}  // namespace tibench::bench
