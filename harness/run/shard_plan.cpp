// Cost-balanced shard planning (see shard_plan.hpp).
#include "harness/run/shard_plan.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <utility>

namespace tibench {

std::uint64_t cell_cost(const CellSpec& cell) {
  const auto steps = static_cast<std::uint64_t>(step_count(cell.h, cell.t_end));
  return steps * static_cast<std::uint64_t>(std::max(1L, cell.dofs));
}

std::vector<std::uint64_t> cell_costs(const std::vector<CellSpec>& cells) {
  std::vector<std::uint64_t> costs;
  costs.reserve(cells.size());
  for (const auto& c : cells) costs.push_back(cell_cost(c));
  return costs;
}

std::vector<long> plan_shards(const std::vector<std::uint64_t>& costs, long shards) {
  std::vector<long> owner(costs.size(), 0);
  if (shards <= 1) return owner;
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  // Min-heap of (load, shard): the least loaded shard, lower index on ties.
  using Slot = std::pair<std::uint64_t, long>;
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> heap;
  for (long k = 0; k < shards; ++k) heap.push({0, k});
  for (std::size_t i : order) {
    Slot s = heap.top();
    heap.pop();
    owner[i] = s.second;
    s.first += costs[i];
    heap.push(s);
  }
  return owner;
}

std::vector<std::uint64_t> shard_loads(const std::vector<std::uint64_t>& costs,
                                       const std::vector<long>& owner, long shards) {
  std::vector<std::uint64_t> load(static_cast<std::size_t>(std::max(1L, shards)), 0);
  for (std::size_t i = 0; i < costs.size(); ++i)
    load[static_cast<std::size_t>(owner[i])] += costs[i];
  return load;
}

}  // namespace tibench
