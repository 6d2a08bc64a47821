// The triangular solves with a SupernodalCholesky factor, L z = y then
// Lᵀ x = z, on several threads with results independent of their number.
//
// The forward solve is left-looking: supernode J subtracts from its part of
// y the products of its descendants' rows that are J's columns with their
// parts of z, in increasing descendant (the factorization's update lists),
// then solves with its diagonal block; J thus writes only its own part of
// y and reads only its descendants'. The backward solve gathers: J's part
// of x is its diagonal block's transposed solve of its part of z minus its
// rows below times their (ancestors') parts of x. So disjoint subtrees can
// be solved at once, and the order in which they are taken changes no
// operand: the subtrees first and the supernodes above them after, on one
// thread, in the forward solve; those supernodes first, then the subtrees,
// in the backward one.
#include <algorithm>
#include <atomic>
#include <vector>

#include "solvers/linear/dense/dense_kernels.hpp"
#include "solvers/linear/supernodal_cholesky.hpp"

namespace tibench {

// Subtrees of at most an eighth of L's values each (so that two threads
// can balance them), found by splitting the largest from the roots down;
// the supernodes split on the way are the top. A subtree is a range of
// supernodes: CHOLMOD's supernodes are in postorder.
void SupernodalCholesky::plan_solves() {
  const int count = supernodes();
  std::vector<double> weight(count, 0.0);
  std::vector<int> first(count);  // the subtree's first supernode
  std::vector<std::vector<int>> kids(count);
  std::vector<int> candidates;
  const double stored = static_cast<double>(values_.size());
  for (int s = 0; s < count; ++s) first[s] = s;
  for (int s = 0; s < count; ++s) {
    weight[s] += static_cast<double>(rows(s)) * columns(s);
    if (parent_[s] < 0) {
      candidates.push_back(s);
      continue;
    }
    const int p = parent_[s];
    first[p] = std::min(first[p], first[s]);
    kids[p].push_back(s);
    weight[p] += weight[s];
  }
  solve_top_.clear();
  for (;;) {
    const auto largest = std::max_element(candidates.begin(), candidates.end(),
                                          [&](int a, int b) { return weight[a] < weight[b]; });
    if (largest == candidates.end() || weight[*largest] <= stored / 8 || kids[*largest].empty())
      break;
    const int s = *largest;
    candidates.erase(largest);
    solve_top_.push_back(s);
    candidates.insert(candidates.end(), kids[s].begin(), kids[s].end());
  }
  std::sort(solve_top_.begin(), solve_top_.end());
  std::sort(candidates.begin(), candidates.end(),
            [&](int a, int b) { return weight[a] != weight[b] ? weight[a] > weight[b] : a < b; });
  solve_subtrees_.clear();
  for (int s : candidates) solve_subtrees_.push_back({first[s], s});
}

void SupernodalCholesky::forward(int s, double* y, double* t) const {
  const auto& k = dense::kernels();
  const int first = pattern_.first_column[s];
  for (int u = update_start_[s]; u < update_start_[s + 1]; ++u) {
    const Update& d = updates_[u];
    const int* r = pattern_.rows.data() + pattern_.row_start[d.descendant];
    const int m = d.end - d.begin;
    k.product(m, columns(d.descendant), block(d.descendant) + d.begin, rows(d.descendant),
              y + pattern_.first_column[d.descendant], t);
    for (int i = 0; i < m; ++i) y[r[d.begin + i]] -= t[i];
  }
  k.solve_lower(columns(s), block(s), rows(s), y + first);
}

void SupernodalCholesky::backward(int s, double* y, double* t) const {
  const int m = rows(s), n = columns(s), first = pattern_.first_column[s];
  const int* r = pattern_.rows.data() + pattern_.row_start[s];
  if (m > n) {
    for (int i = n; i < m; ++i) t[i - n] = y[r[i]];
    double* u = t + (m - n);
    dense::kernels().product_transposed(m - n, n, block(s) + n, m, t, u);
    for (int j = 0; j < n; ++j) y[first + j] -= u[j];
  }
  dense::kernels().solve_lower_transposed(n, block(s), m, y + first);
}

// Below kParallelValues stored values (about a millisecond of solve) a
// thread costs more than it saves.
void SupernodalCholesky::solve(double* y, int threads) const {
  constexpr double kParallelValues = 1e6;
  const bool parallel = threads > 1 && static_cast<double>(values_.size()) >= kParallelValues &&
                        solve_subtrees_.size() > 1;
  const int used = parallel ? threads : 1;
  auto& work = solve_work_;
  while (static_cast<int>(work.size()) < used) work.emplace_back(static_cast<std::size_t>(n_));
  const auto each_subtree = [&](bool forward_pass) {
    std::atomic<std::size_t> next{0};
    on_threads(used, [&](int thread) {
      double* t = work[thread].data();
      for (std::size_t i; (i = next++) < solve_subtrees_.size();) {
        const auto [lo, hi] = solve_subtrees_[i];
        if (forward_pass)
          for (int s = lo; s <= hi; ++s) forward(s, y, t);
        else
          for (int s = hi; s >= lo; --s) backward(s, y, t);
      }
    });
  };
  each_subtree(true);
  for (int s : solve_top_) forward(s, y, work[0].data());
  for (auto s = solve_top_.rbegin(); s != solve_top_.rend(); ++s) backward(*s, y, work[0].data());
  each_subtree(false);
}

}  // namespace tibench
