// File-system safety (fileio/): unique temporaries, stale-temporary cleanup,
// output locks and the checks of paths made before any work.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/parameters.hpp"
#include "fileio/atomic_write.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("tibench-fileio-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void touch(const fs::path& p) { std::ofstream(p) << "x"; }

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(AtomicWrite, TemporariesAreUniqueAndNameHostAndPid) {
  std::set<std::string> names;
  for (int i = 0; i < 1000; ++i) names.insert(temp_path_for("/tmp/out.h5"));
  EXPECT_EQ(names.size(), 1000u);
  const std::string name = fs::path(*names.begin()).filename().string();
  EXPECT_EQ(name.rfind(".out.h5.tmp-" + host_name() + "-" + std::to_string(::getpid()) + "-", 0),
            0u)
      << name;
}

TEST(AtomicWrite, WritesTheWholeFileAndLeavesNoTemporary) {
  const fs::path d = fresh_dir("write");
  write_file_atomically((d / "a.txt").string(), "hello\n");
  std::ifstream in(d / "a.txt");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(text, "hello\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
  // A write that fails after the path checks is the environment's failure
  // (exit code 3), not bad input.
  try {
    write_file_atomically((d / "no/a.txt").string(), "x");
    ADD_FAILURE() << "writing into a missing directory did not fail";
  } catch (const EnvironmentError& e) {
    EXPECT_NE(std::string(e.what()).find("no/a.txt"), std::string::npos) << e.what();
  }
}

TEST(AtomicWrite, StaleTemporariesOfDeadWritersAreRemoved) {
  const fs::path d = fresh_dir("stale");
  const std::string out = (d / "r.h5").string();
  // A pid that cannot exist (above pid_max) stands for a killed writer.
  const std::string dead = ".r.h5.tmp-" + host_name() + "-999999999-0123456789abcdef";
  const std::string live = ".r.h5.tmp-" + host_name() + "-" + std::to_string(::getpid()) + "-ff";
  const std::string other_host = ".r.h5.tmp-elsewhere-999999999-00";
  for (const auto& f : {dead, live, other_host, std::string("r.h5.tmp.999999999"),
                        std::string(".other.h5.tmp-x-1-2"), std::string("r.h5")})
    touch(d / f);
  EXPECT_EQ(remove_stale_temporaries(out, false), 2);  // dead + old-style dead
  EXPECT_TRUE(fs::exists(d / live));
  EXPECT_TRUE(fs::exists(d / other_host));
  EXPECT_EQ(remove_stale_temporaries(out, true), 2);  // under the lock: all of r.h5's
  EXPECT_TRUE(fs::exists(d / ".other.h5.tmp-x-1-2"));
  EXPECT_TRUE(fs::exists(d / "r.h5"));
}

TEST(OutputLock, SecondWriterIsRefusedNamingTheHolder) {
  const fs::path d = fresh_dir("lock");
  const std::string out = (d / "r.h5").string();
  touch(d / (".r.h5.tmp-elsewhere-1-00"));
  {
    const OutputLock first(out, "-o");
    EXPECT_EQ(first.stale_removed(), 1);
    const std::string m = message_of([&] { OutputLock second(out, "-o"); });
    EXPECT_NE(m.find("r.h5"), std::string::npos) << m;
    EXPECT_NE(m.find("pid " + std::to_string(::getpid())), std::string::npos) << m;
  }
  EXPECT_NO_THROW(OutputLock again(out, "-o"));  // released with its holder
}

TEST(OutputPath, RefusesDirectoriesLinksDevicesInputsAndMissingDirectories) {
  const fs::path d = fresh_dir("paths");
  touch(d / "in.toml");
  fs::create_symlink(d / "in.toml", d / "link.h5");
  fs::create_directories(d / "sub");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {(d / "sub").string(), "is a directory"},
      {(d / "link.h5").string(), "symbolic link"},
      {"/dev/null", "not a regular file"},
      {(d / "in.toml").string(), "is also an input"},
      {(d / "missing/out.h5").string(), "does not exist"},
      {"", "empty path"}};
  for (const auto& [path, reason] : cases) {
    const std::string m =
        message_of([&, p = path] { check_output_file(p, "-o", {(d / "in.toml").string()}); });
    EXPECT_NE(m.find(reason), std::string::npos) << path << ": " << m;
    EXPECT_NE(m.find("'" + path + "'"), std::string::npos) << m;
  }
  EXPECT_NO_THROW(check_output_file((d / "new.h5").string(), "-o"));
}

TEST(OutputPath, UnwritableDirectoryIsRefused) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes everywhere (access(2) says so)";
  const fs::path d = fresh_dir("ro");
  fs::permissions(d, fs::perms::owner_read | fs::perms::owner_exec);
  const std::string m = message_of([&] { check_output_file((d / "x.h5").string(), "-o"); });
  fs::permissions(d, fs::perms::owner_all);
  EXPECT_NE(m.find("not writable"), std::string::npos) << m;
}

TEST(OutputPath, CacheDirectoriesAreCreatedOrRefused) {
  const fs::path d = fresh_dir("cache");
  EXPECT_NO_THROW(check_cache_directory((d / "a/b").string(), "--reference-cache"));
  EXPECT_TRUE(fs::is_directory(d / "a/b"));
  touch(d / "file");
  const std::string m =
      message_of([&] { check_cache_directory((d / "file").string(), "--mesh-cache"); });
  EXPECT_NE(m.find("--mesh-cache"), std::string::npos) << m;
  EXPECT_NE(m.find("file"), std::string::npos) << m;
}

TEST(OutputPath, InputsMustBeReadableRegularFiles) {
  const fs::path d = fresh_dir("inputs");
  EXPECT_NE(message_of([&] { check_input_file(d.string(), "--matrix"); }).find("is a directory"),
            std::string::npos);
  EXPECT_NE(
      message_of([&] { check_input_file((d / "nope").string(), "input"); }).find("does not exist"),
      std::string::npos);
}

}  // namespace
}  // namespace tibench
