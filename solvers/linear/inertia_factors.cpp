#include "solvers/linear/inertia_factors.hpp"

#include "solvers/stage_solver.hpp"

namespace tibench {

const InertiaFactors::Factor* InertiaFactors::find(const Vec& inertia) const {
  for (const auto& f : factors_)
    if (same_values(f->inertia, inertia)) return &f->llt;
  return nullptr;
}

const InertiaFactors::Factor* InertiaFactors::get(const Vec& inertia, const Triplets& K) {
  if (const Factor* f = find(inertia)) return f;
  const Index n = inertia.size();
  Triplets entries = K;
  for (Index i = 0; i < n; ++i) entries.emplace_back(i, i, inertia[i]);
  SparseMatrix A(n, n);
  A.setFromTriplets(entries.begin(), entries.end());
  auto f = std::make_unique<Entry>();
  f->inertia = inertia;
  f->llt.compute(A);
  if (f->llt.info() != Eigen::Success) return nullptr;
  constexpr std::size_t kMaxFactors = 8;
  if (factors_.size() == kMaxFactors) factors_.erase(factors_.begin());
  factors_.push_back(std::move(f));
  return &factors_.back()->llt;
}

}  // namespace tibench
