// Scale-out as users drive it: shards found from a Slurm array's
// environment, the matrix/shard identity of output files, merge refusing
// mismatched or incomplete shard sets, --resume refusing another matrix's
// file, and the per-cell time limit.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_support.hpp"
#include "harness/run/matrix.hpp"
#include "harness/run/run_identity.hpp"
#include "run_files.hpp"
#include "test_files.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::tibench;

// tibench with environment variables set ("A=1 B=2").
test::Outcome tibench_env(const std::string& env, const std::string& args,
                          const std::filesystem::path& dir) {
  const auto out = dir / "env.out", err = dir / "env.err";
  const std::string cmd = "env " + env + " " + test::tibench_exe() + " " + args + " >" +
                          out.string() + " 2>" + err.string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, test::read_file(out), test::read_file(err)};
}

std::string root_string(const std::filesystem::path& file, const char* name) {
  H5::H5File f(file.string(), H5F_ACC_RDONLY);
  return h5::read_string_attr(f.openGroup("/"), name);
}

long long root_int(const std::filesystem::path& file, const char* name) {
  H5::H5File f(file.string(), H5F_ACC_RDONLY);
  return h5::read_int_attr(f.openGroup("/"), name);
}

// A two-cell matrix unlike the smoke matrix.
std::filesystem::path other_matrix(const std::filesystem::path& dir) {
  const auto m = dir / "other.toml";
  test::write_file(
      m,
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\nh = [0.1, 0.05]\n"
      "t_end = 1.0\n");
  return m;
}

TEST(ScaleOut, SparseSlurmArrayNeedsItsTaskListAndThenShards) {
  const auto dir = test::scratch_dir("array");
  const std::string env =
      "SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=9 "
      "SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=3";
  const std::string run =
      "run --matrix " + test::smoke_matrix() + " -q -o " + (dir / "a.h5").string();
  auto o = tibench_env(env, run, dir);
  EXPECT_EQ(o.exit_code, 2) << o.err;
  EXPECT_NE(o.err.find("--shard-of-array"), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "a.h5"));
  EXPECT_FALSE(std::filesystem::exists(dir / "a.shard-1-of-3.h5")) << "refused before any work";

  o = tibench_env(env, run + " --shard-of-array 1,4,9", dir);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto shard = dir / "a.shard-1-of-3.h5";
  ASSERT_TRUE(std::filesystem::exists(shard));
  EXPECT_EQ(root_int(shard, "shard_index"), 1);
  EXPECT_EQ(root_int(shard, "shard_count"), 3);
  EXPECT_EQ(root_string(shard, "shard_source"), "SLURM_ARRAY_TASK_ID/--shard-of-array");
  std::filesystem::remove_all(dir);
}

TEST(ScaleOut, FilesCarryTheMatrixAndShardIdentity) {
  const auto dir = test::scratch_dir("identity");
  const auto out = dir / "s.h5";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q --shard 1/2 -o " + out.string())
                .exit_code,
            0);
  const auto shard = dir / "s.shard-1-of-2.h5";
  const auto cells = load_matrix(test::smoke_matrix()).cells;
  EXPECT_EQ(root_string(shard, "matrix_hash"), matrix_hash(cells));
  EXPECT_EQ(root_int(shard, "matrix_cells"), static_cast<long long>(cells.size()));
  EXPECT_EQ(root_int(shard, "shard_index"), 1);
  EXPECT_EQ(root_int(shard, "shard_count"), 2);
  EXPECT_EQ(root_string(shard, "shard_source"), "--shard");
  EXPECT_EQ(root_string(shard, "shard_scheme"), "lpt-steps-x-dofs/1");
  std::filesystem::remove_all(dir);
}

TEST(ScaleOut, MergeRefusesMismatchedDuplicateAndMissingShards) {
  const auto dir = test::scratch_dir("merge-rules");
  // Shard k/n of `matrix`, written as <prefix>k-of-n.h5.
  auto shard_file = [&](const std::string& matrix, int k, int n, const std::string& prefix) {
    const auto o = tibench("run --matrix " + matrix + " -q --shard " + std::to_string(k) + "/" +
                           std::to_string(n) + " -o " + (dir / (prefix + "{shard}.h5")).string());
    EXPECT_EQ(o.exit_code, 0) << o.err;
    return (dir / (prefix + std::to_string(k) + "-of-" + std::to_string(n) + ".h5")).string();
  };
  const std::string s0 = shard_file(test::smoke_matrix(), 0, 3, "s"),
                    s1 = shard_file(test::smoke_matrix(), 1, 3, "s"),
                    s2 = shard_file(test::smoke_matrix(), 2, 3, "s");
  const auto out = dir / "m.h5";
  auto merge = [&](const std::string& inputs) {
    return tibench("merge " + out.string() + " " + inputs);
  };
  auto refused = [&](const std::string& inputs, const std::vector<std::string>& needles) {
    const auto o = merge(inputs);
    EXPECT_EQ(o.exit_code, 2) << inputs << "\n" << o.err;
    for (const auto& n : needles) EXPECT_NE(o.err.find(n), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << "nothing written";
  };

  refused(s0 + " " + s1, {"missing shards 2 of 3", "--allow-partial"});
  std::filesystem::copy_file(s0, dir / "copy.h5");
  refused(s0 + " " + (dir / "copy.h5").string() + " " + s1 + " " + s2,
          {"shard 0/3 is given twice", s0});
  const std::string half = shard_file(test::smoke_matrix(), 1, 2, "s");
  refused(s0 + " " + half + " " + s2, {"shard 1/2", "shard 0/3"});
  const auto other = other_matrix(dir);
  const std::string foreign = shard_file(other.string(), 1, 3, "other");
  refused(s0 + " " + foreign + " " + s2, {matrix_hash(load_matrix(test::smoke_matrix()).cells),
                                          matrix_hash(load_matrix(other.string()).cells)});

  auto o = merge("--allow-partial " + s0 + " " + s2);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(root_string(out, "shard_partial"), "1 of 3");
  EXPECT_EQ(test::run_count(out), test::run_count(s0) + test::run_count(s2));
  // A partial merge is no shard: merging it again is refused.
  o = tibench("merge " + (dir / "again.h5").string() + " " + out.string() + " " + s1);
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("partial merge"), std::string::npos) << o.err;
  std::filesystem::remove(out);

  o = merge(s2 + " " + s0 + " " + s1);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(root_string(out, "matrix_hash"), matrix_hash(load_matrix(test::smoke_matrix()).cells));
  EXPECT_EQ(root_int(out, "shard_count"), 1);
  EXPECT_EQ(root_string(out, "shard_partial"), "");
  EXPECT_EQ(test::run_count(out), load_matrix(test::smoke_matrix()).cells.size());
  std::filesystem::remove_all(dir);
}

TEST(ScaleOut, ResumeRefusesAFileOfAnotherMatrixOrShard) {
  const auto dir = test::scratch_dir("resume-identity");
  const auto other = other_matrix(dir);
  const auto out = dir / "out.h5";
  ASSERT_EQ(tibench("run --matrix " + other.string() + " -q -o " + out.string()).exit_code, 0);
  const auto before = test::digest(out);
  auto o = tibench("run --matrix " + test::smoke_matrix() + " -q --resume -o " + out.string());
  EXPECT_EQ(o.exit_code, 2) << o.err;
  EXPECT_NE(o.err.find("holds matrix " + matrix_hash(load_matrix(other.string()).cells)),
            std::string::npos)
      << o.err;
  EXPECT_NE(
      o.err.find("this run is matrix " + matrix_hash(load_matrix(test::smoke_matrix()).cells)),
      std::string::npos)
      << o.err;
  EXPECT_EQ(test::first_difference(before, test::digest(out)), "") << "file untouched";

  // The same matrix edited only in whitespace and comments resumes.
  const auto spaced = dir / "spaced.toml";
  test::write_file(spaced, "# a comment\n\n" + test::read_file(other) + "\n# trailing\n");
  o = tibench("run --matrix " + spaced.string() + " -q --resume -o " + out.string());
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("2 already complete"), std::string::npos) << o.out;

  const auto shard = dir / "s.shard-0-of-2.h5";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q --shard 0/2 -o " +
                    (dir / "s.h5").string())
                .exit_code,
            0);
  std::filesystem::rename(shard, dir / "s.shard-0-of-3.h5");
  o = tibench("run --matrix " + test::smoke_matrix() + " -q --resume --shard 0/3 -o " +
              (dir / "s.h5").string());
  EXPECT_EQ(o.exit_code, 2) << o.err;
  EXPECT_NE(o.err.find("it is shard 0/2"), std::string::npos) << o.err;
  std::filesystem::remove_all(dir);
}

// One cell of 5·10⁶ RK4 steps (~0.2–0.6 s) and one of 10 steps.
std::filesystem::path long_and_short(const std::filesystem::path& dir, const std::string& extra) {
  const auto m = dir / "timeout.toml";
  test::write_file(m,
                   "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\n"
                   "h = [2.0e-7, 0.1]\nt_end = 1.0\nmax_samples = 50\n" +
                       extra);
  return m;
}

void expect_long_cell_timed_out(const std::filesystem::path& out, const test::Outcome& o,
                                const std::string& limit) {
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(test::run_count(out), 2u) << "the matrix goes on";
  H5::H5File f(out.string(), H5F_ACC_RDONLY);
  const H5::Group slow = f.openGroup("/runs/oscillator/rk4/h=2.000000e-07");
  EXPECT_EQ(h5::read_string_attr(slow, "status"), "timeout");
  EXPECT_NE(h5::read_string_attr(slow, "message").find("cell time limit " + limit + " s"),
            std::string::npos);
  EXPECT_EQ(h5::read_string_attr(f.openGroup("/runs/oscillator/rk4/h=1.000000e-01"), "status"),
            "ok");
  EXPECT_NE(o.out.find("ok 1, diverged 0, solver_failed 0, timeout 1, error 0"), std::string::npos)
      << o.out;
}

TEST(ScaleOut, ACellOverItsTimeLimitEndsWithStatusTimeout) {
  const auto dir = test::scratch_dir("timeout");
  const auto out = dir / "out.h5";
  expect_long_cell_timed_out(out,
                             tibench("run --matrix " + long_and_short(dir, "").string() +
                                     " -q --cell-timeout 0.02 -o " + out.string()),
                             "0.02");
  std::filesystem::remove(out);
  expect_long_cell_timed_out(
      out,
      tibench("run --matrix " + long_and_short(dir, "cell_timeout = 0.03\n").string() + " -q -o " +
              out.string()),
      "0.03");
  const auto o = tibench("run --matrix " + long_and_short(dir, "").string() +
                         " -q --cell-timeout -1 -o " + (dir / "x.h5").string());
  EXPECT_EQ(o.exit_code, 2) << o.err;
  EXPECT_NE(o.err.find("--cell-timeout"), std::string::npos) << o.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tibench
