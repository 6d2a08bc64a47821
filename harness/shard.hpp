// Sharding: spreading one matrix over several processes or machines.
//
// Shard K of N (0 ≤ K < N) runs the cells whose index i in the full matrix
// (file order) satisfies i mod N = K, so shards are disjoint, cover the
// matrix, and need no communication; `tibench merge` joins their files.
//
// Without --shard the shard comes from the environment, first match wins:
//   OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_SIZE   (Open MPI's mpirun)
//   PMI_RANK / PMI_SIZE                           (MPICH, Intel MPI, srun --mpi=pmi2)
//   SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT  (Slurm job arrays; K counts
//                                                  from SLURM_ARRAY_TASK_MIN)
// so `mpirun -n 8 tibench run --matrix M.toml -o out.h5` or `sbatch --array=0-7`
// needs no flag. A sharded run writes `<out>.shard-K-of-N.h5` (so that shards
// never share a file) unless the -o path contains "{shard}", which is replaced
// by "K-of-N".
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace tibench {

struct Shard {
  long index = 0;
  long count = 1;
  std::string source = "none";  // "--shard" or the environment variables used

  bool contains(std::size_t cell_index) const {
    return static_cast<long>(cell_index % static_cast<std::size_t>(count)) == index;
  }
};

// Parses "K/N" with 0 ≤ K < N; throws InputError naming the text otherwise.
Shard parse_shard(const std::string& text);
// Reads the variables above through `get` (std::getenv by default); throws
// InputError for malformed values, naming the variable.
Shard shard_from_environment(const std::function<const char*(const char*)>& get = {});
// The output file of a shard (see the header comment); unchanged for N = 1.
std::string shard_output_path(const std::string& output, const Shard& shard);

}  // namespace tibench
