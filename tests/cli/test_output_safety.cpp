// Reliability of the CLI against bad paths, bad step sizes and concurrent
// writers: every case is exit 2 with one line naming the bad value, found
// before any work starts, and nothing is clobbered (issue list of the
// reliability review: crashes after computing, silent wrong results, data
// clobbered or mixed, broken exit codes).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_support.hpp"
#include "test_files.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;
using test::tibench;

const std::string kSource = test::source_dir();
const std::string kOsc = "run --problem oscillator --integrator rk4 -q ";

// Refused before any work: exit 2, one line on stderr naming the value, and
// nothing on stdout (a command that started prints its cells, progress or
// result there), rather than a bound on the wall time, which the machine's
// load decides.
void expect_bad_input(const std::string& args, const std::vector<std::string>& needles) {
  const auto o = tibench(args);
  EXPECT_EQ(o.exit_code, 2) << args << "\n" << o.err;
  for (const auto& n : needles)
    EXPECT_NE(o.err.find(n), std::string::npos) << args << "\n" << o.err;
  ASSERT_FALSE(o.err.empty()) << args;
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "exactly one line: " << o.err;
  EXPECT_EQ(o.out, "") << "refused only after working: " << args;
}

TEST(OutputSafety, UnusableOutputPathsAreRefusedBeforeAnyWork) {
  const fs::path d = test::scratch_dir("paths");
  fs::create_directories(d / "dir");
  const std::string missing = (d / "missing/out.h5").string();
  expect_bad_input("run --matrix " + test::smoke_matrix() + " -o " + missing + " --checkpoint 0 -q",
                   {missing, "does not exist"});
  expect_bad_input("run --matrix " + test::smoke_matrix() + " -o " + (d / "dir").string() + " -q",
                   {(d / "dir").string(), "is a directory"});
  expect_bad_input(kOsc + "--h 0.1 --t-end 1 -o " + missing, {missing});
  expect_bad_input("converge " + kSource + "/README.md -o " + (d / "dir").string(),
                   {"is a directory"});
  expect_bad_input("merge " + (d / "dir").string() + " " + (d / "none.h5").string(),
                   {"none.h5", "does not exist"});
  expect_bad_input("run --matrix " + (d / "dir").string() + " -o x.h5",
                   {"--matrix", "is a directory"});
}

TEST(OutputSafety, UnusableCachesAreRefusedBeforeAnyWork) {
  const fs::path d = test::scratch_dir("caches");
  std::ofstream(d / "file") << "x";
  const std::string cache = (d / "file/sub").string();
  expect_bad_input("run --matrix " + test::smoke_matrix() + " -o " + (d / "o.h5").string() +
                       " --reference-cache " + cache + " -q",
                   {"--reference-cache", cache});
  expect_bad_input(kOsc + "--h 0.1 --t-end 1 --mesh-cache " + cache, {"--mesh-cache", cache});
  EXPECT_FALSE(fs::exists(d / "o.h5"));
}

TEST(OutputSafety, InputsLinksAndDevicesAreNeverReplaced) {
  const fs::path d = test::scratch_dir("clobber");
  fs::copy_file(test::smoke_matrix(), d / "m.toml");
  const std::string before = test::read_file(d / "m.toml");
  expect_bad_input(
      "run --matrix " + (d / "m.toml").string() + " -o " + (d / "m.toml").string() + " -q",
      {"is also an input"});
  EXPECT_EQ(test::read_file(d / "m.toml"), before);
  fs::create_symlink(d / "target.h5", d / "link.h5");
  expect_bad_input(kOsc + "--h 0.1 --t-end 1 -o " + (d / "link.h5").string(), {"symbolic link"});
  EXPECT_TRUE(fs::is_symlink(d / "link.h5"));
  expect_bad_input(kOsc + "--h 0.1 --t-end 1 -o /dev/full", {"/dev/full", "not a regular file"});
  EXPECT_FALSE(fs::is_regular_file("/dev/full"));
}

TEST(OutputSafety, StepSizesThatWouldRunSomethingElseAreRefused) {
  expect_bad_input(kOsc + "--h 1e-300 --t-end 1", {"1e-300", "--max-steps"});
  expect_bad_input(kOsc + "--h 1 --t-end 1e300", {"steps", "--max-steps"});
  expect_bad_input(kOsc + "--h 5 --t-end 1", {"h = 5", "t_end = 1", "0 < h <= t_end"});
  expect_bad_input(kOsc + "--h 0.26,0.25 --t-end 1", {"0.26", "0.25", "4 steps"});
  expect_bad_input(kOsc + "--h 1e-12 --t-end 1", {"1000000000000 steps", "100000000"});
  expect_bad_input(kOsc + "--h 1e-3 --t-end 1 --max-steps 999", {"1000 steps", "999"});
  EXPECT_EQ(tibench(kOsc + "--h 1e-3 --t-end 1 --max-steps 1000").exit_code, 0);
}

TEST(OutputSafety, MatrixValuesOutOfRangeAreRefused) {
  const fs::path d = test::scratch_dir("matrix");
  std::ofstream(d / "m.toml") << "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\n"
                                 "h = [0.1]\nt_end = 1.0\nmax_samples = 1e300\n";
  expect_bad_input("run --matrix " + (d / "m.toml").string() + " -q", {"max_samples"});
  std::ofstream(d / "l.toml") << "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\n"
                                 "h = [0.26, 0.25]\nt_end = 1.0\n";
  expect_bad_input("run --matrix " + (d / "l.toml").string() + " -q", {"0.26", "4 steps"});
  // Integer keys given as floats: refused, never cast (1e300 overflowed a
  // long, found by the sanitizer's float-cast-overflow; 2.5 became 2).
  for (const char* line : {"frames = 2.5", "frames = 1e300", "outputs = 1e300", "outputs = 2.0",
                           "max_samples = 8.0"}) {
    std::ofstream(d / "f.toml") << "[[study]]\nproblems = [\"oscillator\"]\n"
                                   "integrators = [\"rk4\"]\nh = [0.1]\nt_end = 1.0\n"
                                << line << "\n";
    const std::string key = std::string(line).substr(0, std::string(line).find(' '));
    expect_bad_input("run --matrix " + (d / "f.toml").string() + " -q", {key, "integer"});
  }
}

TEST(OutputSafety, SecondWriterOfAnOutputIsRefusedNamingTheHolder) {
  const fs::path d = test::scratch_dir("lock");
  const std::string out = (d / "busy.h5").string();
  // A run long enough to still hold its lock while the second one starts; it
  // is interrupted (SIGTERM: it saves its completed cells and exits).
  const std::string first = test::tibench_exe() +
                            " run --problem spring-chain --integrator backward-euler --h 1e-5 "
                            "--t-end 50 -q -o " +
                            out + " >/dev/null 2>&1 & echo $!";
  FILE* p = ::popen(first.c_str(), "r");
  ASSERT_NE(p, nullptr);
  long pid = 0;
  ASSERT_EQ(std::fscanf(p, "%ld", &pid), 1);
  ::pclose(p);
  const fs::path lock = d / ".busy.h5.lock";
  for (int i = 0; i < 200 && test::read_file(lock).empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  expect_bad_input(kOsc + "--h 0.1 --t-end 1 -o " + out,
                   {out, "being written by another tibench", "pid " + std::to_string(pid)});
  ::kill(static_cast<pid_t>(pid), SIGTERM);
}

TEST(OutputSafety, ForeignFilesAreNamedInTheError) {
  const fs::path d = test::scratch_dir("foreign");
  const std::string h5 = (d / "x.h5").string();
  ASSERT_EQ(tibench(kOsc + "--h 0.1 --t-end 1 -o " + h5).exit_code, 0);
  expect_bad_input("regress --baseline " + h5, {h5, "not JSON"});
  std::ofstream(d / "trunc.h5", std::ios::binary) << "\x89HDF\r\n\x1a\n truncated";
  const std::string trunc = (d / "trunc.h5").string();
  expect_bad_input("info " + trunc, {trunc});
  expect_bad_input("converge " + trunc, {trunc});
}

TEST(OutputSafety, DivergenceMessagesPrintEnergiesShort) {
  const auto o = tibench("run --problem oscillator --integrator forward-euler --h 1 --t-end 500");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto at = o.out.find("energy left the cap");
  ASSERT_NE(at, std::string::npos) << o.out;
  const std::string line = o.out.substr(at, o.out.find('\n', at) - at);
  EXPECT_LT(line.size(), 120u) << line;
}

TEST(OutputSafety, HelpAndVersionSayWhatTheCommandsDo) {
  const auto version = tibench("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("tibench ", 0), 0u) << version.out;
  const auto help = tibench("run --help");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* shown : {"--max-steps", "100000000", "--checkpoint", "10", "repeat it"})
    EXPECT_NE(help.out.find(shown), std::string::npos) << shown << "\n" << help.out;
  const auto list = tibench("list");
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.err.find("integrators"), std::string::npos) << list.err;
  EXPECT_EQ(list.out, tibench("list integrators").out);
}

}  // namespace
}  // namespace tibench
