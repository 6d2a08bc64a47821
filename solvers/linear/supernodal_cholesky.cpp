#include "solvers/linear/supernodal_cholesky.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "solvers/linear/dense/dense_kernels.hpp"

namespace tibench {

struct SupernodalCholesky::Workspace {
  std::vector<int> position;    // row → its place among the current supernode's rows
  std::vector<double> product;  // one descendant's update
  explicit Workspace(int n, std::size_t largest) : position(n, -1), product(largest) {}
};

SupernodalCholesky::SupernodalCholesky() = default;
SupernodalCholesky::~SupernodalCholesky() = default;

void SupernodalCholesky::analyze(int n, SupernodalPattern pattern) {
  n_ = n;
  pattern_ = std::move(pattern);
  check_pattern();
  const int count = supernodes();
  value_start_.assign(count + 1, 0);
  for (int s = 0; s < count; ++s)
    value_start_[s + 1] = value_start_[s] + static_cast<long>(rows(s)) * columns(s);
  values_.assign(static_cast<std::size_t>(value_start_[count]), 0.0);
  record_updates();
  workspaces_.clear();
  solve_work_.clear();
  plan_solves();
}

void SupernodalCholesky::check_pattern() const {
  const auto bad = [](const std::string& what) {
    throw std::invalid_argument("supernodal pattern: " + what);
  };
  const auto& p = pattern_;
  if (p.first_column.empty() || p.first_column.size() != p.row_start.size())
    bad("first_column and row_start must have one entry per supernode and one more");
  if (p.first_column.front() != 0 || p.first_column.back() != n_)
    bad("the supernodes must cover columns 0 to " + std::to_string(n_));
  if (p.row_start.front() != 0 || p.row_start.back() != static_cast<int>(p.rows.size()))
    bad("row_start must run from 0 to the number of rows");
  for (int s = 0; s < supernodes(); ++s) {
    if (columns(s) <= 0 || rows(s) < columns(s))
      bad("supernode " + std::to_string(s) + " has no columns or fewer rows than columns");
    const int* r = p.rows.data() + p.row_start[s];
    for (int i = 0; i < rows(s); ++i) {
      if (i < columns(s) ? r[i] != p.first_column[s] + i : r[i] <= r[i - 1] || r[i] >= n_)
        bad("supernode " + std::to_string(s) + "'s rows must be its columns, then increasing");
    }
  }
}

// A supernode whose own work (its updates' products, its diagonal block's
// factorization, its rows' solves) exceeds kSplitFlops is assembled in two
// column halves and solved in two row halves, which two threads can take
// at once: the top separators of a nested dissection are few and large,
// and a quarter of the work (docs/benchmarks.md). The split depends on the
// pattern only, so the arithmetic is the same on any number of threads.
void SupernodalCholesky::record_parts(const std::vector<std::vector<Update>>& into) {
  constexpr double kSplitFlops = 2e6;
  parts_.assign(supernodes(), 1);
  flops_ = 0;
  for (int s = 0; s < supernodes(); ++s) {
    const double n = columns(s), below = rows(s) - n;
    double work = n * n * n / 3 + below * n * n;
    for (const Update& u : into[s])
      work += 2.0 * (rows(u.descendant) - u.begin) * (u.end - u.begin) * columns(u.descendant);
    flops_ += work;
    if (work > kSplitFlops && columns(s) >= 2) parts_[s] = 2;
  }
}

// Descendant d's rows below its columns, grouped by the supernode they are
// columns of (rows increase, so each group is a run): each run is one
// update of that supernode. Visiting d in increasing order lists each
// supernode's updates in increasing d.
void SupernodalCholesky::record_updates() {
  const int count = supernodes();
  std::vector<int> owner(static_cast<std::size_t>(n_));
  for (int s = 0; s < count; ++s)
    for (int j = pattern_.first_column[s]; j < pattern_.first_column[s + 1]; ++j) owner[j] = s;
  parent_.assign(count, -1);
  children_.assign(count, 0);
  std::vector<std::vector<Update>> into(count);
  largest_update_ = 0;
  for (int d = 0; d < count; ++d) {
    const int* r = pattern_.rows.data() + pattern_.row_start[d];
    for (int i = columns(d); i < rows(d);) {
      const int target = owner[r[i]];
      int end = i;
      while (end < rows(d) && owner[r[end]] == target) ++end;
      if (i == columns(d)) {
        parent_[d] = target;
        ++children_[target];
      }
      into[target].push_back({d, i, end});
      largest_update_ =
          std::max(largest_update_, static_cast<std::size_t>(rows(d) - i) * (end - i));
      i = end;
    }
  }
  record_parts(into);
  update_start_.assign(count + 1, 0);
  updates_.clear();
  for (int s = 0; s < count; ++s) {
    updates_.insert(updates_.end(), into[s].begin(), into[s].end());
    update_start_[s + 1] = static_cast<int>(updates_.size());
  }
}

// Supernode s's rows' places in its block, for the scatter of updates.
void SupernodalCholesky::place_rows(int s, Workspace& w) const {
  const int* r = pattern_.rows.data() + pattern_.row_start[s];
  for (int i = 0; i < rows(s); ++i) w.position[r[i]] = i;
}

// Columns [c0, c1) of supernode s: S's entries (zero elsewhere), minus every
// descendant's update of them, in increasing descendant.
void SupernodalCholesky::assemble_columns(int s, int c0, int c1, const SparseMatrix& lower,
                                          Workspace& w) {
  place_rows(s, w);
  const int m = rows(s), first = pattern_.first_column[s];
  double* b = block(s);
  std::fill(b + static_cast<long>(c0) * m, b + static_cast<long>(c1) * m, 0.0);
  for (int j = c0; j < c1; ++j) {
    double* column = b + static_cast<long>(j) * m;
    for (SparseMatrix::InnerIterator it(lower, first + j); it; ++it)
      if (it.row() >= first + j) column[w.position[it.row()]] = it.value();
  }
  for (int k = update_start_[s]; k < update_start_[s + 1]; ++k) {
    const Update& u = updates_[k];
    const int* r = pattern_.rows.data() + pattern_.row_start[u.descendant];
    // The update's rows that are columns c0 … c1 − 1 (a run: rows increase).
    const int begin = static_cast<int>(std::lower_bound(r + u.begin, r + u.end, first + c0) - r);
    const int end = static_cast<int>(std::lower_bound(r + begin, r + u.end, first + c1) - r);
    if (begin < end) subtract_update(s, u.descendant, begin, end, w);
  }
}

// Descendant d's rows [begin, end) are columns of s: subtracts
// L(d)[begin:, :] · L(d)[begin:end, :]ᵀ from those columns.
void SupernodalCholesky::subtract_update(int s, int d, int begin, int end, Workspace& w) {
  const int* r = pattern_.rows.data() + pattern_.row_start[d];
  const int ld = rows(d), m = ld - begin, n = end - begin, first = pattern_.first_column[s];
  dense::kernels().lower_product(m, n, columns(d), block(d) + begin, ld, w.product.data(), m);
  double* b = block(s);
  const int mb = rows(s);
  for (int j = 0; j < n; ++j) {
    double* column = b + static_cast<long>(r[begin + j] - first) * mb;
    const double* c = w.product.data() + static_cast<long>(j) * m;
    for (int i = j; i < m; ++i) column[w.position[r[begin + i]]] -= c[i];
  }
}

// Rows [n + r0, n + r1) of supernode s's block against its diagonal block.
void SupernodalCholesky::solve_rows(int s, int r0, int r1) {
  const int m = rows(s), n = columns(s);
  double* b = block(s);
  if (r1 > r0) dense::kernels().solve_lower_transposed_right(r1 - r0, n, b, m, b + n + r0, m);
}

bool SupernodalCholesky::run(const Task& t, const SparseMatrix& lower, Workspace& w) {
  const int s = t.supernode, parts = parts_[s], n = columns(s), below = rows(s) - n;
  switch (t.phase) {
    case Phase::assemble:
      assemble_columns(s, n * t.part / parts, n * (t.part + 1) / parts, lower, w);
      return true;
    case Phase::factor: return dense::kernels().cholesky(n, block(s), rows(s)) < 0;
    case Phase::solve:
      solve_rows(s, below * t.part / parts, below * (t.part + 1) / parts);
      return true;
  }
  return true;
}

// Every task of supernode s in a fixed order.
bool SupernodalCholesky::factor_serial(const SparseMatrix& lower) {
  Workspace& w = workspace(0);
  for (int s = 0; s < supernodes(); ++s) {
    for (int p = 0; p < parts_[s]; ++p) run({s, Phase::assemble, p}, lower, w);
    if (!run({s, Phase::factor, 0}, lower, w)) return false;
    for (int p = 0; p < parts_[s]; ++p) run({s, Phase::solve, p}, lower, w);
  }
  return true;
}

// The tasks of the supernodes whose children are done, on a stack that the
// threads share: a supernode's assembly parts, then its diagonal block's
// factorization once they are done, then its row parts once that is; a
// parent becomes ready when its last child's last row part is done.
class SupernodalCholesky::Schedule {
 public:
  explicit Schedule(const SupernodalCholesky& f) : f_(f), children_(f.children_) {
    ready_.reserve(static_cast<std::size_t>(f.supernodes()) * 2);
    pending_.assign(f.supernodes(), 0);
    for (int s = f.supernodes() - 1; s >= 0; --s)
      if (children_[s] == 0) start(s);
    remaining_ = f.supernodes();
  }
  // The next task; false when every supernode is done or one failed.
  bool next(Task& t) {
    for (;;) {
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (remaining_ == 0 || failed_) return false;
        if (!ready_.empty()) {
          t = ready_.back();
          ready_.pop_back();
          return true;
        }
      }
      std::this_thread::yield();
    }
  }
  void finish(const Task& t, bool ok) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!ok) failed_ = true;
    const int s = t.supernode, parts = f_.parts_[s];
    if (t.phase == Phase::assemble) {
      if (--pending_[s] == 0) ready_.push_back({s, Phase::factor, 0});
    } else if (t.phase == Phase::factor) {
      pending_[s] = parts;
      for (int p = parts - 1; p >= 0; --p) ready_.push_back({s, Phase::solve, p});
    } else if (--pending_[s] == 0) {
      --remaining_;
      const int parent = f_.parent_[s];
      if (parent >= 0 && --children_[parent] == 0) start(parent);
    }
  }
  bool failed() const { return failed_; }

 private:
  void start(int s) {
    pending_[s] = f_.parts_[s];
    for (int p = f_.parts_[s] - 1; p >= 0; --p) ready_.push_back({s, Phase::assemble, p});
  }
  const SupernodalCholesky& f_;
  std::mutex mutex_;
  std::vector<int> children_, pending_;
  std::vector<Task> ready_;
  int remaining_ = 0;
  bool failed_ = false;
};

bool SupernodalCholesky::factor_parallel(const SparseMatrix& lower, int threads) {
  Schedule schedule(*this);
  for (int t = 0; t < threads; ++t) workspace(t);  // (allocated before the threads start)
  on_threads(threads, [&](int thread) {
    Workspace& w = *workspaces_[thread];
    Task t;
    while (schedule.next(t)) schedule.finish(t, run(t, lower, w));
  });
  return !schedule.failed();
}

void SupernodalCholesky::on_threads(int threads, const std::function<void(int)>& body) {
  std::vector<std::thread> helpers;
  for (int t = 1; t < threads; ++t) helpers.emplace_back(body, t);
  body(0);
  for (auto& h : helpers) h.join();
}

// Kept across factorizations: a thread's update buffer is megabytes on a
// 40k-tetrahedra ball, whose pages a fresh allocation would fault in again.
SupernodalCholesky::Workspace& SupernodalCholesky::workspace(int thread) {
  while (static_cast<int>(workspaces_.size()) <= thread)
    workspaces_.push_back(std::make_unique<Workspace>(n_, largest_update_));
  return *workspaces_[thread];
}

// Below kParallelFlops (about 50 µs of products) starting a thread costs
// more than it saves; the factor is the same either way.
bool SupernodalCholesky::factorize(const SparseMatrix& lower, int threads) {
  constexpr double kParallelFlops = 2e6;
  if (lower.rows() != n_ || lower.cols() != n_ || !lower.isCompressed())
    throw std::invalid_argument("supernodal factorization: the matrix is not the analyzed one");
  return threads <= 1 || supernodes() < 2 || flops_ < kParallelFlops
             ? factor_serial(lower)
             : factor_parallel(lower, threads);
}

}  // namespace tibench
