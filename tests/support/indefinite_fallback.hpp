// What a CHOLMOD-analyzed SymmetricFactorization does with an indefinite
// matrix, for the tests of both its numeric factorizations.
#pragma once

#include <gtest/gtest.h>

#include "solvers/linear/sparse_factorization.hpp"

namespace tibench::test {

// Only reported when asked to report (no factor), factored by LDLᵀ when
// asked to factor (not positive definite), and that factor solves.
inline void expect_ldlt_fallback(SymmetricFactorization& f, const SparseMatrix& indefinite,
                                 bool analyze, const Vec& b) {
  using Indefinite = SymmetricFactorization::Indefinite;
  EXPECT_FALSE(f.factorize(indefinite, analyze, Indefinite::report).factorized);
  const FactorizationOutcome ldlt = f.factorize(indefinite, false, Indefinite::factor);
  EXPECT_TRUE(ldlt.factorized);
  EXPECT_FALSE(ldlt.positive_definite);
  Vec x;
  f.solve(b, x);
  EXPECT_LT((indefinite.selfadjointView<Eigen::Lower>() * x - b).cwiseAbs().maxCoeff(), 1e-10);
}

}  // namespace tibench::test
