// Method files from the command line (docs/method-files.md): export, the
// load report, runs and stability with --integrator file:PATH, matrices with
// methods = [...], and the refusals (exit 2, one line naming file and line).
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "cli_support.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"
#include "test_files.hpp"

namespace tibench {
namespace {

using test::tibench;

// Every deterministic metric of every run, by (integrator label, h).
std::map<std::pair<std::string, double>, std::map<std::string, double>> metrics_of(
    const std::filesystem::path& h5) {
  std::map<std::pair<std::string, double>, std::map<std::string, double>> out;
  for (const StoredRun& r : read_runs(h5::open_for_reading(h5.string()))) {
    auto& m = out[{r.integrator, r.h}];
    r.metrics.for_each([&](const char* key, double value) {
      if (std::string(key).starts_with("wall")) return;
      m[key] = value;
    });
  }
  return out;
}

TEST(MethodFileCli, ExportedFileRunsBitIdenticallyToTheCompiledRecord) {
  const auto dir = test::scratch_dir("method-file");
  const auto method = dir / "sdirk3.toml";
  auto o = tibench("export sdirk3 -o " + method.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;

  o = tibench("list file:" + method.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("order              3          3"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("coefficient digits: 16, declared"), std::string::npos) << o.out;
  o = tibench("list file:" + method.string() + " --json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("\"order_residuals\""), std::string::npos) << o.out;

  const std::string common = " --problem pendulum --param theta0=2 --h 0.1,0.05 --t-end 2 -o ";
  o = tibench("run --integrator sdirk3" + common + (dir / "compiled.h5").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  o = tibench("run --integrator file:" + method.string() + common + (dir / "file.h5").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto compiled = metrics_of(dir / "compiled.h5"), loaded = metrics_of(dir / "file.h5");
  ASSERT_EQ(compiled.size(), 2u);
  ASSERT_EQ(loaded.size(), 2u);
  for (const double h : {0.1, 0.05})  // the file's runs under its own id, same numbers
    EXPECT_EQ(compiled.at({"sdirk3", h}), loaded.at({"sdirk3-file", h})) << h;

  o = tibench("info " + (dir / "file.h5").string());
  EXPECT_NE(o.out.find("sdirk3-file"), std::string::npos) << o.out;
  o = tibench("stability file:" + method.string() + " --points 3 --json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("damping_ratio"), std::string::npos) << o.out;
  std::filesystem::remove_all(dir);
}

TEST(MethodFileCli, MatrixMethodsAreRelativeToTheMatrixFile) {
  const auto dir = test::scratch_dir("method-matrix");
  std::filesystem::create_directories(dir / "methods");
  ASSERT_EQ(tibench("export ros3p -o " + (dir / "methods" / "r.toml").string()).exit_code, 0);
  test::write_file(dir / "m.toml",
                   "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\n"
                   "methods = [\"methods/r.toml\"]\nh = [0.1, 0.05]\nt_end = 1.0\n");
  const auto o =
      tibench("run --matrix " + (dir / "m.toml").string() + " -o " + (dir / "m.h5").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto runs = metrics_of(dir / "m.h5");
  EXPECT_EQ(runs.count({"ros3p-file", 0.1}), 1u);
  EXPECT_EQ(runs.count({"rk4", 0.05}), 1u);

  test::write_file(dir / "bad.toml",
                   "[[study]]\nproblems = [\"oscillator\"]\nmethods = [\"methods/none.toml\"]\n"
                   "h = [0.1]\nt_end = 1.0\n");
  const auto bad = tibench("run --matrix " + (dir / "bad.toml").string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad.toml:3: cannot read method file"), std::string::npos) << bad.err;
  test::write_file(dir / "prefixed.toml",
                   "[[study]]\nproblems = [\"oscillator\"]\nmethods = [\"file:methods/r.toml\"]\n"
                   "h = [0.1]\nt_end = 1.0\n");
  const auto prefixed = tibench("run --matrix " + (dir / "prefixed.toml").string());
  EXPECT_EQ(prefixed.exit_code, 2);
  EXPECT_NE(prefixed.err.find("prefixed.toml:3: 'methods' entries are paths, without \"file:\""),
            std::string::npos)
      << prefixed.err;
  std::filesystem::remove_all(dir);
}

TEST(MethodFileCli, BadMethodFilesExitTwoNamingFileAndLine) {
  const auto dir = test::scratch_dir("method-bad");
  const auto method = dir / "m.toml";
  test::write_file(method,
                   "id = \"heun-wrong\"\nfamily = \"explicit-rk\"\ncitation = \"test\"\n"
                   "[coefficients]\nA = [[0, 0], [1, 0]]\nb = [0.5, 0.5]\n[declared]\norder = 3\n");
  for (const std::string cmd : {"list ", "stability ",
                                "run --problem oscillator --h 0.1 "
                                "--t-end 1 --integrator "}) {
    const auto o = tibench(cmd + "file:" + method.string());
    EXPECT_EQ(o.exit_code, 2) << cmd << o.err;
    EXPECT_NE(o.err.find("m.toml:7: integrator 'heun-wrong': declared properties disagree with "
                         "the computed ones: order: declared 3, computed 2"),
              std::string::npos)
        << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
  }
  auto o = tibench("run --problem oscillator --h 0.1 --t-end 1 --integrator file:" +
                   (dir / "none.toml").string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("cannot read method file"), std::string::npos) << o.err;
  o = tibench("export bdf2");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("defined by its code"), std::string::npos) << o.err;
  o = tibench("export nonexistent");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("unknown integrator 'nonexistent'"), std::string::npos) << o.err;
  o = tibench("list file:" + method.string() + " --format md");
  EXPECT_EQ(o.exit_code, 2);
  std::filesystem::remove_all(dir);
}

// A file with a registry id would store its runs as the registry method's:
// refused in single runs as in matrices, naming both.
TEST(MethodFileCli, AFileMayNotTakeARegistryId) {
  const auto dir = test::scratch_dir("method-clash");
  const auto method = dir / "rk4.toml";
  test::write_file(method,
                   "id = \"rk4\"\nfamily = \"explicit-rk\"\ncitation = \"test\"\n"
                   "[coefficients]\nA = [[0, 0], [1, 0]]\nb = [0.5, 0.5]\n[declared]\norder = 2\n");
  auto o =
      tibench("run --problem oscillator --h 0.1 --t-end 1 --integrator file:" + method.string() +
              " -o " + (dir / "x.h5").string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("rk4.toml:1: id 'rk4' is the registry's integrator 'rk4'"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "x.h5"));
  test::write_file(dir / "m.toml",
                   "[[study]]\nproblems = [\"oscillator\"]\nmethods = [\"rk4.toml\"]\n"
                   "h = [0.1]\nt_end = 1.0\n");
  o = tibench("run --matrix " + (dir / "m.toml").string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("id 'rk4' is the registry's integrator 'rk4'"), std::string::npos) << o.err;
  std::filesystem::remove_all(dir);
}

// Equal metrics, a NaN (an error without a reference) equal to a NaN.
template <class Runs>
void expect_same_metrics(const Runs& a, const Runs& b) {
  ASSERT_EQ(a.size(), b.size());
  for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
    EXPECT_EQ(ia->first, ib->first);
    ASSERT_EQ(ia->second.size(), ib->second.size());
    for (const auto& [key, value] : ia->second) {
      const double other = ib->second.at(key);
      EXPECT_TRUE(value == other || (std::isnan(value) && std::isnan(other)))
          << key << ": " << value << " vs " << other;
    }
  }
}

// Scene files from the command line (docs/scene-files.md): a registry scene
// exported, listed, run as --problem file:PATH and from a matrix's scenes,
// identical to the built-in problem's runs; refusals exit 2 before any work.
TEST(SceneFileCli, ExportedSceneRunsIdenticallyToTheBuiltInProblem) {
  const auto dir = test::scratch_dir("scene-file");
  const auto scene = dir / "two.toml";
  auto o = tibench("export two-balls --param mesh_size=0.5 -o " + scene.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  o = tibench("list file:" + scene.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("body a "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("body b "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("energy at t = 0"), std::string::npos) << o.out;

  const std::string common = " --integrator backward-euler --h 0.01,0.005 --t-end 0.1 -o ";
  o = tibench("run --problem two-balls --param mesh_size=0.5" + common +
              (dir / "built-in.h5").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  o = tibench("run --problem file:" + scene.string() + common + (dir / "file.h5").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  o = tibench("info " + (dir / "file.h5").string());
  EXPECT_NE(o.out.find("two-balls-file"), std::string::npos) << o.out;
  const auto a = metrics_of(dir / "built-in.h5"), b = metrics_of(dir / "file.h5");
  ASSERT_EQ(a.size(), 2u);
  expect_same_metrics(a, b);

  test::write_file(dir / "m.toml",
                   "[[study]]\nscenes = [\"two.toml\"]\nintegrators = [\"backward-euler\"]\n"
                   "h = [0.01, 0.005]\nt_end = 0.1\nreference = { method = \"none\" }\n");
  o = tibench("run --matrix " + (dir / "m.toml").string() + " -o " + (dir / "m.h5").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  expect_same_metrics(metrics_of(dir / "m.h5"), a);
  std::filesystem::remove_all(dir);
}

TEST(SceneFileCli, BadScenesExitTwoNamingFileAndLine) {
  const auto dir = test::scratch_dir("scene-bad");
  const auto scene = dir / "s.toml";
  test::write_file(scene,
                   "id = \"s\"\n[[body]]\nname = \"b\"\ngeometry = \"ball\"\nmesh_size = 0.5\n"
                   "rho = 0\n");
  for (const std::string& cmd :
       {"list file:" + scene.string(), "run --integrator rk4 --h 0.1 --t-end 1 --problem file:" +
                                           scene.string() + " -o " + (dir / "x.h5").string()}) {
    const auto o = tibench(cmd);
    EXPECT_EQ(o.exit_code, 2) << cmd << o.err;
    EXPECT_NE(o.err.find("s.toml:6: body 'b': rho = 0 is out of range"), std::string::npos)
        << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "x.h5"));
  test::write_file(dir / "m.toml",
                   "[[study]]\nscenes = [\"file:s.toml\"]\nintegrators = [\"rk4\"]\nh = [0.1]\n"
                   "t_end = 1.0\n");
  const auto o = tibench("run --matrix " + (dir / "m.toml").string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("m.toml:2: 'scenes' entries are paths"), std::string::npos) << o.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tibench
