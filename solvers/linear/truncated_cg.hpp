// Truncated conjugate gradient for the Newton direction of Gast & Schroeder
// 2014 §3.1: solve H d = b (b = −∇E) from d = 0 to a relative residual
// ‖b − H d‖₂ ≤ η ‖b‖₂, and stop at the first direction of non-positive
// curvature pᵀ H p ≤ 0, returning the last iterate (b itself if that happens
// on the first iteration). Every iterate of CG from zero is then a descent
// direction of E (Steihaug 1983; Nocedal & Wright 2006 Alg. 7.1), so no
// indefiniteness correction is needed.
//
// Preconditioning: Jacobi (D = diag H) when every diagonal entry is
// positive, none otherwise (Gast & Schroeder do not state theirs; with a
// diagonal preconditioner the iterates remain descent directions).
// H is read from its lower triangle.
#pragma once

#include "problems/problem.hpp"

namespace tibench {

struct TruncatedCgResult {
  int iterations = 0;
  bool negative_curvature = false;  // stopped on pᵀHp ≤ 0
  bool reached_tolerance = false;
  double relative_residual = 1.0;  // ‖b − H d‖₂ / ‖b‖₂ at exit
};

TruncatedCgResult truncated_cg(const SparseMatrix& H, const Vec& b, double eta, int max_iterations,
                               bool jacobi, Vec& d);

}  // namespace tibench
