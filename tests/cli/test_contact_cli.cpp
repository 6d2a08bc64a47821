// Bodies against obstacles through the CLI, as a user runs them:
//   - a run of a body writes its contact group and position frames, and an
//     XDMF file beside the HDF5 file whose every data item resolves in that
//     file (the HDF5 path exists, its dimensions are the declared ones, every
//     triangle names a node);
//   - a user's own .msh file runs, and its counts reach the run's params;
//   - bad mesh input (missing file, a mesh_file without geometry=file, an
//     unusable cache directory) and an integrator that cannot take contact
//     constraints exit 2 with a one-line message naming the value;
//   - `list integrators --json` reports, per integrator, whether it takes
//     contact constraints and friction, with the reason of every refusal.
#include <gtest/gtest.h>

#include "cli_support.hpp"
#include "harness/io/h5io.hpp"

#include <H5Cpp.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::scratch_dir;
using test::tibench;

std::vector<hsize_t> dims_of(const H5::H5File& f, const std::string& path) {
  H5::DataSpace space = f.openDataSet(path).getSpace();
  std::vector<hsize_t> d(static_cast<std::size_t>(space.getSimpleExtentNdims()));
  space.getSimpleExtentDims(d.data());
  return d;
}

std::vector<hsize_t> numbers(const std::string& text) {
  std::vector<hsize_t> out;
  std::istringstream is(text);
  for (hsize_t x; is >> x;) out.push_back(x);
  return out;
}

TEST(ContactCli, ABodyRunWritesContactFramesAndAnXdmfThatResolves) {
  const auto dir = scratch_dir("xdmf");
  const auto out = dir / "ball.h5";
  const auto o = tibench(
      "run --problem ball-drop --param mesh_size=0.35 --param y0=0.6 "
      "--param vy=-3 --integrator backward-euler --h 0.01 --t-end 0.3 "
      "--frames 5 -o " +
      out.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const std::string xml = test::read_file(dir / "ball.xdmf");
  ASSERT_FALSE(xml.empty()) << o.err;
  H5::H5File f(out.string(), H5F_ACC_RDONLY);
  const std::string run = "/runs/ball-drop/backward-euler/h=1.000000e-02";
  H5::Group c = f.openGroup(run + "/contact");
  EXPECT_GE(c.openAttribute("phases").getSpace().getSimpleExtentNpoints(), 1);
  EXPECT_EQ(dims_of(f, run + "/frames/t")[0], 6u);  // t = 0 and 5 frames
  // Every HDF data item: the path exists with the declared dimensions.
  const std::regex item(
      R"re(<DataItem Dimensions="([0-9 ]+)"[^>]*Format="HDF">ball\.h5:([^<]+)</DataItem>)re");
  int items = 0;
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), item); it != std::sregex_iterator();
       ++it) {
    ++items;
    EXPECT_EQ(dims_of(f, (*it)[2]), numbers((*it)[1])) << (*it)[2];
  }
  EXPECT_EQ(items, 2 * 6);  // topology and positions of every frame
  // Triangles name nodes of the positions.
  const auto positions = dims_of(f, run + "/frames/positions/000000");
  std::vector<long long> tri(dims_of(f, run + "/frames/surface")[0] * 3);
  f.openDataSet(run + "/frames/surface").read(tri.data(), H5::PredType::NATIVE_LLONG);
  for (long long v : tri) {
    EXPECT_GE(v, 0);
    EXPECT_LT(v, static_cast<long long>(positions[0]));
  }
}

TEST(ContactCli, AUsersMshFileRunsAndItsCountsAreRecorded) {
  const auto dir = scratch_dir("msh");
  const auto mesh = dir / "cube.msh";
  // One unit cube split into five tetrahedra (gmsh .msh 4.1, ASCII).
  std::ofstream(mesh) << "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n"
                         "$Nodes\n1 8 1 8\n3 1 0 8\n1\n2\n3\n4\n5\n6\n7\n8\n"
                         "0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n$EndNodes\n"
                         "$Elements\n1 5 1 5\n3 1 4 5\n1 1 2 4 6\n2 1 4 3 7\n3 1 5 6 7\n"
                         "4 4 7 6 8\n5 1 4 7 6\n$EndElements\n";
  const auto out = dir / "run.h5";
  const auto o =
      tibench("run --problem ball-drop --param geometry=file --param mesh_file=" + mesh.string() +
              " --param y0=0.1 --integrator backward-euler --h 0.01 "
              "--t-end 0.05 -o " +
              out.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  H5::H5File f(out.string(), H5F_ACC_RDONLY);
  H5::Group g = f.openGroup("/runs/ball-drop/backward-euler/h=1.000000e-02");
  const std::string params = h5::read_string_attr(g, "params");
  const auto j = nlohmann::json::parse(params);
  EXPECT_EQ(j["instance"]["mesh_vertices"], "8");
  EXPECT_EQ(j["instance"]["mesh_tets"], "5");
  EXPECT_EQ(j["instance"]["mesh_surface_triangles"], "12");
  EXPECT_NE(j["instance"]["mesh"].get<std::string>().find("sha256="), std::string::npos);
}

TEST(ContactCli, BadMeshInputAndRefusedContactExitTwoNamingTheValue) {
  const std::string run = "run --problem ball-drop --h 0.01 --t-end 0.05 ";
  auto o = tibench(run +
                   "--integrator backward-euler --param geometry=file --param "
                   "mesh_file=/no/such.msh");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("/no/such.msh"), std::string::npos) << o.err;
  o = tibench(run + "--integrator backward-euler --param mesh_file=" + test::source_dir() +
              "/README.md");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("geometry=file"), std::string::npos) << o.err;
  o = tibench(run + "--integrator backward-euler --param geometry=file --param mesh_file=" +
              test::source_dir() + "/README.md");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("README.md"), std::string::npos) << o.err;
  o = tibench(run + "--integrator backward-euler --mesh-cache /proc/no-such-dir");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("/proc/no-such-dir"), std::string::npos) << o.err;
  o = tibench(run + "--integrator rk4");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("contact=constraint"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

TEST(ContactCli, ListJsonTellsWhichIntegratorsTakeConstraintsAndFriction) {
  const auto o = tibench("list integrators --json");
  ASSERT_EQ(o.exit_code, 0);
  int constraint = 0;
  for (const auto& i : nlohmann::json::parse(o.out)) {
    const auto& c = i.at("contact");
    if (c.at("constraint").get<bool>())
      ++constraint;
    else
      EXPECT_FALSE(c.at("constraint_refusal").get<std::string>().empty()) << i["id"];
    // Friction needs what constraints need.
    if (c.at("friction").get<bool>()) {
      EXPECT_TRUE(c.at("constraint").get<bool>()) << i["id"];
    }
  }
  EXPECT_GE(constraint, 8);
}

}  // namespace
}  // namespace tibench
