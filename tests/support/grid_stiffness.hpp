// A 3-D body's stiffness pattern for the sparse factorizations' tests.
#pragma once

#include <vector>

#include "problems/problem.hpp"

namespace tibench::test {

// A 3-D body's stiffness pattern: an n³ grid of nodes with three dofs each,
// every node coupled to its 26 neighbours, diagonally dominant (SPD).
inline SparseMatrix grid_stiffness(int n) {
  const auto node = [n](int i, int j, int k) { return (i * n + j) * n + k; };
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        for (int di = -1; di <= 1; ++di)
          for (int dj = -1; dj <= 1; ++dj)
            for (int dk = -1; dk <= 1; ++dk) {
              const int a = i + di, b = j + dj, c = k + dk;
              if (a < 0 || b < 0 || c < 0 || a >= n || b >= n || c >= n) continue;
              for (int r = 0; r < 3; ++r)
                for (int s = 0; s < 3; ++s) {
                  const Index row = 3 * node(i, j, k) + r, col = 3 * node(a, b, c) + s;
                  if (row < col) continue;
                  t.emplace_back(row, col, row == col ? 100.0 : -0.1);
                }
            }
  SparseMatrix A(3 * n * n * n, 3 * n * n * n);
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

}  // namespace tibench::test
