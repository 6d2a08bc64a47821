// Sharding: which shard K of N (0 ≤ K < N) this process is. Which cells a
// shard runs is decided by harness/run/shard_plan.hpp (cost-balanced, identical
// in every process, so shards need no communication); `tibench merge` joins
// their files.
//
// Without --shard the shard comes from the launcher's environment. Rank
// sources first, each used only when its size is > 1 (a single-process
// launch says nothing about sharding and falls through):
//   1. OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_SIZE        Open MPI mpirun / prterun
//   2. PMI_RANK / PMI_SIZE                                MPICH/Hydra, Intel MPI,
//                                                         srun --mpi=pmi2
//   3. PMIX_RANK / the first of OMPI_COMM_WORLD_SIZE,     PMIx launchers (srun
//      PMI_SIZE, SLURM_STEP_NUM_TASKS, SLURM_NTASKS      --mpi=pmix, prterun)
//   4. SLURM_PROCID / SLURM_STEP_NUM_TASKS                plain `srun -n N`
// then
//   5. SLURM_ARRAY_TASK_ID with _MIN, _MAX, _STEP, _COUNT (Slurm job arrays):
//      K = (ID − MIN) / STEP, N = COUNT when the array is a regular stepped
//      range; a sparse list (--array=1,4,9) needs --shard-of-array 1,4,9.
// MPI variables come before Slurm's because mpirun inside an allocation
// starts its ranks through per-node srun daemons, whose SLURM_PROCID is the
// node, not the rank. SLURM_PROCID counts only inside an srun step
// (SLURM_STEP_NUM_TASKS is set by srun alone): a batch script of an
// `sbatch -n 4` job has SLURM_PROCID=0, SLURM_NTASKS=4 and is one process.
// A multi-rank launch inside an array task wins over the array (each task
// may run its own matrix); the ignored array is reported in Shard::note.
//
// A sharded run writes `<out>.shard-K-of-N.h5` (so that shards never share a
// file) unless the -o path contains "{shard}", which is replaced by "K-of-N".
#pragma once

#include <functional>
#include <string>

namespace tibench {

struct Shard {
  long index = 0;
  long count = 1;
  std::string source = "none";  // "--shard" or the environment variables used
  std::string note;             // something the user should know ("" if none)
};

using EnvGetter = std::function<const char*(const char*)>;

// Parses "K/N" with 0 ≤ K < N; throws InputError naming the text otherwise.
Shard parse_shard(const std::string& text);
// Reads the variables above through `get` (std::getenv by default).
// `array_ids` is the text of --shard-of-array ("" if not given): the
// ordered task ids of a sparse Slurm array. Throws InputError for malformed
// or inconsistent values, naming the variables.
Shard shard_from_environment(const EnvGetter& get = {}, const std::string& array_ids = "");
// The output file of a shard (see the header comment); unchanged for N = 1.
std::string shard_output_path(const std::string& output, const Shard& shard);

}  // namespace tibench
