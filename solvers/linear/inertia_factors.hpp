// Cholesky factors of constant global matrices W + K, one per stage inertia
// W = diag(w) (local/global and ADMM: K is fixed per problem, W changes with
// the stage's τ, so an engine needs one to three factors: e.g. τ = h/2 and
// h for the blend). Built on first use and kept; a bound keeps a caller with
// ever-changing inertias (variable steps) from accumulating factors.
#pragma once

#include <Eigen/SparseCholesky>
#include <memory>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

class InertiaFactors {
 public:
  using Factor = Eigen::SimplicialLLT<SparseMatrix>;
  // The factor of diag(inertia) + K, K given by its triplets; null if that
  // matrix is not positive definite. The triplets are read only when no
  // factor for this inertia exists.
  const Factor* get(const Vec& inertia, const Triplets& K);
  // Whether a factor for this inertia exists (so that callers build K only
  // when needed).
  const Factor* find(const Vec& inertia) const;
  void clear() { factors_.clear(); }

 private:
  struct Entry {
    Vec inertia;
    Factor llt;
  };
  std::vector<std::unique_ptr<Entry>> factors_;
};

}  // namespace tibench
