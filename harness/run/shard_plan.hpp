// Which cells each shard runs: a cost-balanced partition of the matrix that
// every process computes identically from the cell list alone, so shards are
// disjoint, cover the matrix and need no communication.
//
// Cost model: a cell's cost is steps × dofs, steps = round(t_end / h) and
// dofs the size of its problem instance (CellSpec::dofs, recorded when the
// matrix builds its problems; 0, i.e. unknown, counts as 1). It is a proxy
// for work, exact in integers: it ignores that implicit methods cost more
// per step than explicit ones and that large FEM solves grow faster than
// linearly in dofs, but it ranks the cells of a matrix (whose step ladders
// span 16× and whose problems span 1 to 10⁴ dofs) well enough to balance.
//
// Assignment: longest processing time first. Cells in order of decreasing
// cost (ties: lower matrix index first) each go to the shard with the least
// cost so far (ties: lower shard index). Integer costs and these tie rules
// make it deterministic across processes and machines.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/run/run_cell.hpp"

namespace tibench {

// Recorded in output files, so that shards planned differently never merge.
inline constexpr const char* kShardScheme = "lpt-steps-x-dofs/1";

std::uint64_t cell_cost(const CellSpec& cell);
std::vector<std::uint64_t> cell_costs(const std::vector<CellSpec>& cells);

// owner[i] = the shard (0 ≤ owner < shards) that runs cell i.
std::vector<long> plan_shards(const std::vector<std::uint64_t>& costs, long shards);

// Per shard: the total cost of its cells under `owner`.
std::vector<std::uint64_t> shard_loads(const std::vector<std::uint64_t>& costs,
                                       const std::vector<long>& owner, long shards);

}  // namespace tibench
