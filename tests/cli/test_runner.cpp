// The matrix runner as users drive it: bad matrix files, sharding (flags,
// mpirun), merging, resume after a kill, Ctrl-C, determinism across --jobs,
// the reference cache, the regression gate command and the figures script.
// Equality of runs is judged on every attribute (but wall_s) and every
// dataset value (run_files.hpp), never on a golden file.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_support.hpp"
#include "harness/io/build_info.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"
#include "harness/run/matrix.hpp"
#include "run_files.hpp"
#include "test_files.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::tibench;

std::size_t smoke_cells() { return load_matrix(test::smoke_matrix()).cells.size(); }

TEST(MatrixFile, BadFilesExitTwoNamingFileLineAndWhatIsAccepted) {
  const auto dir = test::scratch_dir("badmatrix");
  const std::string head = "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {head + "h = [0.1]\nt_end = 1\nbogus = 3\n", ":6: unknown key 'bogus'"},
      {"[[study]]\nproblems = [\"nope\"]\nintegrators = [\"rk4\"]\nh = [0.1]\nt_end = 1\n",
       ":2: unknown problem 'nope'"},
      {"[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk5\"]\nh = [0.1]\nt_end = 1\n",
       ":3: unknown integrator 'rk5'"},
      {head + "h = [0.1, -0.05]\nt_end = 1\n", ":4: invalid step size"},
      {head + "h = [0.0]\nt_end = 1\n", ":4: invalid step size"},
      {head + "h = []\nt_end = 1\n", ":4: 'h' is empty"},
      {head + "h = [0.1]\nt_end = 1\n[oops\n", ": malformed TOML"},
      {head + "h = [0.1]\nt_end = 1\nexclude = [\"rk5\"]\n", ":6: unknown integrator 'rk5'"},
      {head + "h = [0.3]\nt_end = 1\noutputs = 2\n", "not a multiple of outputs = 2"},
      {head + "h = [0.1]\nt_end = 1\nreference = { method = \"euler\" }\n",
       "invalid reference method"},
      {head + "h = [0.1]\nt_end = -1\n", ":5: invalid t_end"},
  };
  for (const auto& [text, needle] : cases) {
    const auto file = dir / "bad.toml";
    test::write_file(file, text);
    const auto o = tibench("run --matrix " + file.string() + " -o " + (dir / "x.h5").string());
    EXPECT_EQ(o.exit_code, 2) << text << o.err;
    EXPECT_EQ(o.err.rfind("tibench: " + file.string() + ":", 0), 0u) << "file and line: " << o.err;
    EXPECT_NE(o.err.find(needle), std::string::npos) << o.err;
    EXPECT_TRUE(o.err.find("accepted") != std::string::npos ||
                o.err.find("expected") != std::string::npos)
        << "says what is accepted: " << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "x.h5"));
  }
  std::filesystem::remove_all(dir);
}

TEST(Runner, JobsDoNotChangeAnyNumber) {
  const auto dir = test::scratch_dir("jobs");
  const auto a = dir / "j1.h5", b = dir / "j2.h5";
  ASSERT_EQ(
      tibench("run --matrix " + test::smoke_matrix() + " -q --jobs 1 -o " + a.string()).exit_code,
      0);
  ASSERT_EQ(
      tibench("run --matrix " + test::smoke_matrix() + " -q --jobs 2 -o " + b.string()).exit_code,
      0);
  EXPECT_EQ(test::run_count(a), smoke_cells());
  EXPECT_EQ(test::first_difference(test::digest(a), test::digest(b)), "");
  std::filesystem::remove_all(dir);
}

TEST(Runner, ShardsMergeToTheUnshardedRunCellForCell) {
  const auto dir = test::scratch_dir("shards");
  const auto full = dir / "full.h5";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q -o " + full.string()).exit_code,
            0);
  std::string inputs;
  std::size_t cells = 0;
  for (int k = 0; k < 3; ++k) {
    const auto o = tibench("run --matrix " + test::smoke_matrix() + " -q --jobs 2 --shard " +
                           std::to_string(k) + "/3 -o " + (dir / "s{shard}.h5").string());
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto shard = dir / ("s" + std::to_string(k) + "-of-3.h5");
    ASSERT_TRUE(std::filesystem::exists(shard));
    cells += test::run_count(shard);
    inputs += " " + shard.string();
  }
  EXPECT_EQ(cells, smoke_cells()) << "shards are disjoint and cover the matrix";
  const auto merged = dir / "merged.h5";
  const auto o = tibench("merge " + merged.string() + inputs);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(test::first_difference(test::digest(full), test::digest(merged)), "");

  // A file merged with itself is one shard given twice (test_scale_out.cpp
  // covers the other refusals).
  EXPECT_EQ(tibench("merge " + (dir / "m2.h5").string() + " " + full.string() + " " + full.string())
                .exit_code,
            2);
  EXPECT_EQ(tibench("merge " + (dir / "m3.h5").string() + " " + full.string() + " /nonexistent.h5")
                .exit_code,
            2);
  std::filesystem::remove_all(dir);
}

TEST(Runner, MpirunTwoRanksWriteShardsThatMergeToTheUnshardedRun) {
  ASSERT_EQ(std::system("command -v mpirun >/dev/null"), 0)
      << "mpirun missing: scripts/setup-deps.sh core installs openmpi-bin";
  const auto dir = test::scratch_dir("mpi");
  const auto full = dir / "full.h5";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q -o " + full.string()).exit_code,
            0);
  // Open MPI refuses to start as root unless told; CI runs as root.
  const std::string cmd =
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
      "mpirun -n 2 --oversubscribe " +
      test::tibench_exe() + " run --matrix " + test::smoke_matrix() + " -q -o " +
      (dir / "m.h5").string() + " >" + (dir / "mpi.log").string() + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << test::read_file(dir / "mpi.log");
  const auto s0 = dir / "m.shard-0-of-2.h5", s1 = dir / "m.shard-1-of-2.h5";
  ASSERT_TRUE(std::filesystem::exists(s0)) << test::read_file(dir / "mpi.log");
  ASSERT_TRUE(std::filesystem::exists(s1)) << test::read_file(dir / "mpi.log");
  EXPECT_GT(test::run_count(s0), 0u);
  EXPECT_GT(test::run_count(s1), 0u);
  const auto merged = dir / "merged.h5";
  ASSERT_EQ(tibench("merge " + merged.string() + " " + s0.string() + " " + s1.string()).exit_code,
            0);
  EXPECT_EQ(test::first_difference(test::digest(full), test::digest(merged)), "");
  std::filesystem::remove_all(dir);
}

// Cells of ~0.1–0.3 s each (2–3·10⁶ RK4 steps on the exact oscillator), so
// that a signal sent when the first checkpoint appears lands mid-matrix.
// Under AddressSanitizer a step costs about 15 times more: a tenth of the
// steps keeps the cells as long (the uninterrupted run took 150 s there).
#if defined(__SANITIZE_ADDRESS__)
constexpr double kSlowStepScale = 10;
#else
constexpr double kSlowStepScale = 1;
#endif

std::filesystem::path slow_matrix(const std::filesystem::path& dir) {
  std::string h;
  for (int k = 0; k < 10; ++k)
    h += (k ? ", " : "") + format_real((4.0 + 0.1 * k) * 1e-7 * kSlowStepScale);
  const auto m = dir / "slow.toml";
  test::write_file(m, "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\nh = [" + h +
                          "]\nt_end = 1.0\nmax_samples = 50\n");
  return m;
}

TEST(Runner, KilledRunResumesToTheSameFileAsAnUninterruptedOne) {
  const auto dir = test::scratch_dir("kill");
  const auto m = slow_matrix(dir);
  const auto whole = dir / "whole.h5", out = dir / "out.h5";
  ASSERT_EQ(tibench("run --matrix " + m.string() + " -q -o " + whole.string()).exit_code, 0);

  const pid_t pid = test::spawn_tibench(
      {"run", "--matrix", m.string(), "-q", "--checkpoint", "0", "-o", out.string()}, dir.string());
  int status = 0;
  ASSERT_TRUE(test::wait_for_file(pid, out.string(), status)) << "no checkpoint before exit";
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
  const std::size_t saved = test::run_count(out);
  EXPECT_GE(saved, 1u);
  EXPECT_LT(saved, 10u) << "killed mid-matrix";

  const auto o = tibench("run --matrix " + m.string() + " -q --resume -o " + out.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find(std::to_string(saved) + " already complete"), std::string::npos) << o.out;
  EXPECT_EQ(test::first_difference(test::digest(whole), test::digest(out)), "");
  std::filesystem::remove_all(dir);
}

TEST(Runner, CtrlCLeavesAValidFileWithTheCompletedCells) {
  const auto dir = test::scratch_dir("sigint");
  const auto m = slow_matrix(dir);
  const auto out = dir / "out.h5";
  const pid_t pid = test::spawn_tibench(
      {"run", "--matrix", m.string(), "--checkpoint", "0", "-o", out.string()}, dir.string());
  int status = 0;
  ASSERT_TRUE(test::wait_for_file(pid, out.string(), status));
  ::kill(pid, SIGINT);
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << test::read_file(dir / "child.err");
  const std::size_t saved = test::run_count(out);
  EXPECT_GE(saved, 1u);
  EXPECT_LT(saved, 10u);
  EXPECT_NE(test::read_file(dir / "child.out").find("INTERRUPTED"), std::string::npos);
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << "left behind: " << e.path();
  // The file is complete as far as it goes: its convergence group is there.
  EXPECT_TRUE(test::digest(out).count("/convergence/oscillator/rk4"));
  std::filesystem::remove_all(dir);
}

TEST(Runner, ResumingACompleteFileRunsNothingAndChangesNothing) {
  const auto dir = test::scratch_dir("resume-complete");
  const auto out = dir / "out.h5";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q -o " + out.string()).exit_code,
            0);
  const auto before = test::digest(out);
  const auto o =
      tibench("run --matrix " + test::smoke_matrix() + " -q --resume -o " + out.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find(" 0 run now"), std::string::npos) << o.out;
  EXPECT_EQ(test::first_difference(before, test::digest(out)), "");
  std::filesystem::remove_all(dir);
}

// A matrix of two problems (one with a computed reference) and two
// methods, then the same matrix without that problem and with a third
// method: --reuse keeps the unchanged cells, drops the removed ones with
// their reference, runs the new ones, and the file equals a fresh run of
// the new matrix. A binary built from a tree with uncommitted changes
// reuses nothing (its commit does not name its code), and neither does a
// file from another build.
TEST(Runner, ReuseRunsOnlyTheCellsAChangedMatrixChanged) {
  const auto dir = test::scratch_dir("reuse");
  const auto a = dir / "a.toml", b = dir / "b.toml";
  test::write_file(a,
                   "[[study]]\nproblems = [\"oscillator\", \"pendulum\"]\nintegrators = [\"rk4\", "
                   "\"sdirk2\"]\nh = [0.1, 0.05, 0.025]\nt_end = 1.0\n");
  test::write_file(b,
                   "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\", \"sdirk2\", "
                   "\"backward-euler\"]\nh = [0.1, 0.05, 0.025]\nt_end = 1.0\n");
  const auto out = dir / "out.h5", fresh = dir / "fresh.h5";
  ASSERT_EQ(tibench("run --matrix " + a.string() + " -q -o " + out.string()).exit_code, 0);
  ASSERT_TRUE(test::digest(out).count("/reference/pendulum"));
  ASSERT_EQ(tibench("run --matrix " + b.string() + " -q -o " + fresh.string()).exit_code, 0);
  const auto o = tibench("run --matrix " + b.string() + " -q --reuse -o " + out.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  if (build_info::git_dirty) {
    EXPECT_NE(o.err.find("uncommitted changes; every cell runs"), std::string::npos) << o.err;
    EXPECT_NE(o.out.find(" 0 already complete, 9 run now"), std::string::npos) << o.out;
  } else {
    EXPECT_EQ(o.err.find("not reusing"), std::string::npos) << o.err;
    EXPECT_NE(o.out.find(" 6 already complete, 3 run now"), std::string::npos) << o.out;
  }
  EXPECT_EQ(test::first_difference(test::digest(fresh), test::digest(out)), "");

  {  // the same file as if another build had written it
    H5::H5File f(out.string(), H5F_ACC_RDWR);
    H5::Group root = f.openGroup("/");
    h5::attr(root, "git_commit", std::string("0000000"));
  }
  const auto other = tibench("run --matrix " + b.string() + " -q --reuse -o " + out.string());
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_NE(other.out.find(" 0 already complete, 9 run now"), std::string::npos) << other.out;
  EXPECT_EQ(test::first_difference(test::digest(fresh), test::digest(out)), "");

  EXPECT_EQ(
      tibench("run --matrix " + b.string() + " -q --reuse --resume -o " + out.string()).exit_code,
      2);
  EXPECT_EQ(tibench("run --matrix " + b.string() + " -q --reuse").exit_code, 2);
  std::filesystem::remove_all(dir);
}

TEST(Runner, CachedReferencesAreReusedAndGiveTheSameNumbers) {
  const auto dir = test::scratch_dir("cache");
  const auto a = dir / "a.h5", b = dir / "b.h5", cache = dir / "refs";
  auto o = tibench("run --matrix " + test::smoke_matrix() + " --reference-cache " + cache.string() +
                   " -o " + a.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.err.find("(cached)"), std::string::npos);
  EXPECT_NE(o.err.find("reference pendulum: rk4"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("dopri5"), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::is_empty(cache));
  o = tibench("run --matrix " + test::smoke_matrix() + " --reference-cache " + cache.string() +
              " -o " + b.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.err.find("(cached)"), std::string::npos) << o.err;
  EXPECT_EQ(test::first_difference(test::digest(a), test::digest(b)), "");

  o = tibench("converge " + a.string());
  EXPECT_NE(o.out.find("## References"), std::string::npos);
  EXPECT_NE(o.out.find("self-convergence"), std::string::npos) << o.out;
  std::filesystem::remove_all(dir);
}

TEST(Regress, UpdateWritesABaselineThatPassesAndATightenedBoundFails) {
  const auto dir = test::scratch_dir("regress");
  const auto m = dir / "gate.toml", baseline = dir / "gate.json";
  test::write_file(m,
                   "[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 2 } }]\n"
                   "integrators = [\"rk4\", \"sdirk2\"]\nh = [0.1, 0.05, 0.025]\nt_end = 1.0\n");
  auto o =
      tibench("regress --baseline " + baseline.string() + " --matrix " + m.string() + " --update");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("created baseline"), std::string::npos);
  o = tibench("regress --baseline " + baseline.string());
  EXPECT_EQ(o.exit_code, 0) << o.out;
  EXPECT_NE(o.out.find("0 failures"), std::string::npos) << o.out;

  // Tighten two bounds below what the methods achieve: both cells are named.
  std::string json = test::read_file(baseline);
  auto tighten = [&](const std::string& integrator, const std::string& h) {
    const auto at = json.find("\"integrator\": \"" + integrator + "\",\n      \"h\": " + h);
    ASSERT_NE(at, std::string::npos) << json;
    const auto key = json.find("\"err_final_max\": ", at);
    const auto end = json.find(',', key);
    json.replace(key, end - key, "\"err_final_max\": 1e-30");
  };
  tighten("rk4", "0.05");
  tighten("sdirk2", "0.1");
  test::write_file(baseline, json);
  o = tibench("regress --baseline " + baseline.string());
  EXPECT_EQ(o.exit_code, 1) << o.out;
  EXPECT_NE(o.out.find("REGRESSION oscillator/rk4/h=5.000000e-02: err_final"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("REGRESSION oscillator/sdirk2/h=1.000000e-01: err_final"), std::string::npos)
      << o.out;

  o = tibench("regress --baseline " + baseline.string() + " --update");
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_NE(o.out.find("updated baseline"), std::string::npos);
  EXPECT_EQ(tibench("regress --baseline " + (dir / "none.json").string()).exit_code, 2);
  std::filesystem::remove_all(dir);
}

TEST(PaperTables, LayOurValuesOutBesideThePrintedOnes) {
  const auto dir = test::scratch_dir("paper");
  const auto m = dir / "p.toml", runs = dir / "p.h5";
  // "x1", "x2" stand for printed values: they are passed through verbatim.
  test::write_file(
      m,
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\", \"sdirk2\"]\n"
      "h = [0.1, 0.05]\nt_end = 1.0\n"
      "[[table]]\nid = \"t1\"\ntitle = \"final error\"\nsource = \"test\"\n"
      "quantity = \"metric:err_final\"\nrows = [0.1, 0.05, 0.025]\n"
      "row_labels = [\"1/10 s\", \"1/20 s\", \"1/40 s\"]\ntolerance = { abs = 1 }\n"
      "columns = [{ label = \"RK4\", problem = \"oscillator\", integrator = \"rk4\", "
      "paper = [\"x1\", \"x2\"] },\n"
      "           { label = \"SDIRK2\", problem = \"oscillator\", integrator = \"sdirk2\" }]\n"
      "[[table]]\nid = \"t2\"\ntitle = \"energy change\"\nsource = \"test\"\n"
      "quantity = \"series:energy\"\nreduce = \"max_abs_change\"\nformat = \"%.4e\"\n"
      "rows = [0.1]\nexpect = [\"SDIRK2 > 0\"]\n"
      "columns = [{ label = \"SDIRK2\", problem = \"oscillator\", integrator = \"sdirk2\" }]\n");
  ASSERT_EQ(tibench("run --matrix " + m.string() + " -q -o " + runs.string()).exit_code, 0);
  const auto o = tibench("converge " + runs.string() + " --matrix " + m.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;

  H5::H5File f(runs.string(), H5F_ACC_RDONLY);
  auto attr = [&](const std::string& run, const char* key) {
    return h5::read_double_attr(f.openGroup(run), key);
  };
  char rk4_01[32], sdirk_005[32], drift[32];
  std::snprintf(rk4_01, sizeof rk4_01, "%.3e",
                attr("/runs/oscillator/rk4/h=1.000000e-01", "err_final"));
  std::snprintf(sdirk_005, sizeof sdirk_005, "%.3e",
                attr("/runs/oscillator/sdirk2/h=5.000000e-02", "err_final"));
  const auto energy =
      h5::read_doubles(f.openGroup("/runs/oscillator/sdirk2/h=1.000000e-01"), "energy");
  double change = 0;
  for (double e : energy) change = std::max(change, std::abs(e - energy.front()));
  std::snprintf(drift, sizeof drift, "%.4e", change);
  EXPECT_NE(o.out.find("| 1/10 s | " + std::string(rk4_01) + " (x1) |"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find(std::string(sdirk_005) + " |\n| 1/40 s | missing | missing |"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("| 0.1 | " + std::string(drift) + " |"), std::string::npos) << o.out;
  // "x1" is no number: nothing to compare, and the row 1/40 s was not run.
  EXPECT_NE(o.out.find("**Verdict: inconclusive: 0 of 0 comparisons hold"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("**Verdict: reproduced: 1 of 1 comparison holds**"), std::string::npos)
      << o.out;
  const auto md = dir / "p.md";
  const auto to_file =
      tibench("converge " + runs.string() + " --matrix " + m.string() + " -o " + md.string());
  ASSERT_EQ(to_file.exit_code, 0) << to_file.err;
  EXPECT_NE(to_file.out.find("table t2: reproduced: 1 of 1 comparison holds\n"), std::string::npos)
      << to_file.out;

  test::write_file(m, test::read_file(m) +
                          "[[table]]\nid = \"t3\"\ntitle = \"x\"\nsource = \"x\"\n"
                          "quantity = \"metric:nope\"\nrows = [0.1]\n"
                          "columns = [{ label = \"a\", problem = \"p\", integrator = \"i\" }]\n");
  const auto bad = tibench("converge " + runs.string() + " --matrix " + m.string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown metric 'nope' (accepted: err_final"), std::string::npos)
      << bad.err;
  std::filesystem::remove_all(dir);
}

// A long matrix's short version: `run --short` runs each study's short
// t_end under the same run names, and `converge --matrix` says that its
// tables judge the short version (title, verdict line, make run's line);
// the full version's tables say nothing of the kind.
TEST(PaperTables, ShortVersionRunsShortTEndAndItsTablesSaySo) {
  const auto dir = test::scratch_dir("paper-short");
  const auto m = dir / "l.toml", short_runs = dir / "s.h5", full_runs = dir / "f.h5";
  test::write_file(m,
                   "long = true\n[[study]]\nproblems = [\"oscillator\"]\n"
                   "integrators = [\"rk4\", \"sdirk2\"]\nh = [0.1]\nt_end = 2.0\n"
                   "short = { t_end = 0.5 }\n"
                   "[[study]]\nproblems = [\"pendulum\"]\nintegrators = [\"sdirk2\"]\n"
                   "h = [0.1]\nt_end = 1.0\nshort = {}\n"
                   "[[table]]\nid = \"t\"\ntitle = \"energy change\"\nsource = \"test\"\n"
                   "quantity = \"series:energy\"\nreduce = \"max_abs_change\"\n"
                   "rows = [0.1]\nexpect = [\"SDIRK2 > 0\"]\n"
                   "columns = [{ label = \"SDIRK2\", problem = \"oscillator\", "
                   "integrator = \"sdirk2\" }]\n"
                   "[[table]]\nid = \"p\"\ntitle = \"pendulum\"\nsource = \"test\"\n"
                   "quantity = \"series:energy\"\nreduce = \"max_abs_change\"\n"
                   "rows = [0.1]\nexpect = [\"SDIRK2 > 0\"]\n"
                   "columns = [{ label = \"SDIRK2\", problem = \"pendulum\", "
                   "integrator = \"sdirk2\" }]\n");
  ASSERT_EQ(
      tibench("run --matrix " + m.string() + " --short -q -o " + short_runs.string()).exit_code, 0);
  ASSERT_EQ(tibench("run --matrix " + m.string() + " -q -o " + full_runs.string()).exit_code, 0);
  {
    H5::H5File f(short_runs.string(), H5F_ACC_RDONLY);
    EXPECT_EQ(h5::read_double_attr(f.openGroup("/runs/oscillator/rk4/h=1.000000e-01"), "t_end"),
              0.5);
  }
  const auto md = dir / "s.md";
  auto o =
      tibench("converge " + short_runs.string() + " --matrix " + m.string() + " -o " + md.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("table t: reproduced: 1 of 1 comparison holds [short version]\n"),
            std::string::npos)
      << o.out;
  const std::string text = test::read_file(md);
  EXPECT_NE(text.find("**short version** (t_end 0.5 s instead of 2 s"), std::string::npos) << text;
  EXPECT_NE(text.find("t: energy change (short version)"), std::string::npos) << text;
  EXPECT_NE(text.find("[short version: t_end 0.5 s instead of 2 s]"), std::string::npos) << text;
  // The pendulum's study runs unchanged (short = {}): its table judges the
  // full version and says nothing of a short one.
  EXPECT_NE(o.out.find("table p: reproduced: 1 of 1 comparison holds\n"), std::string::npos)
      << o.out;
  EXPECT_EQ(text.find("p: pendulum (short version)"), std::string::npos) << text;
  o = tibench("converge " + full_runs.string() + " --matrix " + m.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out.find("short version"), std::string::npos) << o.out;

  // --short needs a long matrix, and a matrix.
  test::write_file(dir / "n.toml",
                   "[[study]]\nproblems = [\"oscillator\"]\n"
                   "integrators = [\"rk4\"]\nh = [0.1]\nt_end = 1.0\n");
  o = tibench("run --matrix " + (dir / "n.toml").string() + " --short");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("not a long matrix (no long = true), so it has no short version"),
            std::string::npos)
      << o.err;
  o = tibench("run --problem oscillator --integrator rk4 --h 0.1 --t-end 1 --short");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("--short needs --matrix"), std::string::npos) << o.err;
  std::filesystem::remove_all(dir);
}

TEST(PaperTables, DistanceIsTheRelativeMaxNormGapOfTheFinalStates) {
  const auto dir = test::scratch_dir("paper-distance");
  const auto m = dir / "p.toml", runs = dir / "p.h5";
  test::write_file(
      m,
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\", \"sdirk2\"]\n"
      "h = [0.1]\nt_end = 1.0\n"
      "[[table]]\nid = \"d\"\ntitle = \"gap\"\nsource = \"test\"\n"
      "quantity = \"distance:rk4\"\nrows = [0.1]\nformat = \"%.6e\"\nunjudged = \"test\"\n"
      "columns = [{ label = \"SDIRK2\", problem = \"oscillator\", integrator = \"sdirk2\" },\n"
      "           { label = \"RK4\", problem = \"oscillator\", integrator = \"rk4\" }]\n");
  ASSERT_EQ(tibench("run --matrix " + m.string() + " -q -o " + runs.string()).exit_code, 0);
  const auto o = tibench("converge " + runs.string() + " --matrix " + m.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  H5::H5File f(runs.string(), H5F_ACC_RDONLY);
  auto state = [&](const std::string& integrator) {
    const H5::Group g = f.openGroup("/runs/oscillator/" + integrator + "/h=1.000000e-01");
    std::vector<double> s = h5::read_doubles(g, "final_q");
    for (double v : h5::read_doubles(g, "final_v")) s.push_back(v);
    return s;
  };
  const auto a = state("sdirk2"), b = state("rk4");
  double gap = 0, size = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    gap = std::max(gap, std::abs(a[i] - b[i]));
    size = std::max(size, std::abs(b[i]));
  }
  ASSERT_GT(gap, 0.0);
  char expected[64];
  std::snprintf(expected, sizeof expected, "| 0.1 | %.6e | %.6e |", gap / size, 0.0);
  EXPECT_NE(o.out.find(expected), std::string::npos) << o.out;
  std::filesystem::remove_all(dir);
}

TEST(LongFigures, ScriptRunsOnTheSmokeOutputAndWritesNonEmptyPngs) {
  const auto dir = test::scratch_dir("figures");
  const auto runs = dir / "smoke.h5";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q -o " + runs.string()).exit_code,
            0);
  const std::string cmd = "/usr/bin/python3 " + test::source_dir() + "/scripts/plot.py " +
                          runs.string() + " --out " + (dir / "fig").string() + " --tibench " +
                          test::tibench_exe() + " >" + (dir / "log").string() + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << test::read_file(dir / "log");
  const Matrix m = load_matrix(test::smoke_matrix());
  std::set<std::string> problems;
  for (const auto& c : m.cells) problems.insert(c.problem_key());
  for (const auto& p : problems)
    for (const std::string kind : {"energy_", "convergence_"})
      for (const std::string ext : {".png", ".svg"}) {
        const auto f = dir / "fig" / (kind + p + ext);
        ASSERT_TRUE(std::filesystem::exists(f)) << f << "\n" << test::read_file(dir / "log");
        EXPECT_GT(std::filesystem::file_size(f), 5000u) << f;
        if (ext == ".png") {
          EXPECT_EQ(test::read_file(f).substr(1, 3), "PNG") << f;
        }
      }
  std::filesystem::remove_all(dir);
}

// tibench workprecision: tables from the stored metrics (every json point's
// error and cost are the file's own metrics, not re-measured), and a bad
// measure refused before any output is written.
TEST(WorkPrecision, TablesAndJsonFromTheSmokeRuns) {
  const auto dir = test::scratch_dir("workprecision");
  const auto runs = dir / "smoke.h5", md = dir / "wp.md";
  ASSERT_EQ(tibench("run --matrix " + test::smoke_matrix() + " -q -o " + runs.string()).exit_code,
            0);
  const auto o = tibench("workprecision " + runs.string() + " -o " + md.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const std::string text = test::read_file(md);
  EXPECT_NE(text.find("### oscillator: err_final"), std::string::npos) << text;
  EXPECT_NE(text.find("| err_final <= | cheapest by wall_s | cheapest by rhs_evals |"),
            std::string::npos)
      << text;
  const auto j = tibench("workprecision " + runs.string() + " --format json");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  H5::H5File f(runs.string(), H5F_ACC_RDONLY);
  const auto stored = read_runs(f);
  std::size_t checked = 0;
  for (const auto& entry : nlohmann::json::parse(j.out))
    for (const auto& p : entry["points"]) {
      const auto it = std::find_if(stored.begin(), stored.end(), [&](const StoredRun& r) {
        return r.problem == entry["problem"] && r.integrator == p["integrator"] && r.h == p["h"];
      });
      ASSERT_NE(it, stored.end()) << p.dump();
      EXPECT_EQ(it->metrics[entry["cost"].get<std::string>()], p["cost"].get<double>());
      EXPECT_EQ(it->metrics[entry["error"].get<std::string>()], p["error"].get<double>());
      ++checked;
    }
  EXPECT_GT(checked, 100u);
  const auto bad = tibench("workprecision " + runs.string() + " --error err_max -o " +
                           (dir / "bad.md").string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown error measure 'err_max' (accepted: err_final, "
                         "energy_drift_max)"),
            std::string::npos)
      << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "bad.md"));
  std::filesystem::remove_all(dir);
}

// [[figure]] blocks: plot.py --matrix draws each as paper_<id> from the
// named runs, steps differing between curves; with make run's formats, the
// paper figures in PNG and SVG and the others in PNG only.
TEST(Figures, PaperFiguresOfAMatrixAreDrawn) {
  const auto dir = test::scratch_dir("paper-figures");
  const auto m = dir / "m.toml", runs = dir / "runs.h5";
  test::write_file(
      m,
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"implicit-midpoint\", "
      "\"backward-euler\"]\nh = [0.1, 0.05]\nt_end = 2\nreference = { method = \"none\" }\n"
      "[[figure]]\nid = \"equal-cost\"\ntitle = \"t\"\nsource = \"test\"\n"
      "panels = [{ quantity = \"energy\", relative = true }, "
      "{ quantity = \"linear_momentum\" }]\n"
      "curves = [{ problem = \"oscillator\", integrator = \"implicit-midpoint\", h = 0.1 },\n"
      "          { problem = \"oscillator\", integrator = \"backward-euler\", h = 0.05 }]\n"
      "[[study]]\nproblems = [\"bar1d\"]\nintegrators = [\"bdf2\", \"a1\"]\n"
      "h = [0.0333333333333333333, 0.0166666666666666667]\nt_end = 1.0\n"
      "reference = { method = \"none\" }\n"
      "[[figure]]\nid = \"modes\"\nkind = \"spectrum\"\ntitle = \"t\"\nsource = \"test\"\n"
      "spectrum = { prefix = \"modal_energy_\", window = [0.5, 1.0] }\n"
      "curves = [{ problem = \"bar1d\", integrator = \"bdf2\", h = 0.0333333333333333333 },\n"
      "          { problem = \"bar1d\", integrator = \"a1\", h = 0.0166666666666666667 }]\n");
  ASSERT_EQ(tibench("run --matrix " + m.string() + " -q -o " + runs.string()).exit_code, 0);
  const std::string cmd =
      "/usr/bin/python3 " + test::source_dir() + "/scripts/plot.py " + runs.string() + " --out " +
      (dir / "fig").string() + " --no-stability --matrix " + m.string() +
      " --formats png --paper-formats png,svg >" + (dir / "log").string() + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << test::read_file(dir / "log");
  for (const std::string id : {"equal-cost", "modes"})
    for (const std::string ext : {".png", ".svg"}) {
      const auto f = dir / "fig" / ("paper_" + id + ext);
      ASSERT_TRUE(std::filesystem::exists(f)) << f << "\n" << test::read_file(dir / "log");
      EXPECT_GT(std::filesystem::file_size(f), 5000u) << f;
    }
  EXPECT_TRUE(std::filesystem::exists(dir / "fig" / "energy_oscillator.png"));
  EXPECT_FALSE(std::filesystem::exists(dir / "fig" / "energy_oscillator.svg"));
  EXPECT_EQ(test::read_file(dir / "log").find("curve skipped"), std::string::npos)
      << test::read_file(dir / "log");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tibench
