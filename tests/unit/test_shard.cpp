// Shard selection: --shard K/N parsing, the MPI/Slurm environment, output
// names, and that shards partition the cells.
#include <gtest/gtest.h>

#include <map>

#include "harness/shard.hpp"
#include "problems/parameters.hpp"

namespace tibench {
namespace {

TEST(Shard, ParsesKOverN) {
  const Shard s = parse_shard("2/5");
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 5);
  for (const char* bad : {"5/5", "-1/2", "1", "a/b", "1/0", "1/2/3", ""})
    EXPECT_THROW((void)parse_shard(bad), InputError) << bad;
}

TEST(Shard, ShardsPartitionTheCells) {
  for (long n = 1; n <= 4; ++n) {
    std::vector<int> owners(23, 0);
    for (long k = 0; k < n; ++k)
      for (std::size_t i = 0; i < owners.size(); ++i) owners[i] += Shard{k, n, ""}.contains(i);
    for (int o : owners) EXPECT_EQ(o, 1);
  }
}

Shard from(const std::map<std::string, std::string>& env) {
  return shard_from_environment([&](const char* name) -> const char* {
    const auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

TEST(Shard, ReadsMpiAndSlurmEnvironments) {
  EXPECT_EQ(from({}).count, 1);
  Shard s = from({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}});
  EXPECT_EQ(s.index, 1);
  EXPECT_EQ(s.count, 2);
  s = from({{"PMI_RANK", "3"}, {"PMI_SIZE", "4"}});
  EXPECT_EQ(s.index, 3);
  // Slurm arrays may start at 1: the shard counts from SLURM_ARRAY_TASK_MIN.
  s = from({{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_COUNT", "3"},
            {"SLURM_ARRAY_TASK_MIN", "1"}});
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 3);
  // Open MPI wins over Slurm when both are set (mpirun inside an allocation).
  s = from({{"OMPI_COMM_WORLD_RANK", "0"}, {"OMPI_COMM_WORLD_SIZE", "2"},
            {"SLURM_ARRAY_TASK_ID", "5"}, {"SLURM_ARRAY_TASK_COUNT", "8"}});
  EXPECT_EQ(s.count, 2);
  EXPECT_THROW((void)from({{"PMI_RANK", "4"}, {"PMI_SIZE", "4"}}), InputError);
  EXPECT_THROW((void)from({{"PMI_RANK", "x"}, {"PMI_SIZE", "4"}}), InputError);
}

TEST(Shard, OutputNamesNeverCollide) {
  EXPECT_EQ(shard_output_path("out.h5", {0, 1, ""}), "out.h5");
  EXPECT_EQ(shard_output_path("r/out.h5", {1, 4, ""}), "r/out.shard-1-of-4.h5");
  EXPECT_EQ(shard_output_path("out", {1, 4, ""}), "out.shard-1-of-4.h5");
  EXPECT_EQ(shard_output_path("s{shard}.h5", {2, 3, ""}), "s2-of-3.h5");
}

}  // namespace
}  // namespace tibench
