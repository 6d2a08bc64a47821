// Shard selection: --shard K/N parsing, every launcher's environment and
// their precedence, output names, and the cost-balanced plan (disjoint,
// covering, deterministic, better balanced than round-robin).
#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <map>
#include <numeric>

#include "core/parameters.hpp"
#include "harness/run/matrix.hpp"
#include "harness/run/shard.hpp"
#include "harness/run/shard_plan.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using Env = std::map<std::string, std::string>;

Shard from(const Env& env, const std::string& array_ids = "") {
  return shard_from_environment(
      [&](const char* name) -> const char* {
        const auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
      },
      array_ids);
}

void expect_shard(const Shard& s, long k, long n, const std::string& source_start) {
  EXPECT_EQ(s.index, k);
  EXPECT_EQ(s.count, n);
  EXPECT_EQ(s.source.rfind(source_start, 0), 0u) << s.source;
}

std::string error_of(const Env& env, const std::string& array_ids = "") {
  try {
    (void)from(env, array_ids);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Shard, ParsesKOverN) {
  const Shard s = parse_shard("2/5");
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 5);
  for (const char* bad : {"5/5", "-1/2", "1", "a/b", "1/0", "1/2/3", ""})
    EXPECT_THROW((void)parse_shard(bad), InputError) << bad;
}

TEST(Shard, ReadsEachMpiLauncher) {
  expect_shard(from({}), 0, 1, "none");
  expect_shard(from({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}}), 1, 2,
               "OMPI_COMM_WORLD_RANK");
  expect_shard(from({{"PMI_RANK", "3"}, {"PMI_SIZE", "4"}}), 3, 4, "PMI_RANK");
  // PMIx publishes no size variable of its own: the launcher's is used.
  expect_shard(from({{"PMIX_RANK", "2"}, {"OMPI_COMM_WORLD_SIZE", "3"}}), 2, 3,
               "PMIX_RANK/OMPI_COMM_WORLD_SIZE");
  expect_shard(from({{"PMIX_RANK", "2"}, {"PMI_SIZE", "5"}}), 2, 5, "PMIX_RANK/PMI_SIZE");
  expect_shard(from({{"PMIX_RANK", "1"},
                     {"SLURM_PROCID", "1"},
                     {"SLURM_STEP_NUM_TASKS", "6"},
                     {"SLURM_NTASKS", "6"}}),
               1, 6, "PMIX_RANK/SLURM_STEP_NUM_TASKS");
  expect_shard(from({{"PMIX_RANK", "1"}, {"SLURM_NTASKS", "2"}}), 1, 2, "PMIX_RANK/SLURM_NTASKS");
  EXPECT_NE(error_of({{"PMIX_RANK", "1"}}).find("no launch size"), std::string::npos);
  EXPECT_NE(error_of({{"PMI_RANK", "4"}, {"PMI_SIZE", "4"}}).find("PMI_RANK='4' PMI_SIZE='4'"),
            std::string::npos);
  EXPECT_NE(error_of({{"PMI_RANK", "x"}, {"PMI_SIZE", "4"}}).find("PMI_RANK='x'"),
            std::string::npos);
}

TEST(Shard, SrunStepsShardButBatchScriptsDoNot) {
  expect_shard(from({{"SLURM_PROCID", "2"}, {"SLURM_STEP_NUM_TASKS", "4"}, {"SLURM_NTASKS", "4"}}),
               2, 4, "SLURM_PROCID/SLURM_STEP_NUM_TASKS");
  // A single sbatch job: shard 0/1, nothing to say.
  Shard s = from({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "1"}, {"SLURM_JOB_ID", "7"}});
  expect_shard(s, 0, 1, "none");
  EXPECT_EQ(s.note, "");
  // The batch script of `sbatch -n 4`: one process (srun alone sets the
  // step variables), told how to shard.
  s = from({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "4"}});
  expect_shard(s, 0, 1, "none");
  EXPECT_NE(s.note.find("not an srun step"), std::string::npos) << s.note;
  // `srun -n 1`: a one-task step.
  expect_shard(from({{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_TASKS", "1"}}), 0, 1, "none");
}

TEST(Shard, MpiComesBeforeSlurmAndSingleRankLaunchesFallThrough) {
  // mpirun inside an allocation: the ranks' SLURM_PROCID is their node.
  expect_shard(from({{"OMPI_COMM_WORLD_RANK", "3"},
                     {"OMPI_COMM_WORLD_SIZE", "4"},
                     {"PMIX_RANK", "3"},
                     {"SLURM_PROCID", "1"},
                     {"SLURM_STEP_NUM_TASKS", "2"}}),
               3, 4, "OMPI_COMM_WORLD_RANK");
  expect_shard(from({{"PMI_RANK", "1"},
                     {"PMI_SIZE", "2"},
                     {"SLURM_PROCID", "1"},
                     {"SLURM_STEP_NUM_TASKS", "2"}}),
               1, 2, "PMI_RANK");
  // A multi-rank launch inside an array task wins; the array is reported.
  Shard s = from({{"OMPI_COMM_WORLD_RANK", "0"},
                  {"OMPI_COMM_WORLD_SIZE", "2"},
                  {"SLURM_ARRAY_TASK_ID", "5"},
                  {"SLURM_ARRAY_TASK_MIN", "0"},
                  {"SLURM_ARRAY_TASK_MAX", "7"},
                  {"SLURM_ARRAY_TASK_COUNT", "8"}});
  expect_shard(s, 0, 2, "OMPI_COMM_WORLD_RANK");
  EXPECT_NE(s.note.find("SLURM_ARRAY_TASK_ID=5 ignored"), std::string::npos) << s.note;
  // `mpirun -n 1` inside an array task: the array gives the shard.
  expect_shard(from({{"OMPI_COMM_WORLD_RANK", "0"},
                     {"OMPI_COMM_WORLD_SIZE", "1"},
                     {"SLURM_ARRAY_TASK_ID", "5"},
                     {"SLURM_ARRAY_TASK_MIN", "0"},
                     {"SLURM_ARRAY_TASK_MAX", "7"},
                     {"SLURM_ARRAY_TASK_COUNT", "8"}}),
               5, 8, "SLURM_ARRAY_TASK_ID");
}

Env array(const std::string& id, const std::string& min, const std::string& max,
          const std::string& step, const std::string& count) {
  return {{"SLURM_ARRAY_TASK_ID", id},
          {"SLURM_ARRAY_TASK_MIN", min},
          {"SLURM_ARRAY_TASK_MAX", max},
          {"SLURM_ARRAY_TASK_STEP", step},
          {"SLURM_ARRAY_TASK_COUNT", count},
          {"SLURM_PROCID", "0"},
          {"SLURM_NTASKS", "1"}};
}

TEST(Shard, ReadsRegularAndSteppedSlurmArrays) {
  expect_shard(from(array("0", "0", "7", "1", "8")), 0, 8, "SLURM_ARRAY_TASK_ID");
  expect_shard(from(array("3", "1", "3", "1", "3")), 2, 3, "SLURM_ARRAY_TASK_ID");
  // --array=0-14:2: tasks 0, 2, ..., 14.
  for (long id = 0; id <= 14; id += 2)
    expect_shard(from(array(std::to_string(id), "0", "14", "2", "8")), id / 2, 8,
                 "SLURM_ARRAY_TASK_ID");
  // --array=5-20:5 and a one-task array.
  expect_shard(from(array("15", "5", "20", "5", "4")), 2, 4, "SLURM_ARRAY_TASK_ID");
  expect_shard(from(array("9", "9", "9", "1", "1")), 0, 1, "SLURM_ARRAY_TASK_ID");
  // Without SLURM_ARRAY_TASK_COUNT (older Slurm) the range gives N.
  Env no_count = array("4", "0", "8", "4", "3");
  no_count.erase("SLURM_ARRAY_TASK_COUNT");
  expect_shard(from(no_count), 1, 3, "SLURM_ARRAY_TASK_ID");
}

TEST(Shard, ExtremeOrNegativeEnvironmentValuesAreRefusedNotOverflowed) {
  for (const auto& [id, min, max] :
       {std::tuple{"9223372036854775807", "-9223372036854775807", "9223372036854775807"},
        std::tuple{"1", "-5", "3"}, std::tuple{"4294967296", "0", "4294967296"}}) {
    const std::string m = error_of(array(id, min, max, "1", ""));
    EXPECT_NE(m.find("expected an integer 0 ... 2147483647"), std::string::npos) << m;
  }
}

TEST(Shard, SparseArraysNeedTheirTaskList) {
  // --array=1,4,9: whatever step Slurm reports, the variables describe no
  // regular range, so the shard cannot be derived.
  for (const char* step : {"1", "3", "8"}) {
    const std::string e = error_of(array("4", "1", "9", step, "3"));
    EXPECT_NE(e.find("not a regular stepped range"), std::string::npos) << e;
    EXPECT_NE(e.find("--shard-of-array"), std::string::npos) << e;
    EXPECT_NE(e.find("SLURM_ARRAY_TASK_ID=4"), std::string::npos) << e;
  }
  expect_shard(from(array("1", "1", "9", "1", "3"), "1,4,9"), 0, 3, "SLURM_ARRAY_TASK_ID");
  expect_shard(from(array("4", "1", "9", "1", "3"), "1,4,9"), 1, 3, "SLURM_ARRAY_TASK_ID");
  expect_shard(from(array("9", "1", "9", "1", "3"), "1,4,9"), 2, 3, "SLURM_ARRAY_TASK_ID");
  EXPECT_NE(error_of(array("5", "1", "9", "1", "3"), "1,4,9").find("not in --shard-of-array"),
            std::string::npos);
  EXPECT_NE(error_of(array("4", "1", "9", "1", "4"), "1,4,9").find("SLURM_ARRAY_TASK_COUNT=4"),
            std::string::npos);
  for (const char* bad : {"1,4,4", "1,x", "1,4,", "-1,2"})
    EXPECT_NE(error_of(array("4", "1", "9", "1", "3"), bad).find("invalid --shard-of-array"),
              std::string::npos)
        << bad;
  EXPECT_NE(error_of({}, "1,4,9").find("SLURM_ARRAY_TASK_ID is not set"), std::string::npos);
  EXPECT_NE(error_of({{"PMI_RANK", "0"}, {"PMI_SIZE", "2"}}, "1,4,9").find("multi-rank"),
            std::string::npos);
}

TEST(Shard, OutputNamesNeverCollide) {
  EXPECT_EQ(shard_output_path("out.h5", {0, 1, "", ""}), "out.h5");
  EXPECT_EQ(shard_output_path("r/out.h5", {1, 4, "", ""}), "r/out.shard-1-of-4.h5");
  EXPECT_EQ(shard_output_path("out", {1, 4, "", ""}), "out.shard-1-of-4.h5");
  EXPECT_EQ(shard_output_path("s{shard}.h5", {2, 3, "", ""}), "s2-of-3.h5");
}

// Costs of a made-up matrix with a wide spread, as real matrices have.
std::vector<std::uint64_t> spread_costs(std::size_t n) {
  std::vector<std::uint64_t> c(n);
  for (std::size_t i = 0; i < n; ++i) c[i] = 1 + (i * 7919) % 97 * ((i % 5 == 0) ? 400 : 3);
  return c;
}

TEST(ShardPlan, ShardsAreDisjointCoverAndAreDeterministic) {
  for (std::size_t cells : {0u, 1u, 7u, 23u, 200u})
    for (long n = 1; n <= 40; ++n) {
      const auto costs = spread_costs(cells);
      const auto owner = plan_shards(costs, n);
      ASSERT_EQ(owner.size(), cells);
      for (long o : owner) {
        EXPECT_GE(o, 0);
        EXPECT_LT(o, n);
      }
      // Each cell has exactly one owner by construction; the loads add up.
      const auto loads = shard_loads(costs, owner, n);
      EXPECT_EQ(std::accumulate(loads.begin(), loads.end(), std::uint64_t{0}),
                std::accumulate(costs.begin(), costs.end(), std::uint64_t{0}));
      EXPECT_EQ(plan_shards(costs, n), owner) << "same inputs, same plan";
    }
  // Ties go to the lower index: equal costs over 2 shards alternate.
  EXPECT_EQ(plan_shards({5, 5, 5, 5}, 2), (std::vector<long>{0, 1, 0, 1}));
  EXPECT_EQ(plan_shards({1, 9, 4, 4}, 2), (std::vector<long>{1, 0, 1, 1}));
}

double imbalance(const std::vector<std::uint64_t>& loads) {
  const double total = std::accumulate(loads.begin(), loads.end(), 0.0);
  return static_cast<double>(*std::max_element(loads.begin(), loads.end())) /
         (total / static_cast<double>(loads.size()));
}

TEST(ShardPlan, BalancesTheDefaultMatrixBetterThanRoundRobin) {
  const Matrix m = load_matrix(test::source_dir() + "/harness/matrices/default.toml");
  const auto costs = cell_costs(m.cells);
  for (const auto& c : m.cells) EXPECT_GT(c.dofs, 0) << c.problem_key() << ": dofs recorded";
  for (long n : {2L, 4L, 8L}) {
    std::vector<long> round_robin(costs.size());
    for (std::size_t i = 0; i < costs.size(); ++i) round_robin[i] = static_cast<long>(i) % n;
    const double lpt = imbalance(shard_loads(costs, plan_shards(costs, n), n));
    const double rr = imbalance(shard_loads(costs, round_robin, n));
    std::printf("default.toml, %zu cells, N = %ld: max/mean shard cost %.6f (round-robin %.4f)\n",
                costs.size(), n, lpt, rr);
    EXPECT_LT(lpt, rr);
    // Greedy list scheduling: no shard exceeds the mean by more than one cell.
    const auto loads = shard_loads(costs, plan_shards(costs, n), n);
    const double mean = std::accumulate(loads.begin(), loads.end(), 0.0) / static_cast<double>(n);
    EXPECT_LE(static_cast<double>(*std::max_element(loads.begin(), loads.end())),
              mean + static_cast<double>(*std::max_element(costs.begin(), costs.end())));
  }
}

}  // namespace
}  // namespace tibench
