// meshes/: generated gmsh meshes (orientation, closed outward surface,
// volume against the analytic body), determinism and the disk cache, the
// .msh reader on hand-written files, and the errors users see.
#include <gtest/gtest.h>
#include <unistd.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <numbers>
#include <string>
#include <thread>
#include <vector>

#include "core/parameters.hpp"
#include "mesh_checks.hpp"
#include "meshes/mesh_source.hpp"
#include "meshes/tet_mesh.hpp"

namespace tibench {
namespace {

using namespace mesh_checks;

TEST(Meshes, BallIsAnInscribedClosedSolid) {
  set_mesh_cache_directory("");
  const double r = 0.5;
  const auto m = generated_mesh({"ball", r, 0, 0, 0.2});  // 0.2: see `size` below
  expect_valid_solid(*m);
  for (int i : m->surface_vertices()) EXPECT_NEAR(m->vertices.col(i).norm(), r, 1e-9 * r);
  // All surface vertices are on the sphere: the mesh is inside the ball.
  // Over a flat triangle inscribed in a surface of mean curvature H the gap
  // averages H ρ²/4 (ρ: circumradius, h²/3 for an equilateral triangle of
  // edge h), so the volume deficit is ≈ h²/12 ∫H dA: (h/r)²/4 of the ball's
  // volume. gmsh's edges run ~1.2 × size, hence a band of [½, 2] × that.
  const double size = 0.2;
  const double exact = 4.0 / 3.0 * std::numbers::pi * r * r * r;
  const double deficit = (exact - tet_volume(*m)) / exact;
  EXPECT_GT(deficit, 0.125 * (size / r) * (size / r));
  EXPECT_LT(deficit, 0.5 * (size / r) * (size / r));
}

void expect_box(const std::string& geometry, double a, double b, double c, double size) {
  const auto m = generated_mesh({geometry, a, b, c, size});
  expect_valid_solid(*m);
  // Planar faces: the volume is exact up to rounding; the body is centred.
  EXPECT_NEAR(tet_volume(*m), a * b * c, 1e-12 * a * b * c);
  const Eigen::Vector3d half(a / 2, b / 2, c / 2);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(m->vertices.row(k).maxCoeff(), half[k], 1e-12);
    EXPECT_NEAR(m->vertices.row(k).minCoeff(), -half[k], 1e-12);
  }
  for (int i : m->surface_vertices()) {
    const Eigen::Vector3d gap = half - m->vertices.col(i).cwiseAbs();
    EXPECT_LT(gap.minCoeff(), 1e-12) << "surface vertex " << i << " inside the box";
  }
}

TEST(Meshes, BoxAndBarHaveExactVolumes) {
  set_mesh_cache_directory("");
  expect_box("box", 1.0, 0.6, 0.4, 0.2);
  expect_box("bar", 2.0, 0.25, 0.25, 0.125);
}

TEST(Meshes, TorusIsAClosedSolidOfTheRightVolume) {
  set_mesh_cache_directory("");
  const double R = 0.5, r = 0.2;
  const auto m = generated_mesh({"torus", R, r, 0, 0.1});
  expect_valid_solid(*m);
  for (int i : m->surface_vertices()) {
    const Eigen::Vector3d x = m->vertices.col(i);
    EXPECT_NEAR(std::hypot(std::hypot(x.x(), x.y()) - R, x.z()), r, 1e-9);
  }
  // As for the ball (deficit ≈ h²/12 ∫H dA), with ∫H dA = 2π²R over the
  // torus: (h/r)²/12 of its volume, within a band of [½, 2] × that.
  const double size = 0.1;
  const double exact = 2.0 * std::numbers::pi * std::numbers::pi * R * r * r;
  const double deficit = (exact - tet_volume(*m)) / exact;
  EXPECT_GT(deficit, (size / r) * (size / r) / 24.0);
  EXPECT_LT(deficit, (size / r) * (size / r) / 6.0);
}

TEST(Meshes, GenerationIsDeterministic) {
  set_mesh_cache_directory("");
  const MeshSpec spec{"torus", 0.5, 0.2, 0, 0.12};
  clear_mesh_memory_cache();
  const auto first = generated_mesh(spec);
  EXPECT_EQ(generated_mesh(spec), first);  // the memory cache hands out the same mesh
  clear_mesh_memory_cache();
  const auto second = generated_mesh(spec);
  EXPECT_NE(second, first);
  EXPECT_TRUE(bit_identical(*first, *second));
  EXPECT_EQ(first->description, mesh_key_text(spec));
  EXPECT_NE(first->description.find("gmsh " + mesher_version() + " torus"), std::string::npos);
}

TEST(Meshes, DiskCacheGivesTheGeneratedMeshAndDistrustsBadEntries) {
  const ScratchDir dir("cache");
  const std::string cache = (dir.path / "nested" / "meshes").string();  // created on demand
  const MeshSpec ball{"ball", 0.5, 0, 0, 0.2}, box{"box", 1, 1, 1, 0.5};
  set_mesh_cache_directory("");
  clear_mesh_memory_cache();
  const auto fresh = generated_mesh(ball);

  set_mesh_cache_directory(cache);
  clear_mesh_memory_cache();
  ASSERT_TRUE(bit_identical(*generated_mesh(ball), *fresh));  // generated and stored
  std::string msh, key;
  for (const auto& e : fs::directory_iterator(cache)) {
    const std::string p = e.path().string();
    EXPECT_NE(e.path().filename().string()[0], '.') << "temporary file left: " << p;
    if (e.path().extension() == ".msh") msh = p;
    if (e.path().extension() == ".key") key = p;
  }
  ASSERT_FALSE(msh.empty());
  ASSERT_FALSE(key.empty());
  EXPECT_EQ(read_bytes(key).substr(0, mesh_key_text(ball).size() + 1), mesh_key_text(ball) + "\n");
  const std::string good = read_bytes(msh);

  clear_mesh_memory_cache();
  EXPECT_TRUE(bit_identical(*generated_mesh(ball), *fresh));  // read back from disk
  const auto as_file = mesh_from_file(msh);  // the binary .msh through the file loader
  EXPECT_EQ(as_file->tets, fresh->tets);
  EXPECT_TRUE(as_file->vertices == fresh->vertices);

  // A consistent entry is trusted as it is: put the box's mesh under the
  // ball's key (with the box's hash) and the ball request returns it.
  clear_mesh_memory_cache();
  const auto box_mesh = generated_mesh(box);
  std::string box_msh, box_key;
  for (const auto& e : fs::directory_iterator(cache)) {
    if (e.path().string() == msh || e.path().string() == key) continue;
    (e.path().extension() == ".msh" ? box_msh : box_key) = e.path().string();
  }
  const std::string box_hash_line = read_bytes(box_key).substr(mesh_key_text(box).size());
  std::ofstream(msh, std::ios::binary) << read_bytes(box_msh);
  std::ofstream(key, std::ios::binary) << mesh_key_text(ball) + box_hash_line;
  clear_mesh_memory_cache();
  EXPECT_EQ(generated_mesh(ball)->tets, box_mesh->tets);

  // A missing entry is regenerated; so is a corrupt .msh (its hash no
  // longer matches the .key's).
  fs::remove(msh);
  fs::remove(key);
  clear_mesh_memory_cache();
  EXPECT_TRUE(bit_identical(*generated_mesh(ball), *fresh));
  EXPECT_EQ(read_bytes(msh), good);
  std::string corrupt = good;
  corrupt[corrupt.size() / 2] ^= 0x01;
  std::ofstream(msh, std::ios::binary) << corrupt;
  clear_mesh_memory_cache();
  EXPECT_TRUE(bit_identical(*generated_mesh(ball), *fresh));
  EXPECT_EQ(read_bytes(msh), good);

  // A .key holding another key text is a miss too.
  std::ofstream(key, std::ios::binary) << "gmsh 0.0 ball radius=0.5\nsha256 0\n";
  clear_mesh_memory_cache();
  EXPECT_TRUE(bit_identical(*generated_mesh(ball), *fresh));
  EXPECT_EQ(read_bytes(key).substr(0, mesh_key_text(ball).size()), mesh_key_text(ball));
  set_mesh_cache_directory("");
}

TEST(Meshes, ConcurrentRequestsGetOneMeshPerKey) {
  set_mesh_cache_directory("");
  clear_mesh_memory_cache();
  const MeshSpec specs[2] = {{"box", 1, 1, 1, 0.5}, {"ball", 0.5, 0, 0, 0.3}};
  std::vector<std::shared_ptr<const TetMesh>> got(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i) {
    threads.emplace_back([&, i] { got[i] = generated_mesh(specs[i % 2]); });
  }
  for (auto& t : threads) t.join();
  for (std::size_t i = 2; i < got.size(); ++i) EXPECT_EQ(got[i], got[i % 2]);
  clear_mesh_memory_cache();
  EXPECT_TRUE(bit_identical(*generated_mesh(specs[1]), *got[1]));
}

// A unit cube as 5 tetrahedra (four corners and the middle one), node tags
// 10..80 plus an unused node 5; some tets negatively oriented; a triangle
// element and $PhysicalNames/$Entities sections the reader must step over.
const char* k_cube_v41 = R"($MeshFormat
4.1 0 8
$EndMeshFormat
$PhysicalNames
1
3 1 "cube"
$EndPhysicalNames
$Entities
0 0 0 1
1 0 0 0 1 1 1 1 1 0
$EndEntities
$Nodes
2 9 5 80
0 1 0 1
5
9 9 9
3 1 0 8
10
20
30
40
50
60
70
80
0 0 0
1 0 0
0 1 0
1 1 0
0 0 1
1 0 1
0 1 1
1 1 1
$EndNodes
$Elements
2 6 1 6
2 1 2 1
1 10 20 30
3 1 4 5
2 10 20 30 50
3 40 20 30 80
4 60 20 50 80
5 70 30 50 80
6 20 30 50 80
$EndElements
)";

// The same cube in the 4.0 layout (block headers: entity tag first; one
// "tag x y z" line per node).
const char* k_cube_v40 = R"($MeshFormat
4 0 8
$EndMeshFormat
$Nodes
1 8
1 3 0 8
10 0 0 0
20 1 0 0
30 0 1 0
40 1 1 0
50 0 0 1
60 1 0 1
70 0 1 1
80 1 1 1
$EndNodes
$Elements
1 5
1 3 4 5
2 10 20 30 50
3 40 20 30 80
4 60 20 50 80
5 70 30 50 80
6 20 30 50 80
$EndElements
)";

void expect_unit_cube(const TetMesh& m) {
  EXPECT_EQ(m.vertex_count(), 8);
  EXPECT_EQ(m.tet_count(), 5);
  EXPECT_EQ(m.surface_triangle_count(), 12);
  EXPECT_EQ(m.surface_vertices().size(), 8u);
  EXPECT_EQ(m.vertices.col(0), Eigen::Vector3d(0, 0, 0));  // node-tag order
  EXPECT_EQ(m.vertices.col(7), Eigen::Vector3d(1, 1, 1));
  expect_valid_solid(m);
  EXPECT_NEAR(tet_volume(m), 1.0, 1e-15);
}

TEST(Meshes, HandWrittenMshFilesLoad) {
  const ScratchDir dir("files");
  const std::string v41 = dir.file("cube41.msh", k_cube_v41);
  const auto m = mesh_from_file(v41);
  expect_unit_cube(*m);
  EXPECT_EQ(m->description.substr(0, v41.size() + 8), v41 + " sha256=");
  EXPECT_EQ(m->description.size(), v41.size() + 8 + 64);
  EXPECT_EQ(mesh_from_file(v41), m);  // cached by path and contents
  expect_unit_cube(*mesh_from_file(dir.file("cube40.msh", k_cube_v40)));
  // Windows line endings read the same.
  std::string crlf;
  for (const char* c = k_cube_v41; *c; ++c) {
    if (*c == '\n') crlf += '\r';
    crlf += *c;
  }
  expect_unit_cube(*mesh_from_file(dir.file("crlf.msh", crlf)));
}

TEST(Meshes, BadFilesNameThePathAndWhatIsAccepted) {
  const ScratchDir dir("bad");
  const std::string missing = (dir.path / "missing.msh").string();
  expect_input_error([&] { mesh_from_file(missing); }, {missing, "no such file", "accepted"});
  expect_input_error([&] { mesh_from_file(dir.path.string()); }, {"is a directory"});
  const std::string v22 = dir.file("v22.msh",
                                   "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 0 0\n"
                                   "$EndNodes\n");
  expect_input_error([&] { mesh_from_file(v22); }, {v22, "version 2.2", "accepted: gmsh .msh"});
  std::string no_tets = k_cube_v41;
  no_tets = no_tets.substr(0, no_tets.find("3 1 4 5")) + "$EndElements\n";
  no_tets.replace(no_tets.find("2 6 1 6"), 7, "1 1 1 1");
  const std::string tri = dir.file("tri.msh", no_tets);
  expect_input_error([&] { mesh_from_file(tri); }, {tri, "no tetrahedra"});
  const std::string cube = k_cube_v41;
  const std::string cut = dir.file("cut.msh", cube.substr(0, cube.find("4 60 20")));
  expect_input_error([&] { mesh_from_file(cut); }, {cut});
  const std::string text = dir.file("text.msh", "hello\n");
  expect_input_error([&] { mesh_from_file(text); }, {text, "$MeshFormat"});
  std::string dangling = k_cube_v41;
  dangling.replace(dangling.find("6 20 30 50 80"), 13, "6 20 30 50 99");
  const std::string dang = dir.file("dangling.msh", dangling);
  expect_input_error([&] { mesh_from_file(dang); }, {"node 99"});
}

TEST(Meshes, BadSpecsNameTheValue) {
  set_mesh_cache_directory("");
  expect_input_error(
      [] {
        generated_mesh({"cube", 1, 1, 1, 0.1});
      },
      {"'cube'", "accepted: ball, box, bar, torus"});
  expect_input_error([] { generated_mesh({"ball", 0.5, 0, 0, 0}); }, {"mesh size = 0", "> 0"});
  expect_input_error([] { generated_mesh({"ball", 0.5, 0, 0, -1}); }, {"mesh size = -1"});
  expect_input_error([] { generated_mesh({"ball", 0.5, 0, 0, std::nan("")}); }, {"mesh size"});
  expect_input_error([] { generated_mesh({"ball", -0.5, 0, 0, 0.1}); }, {"ball radius (a) = -0.5"});
  expect_input_error([] { generated_mesh({"box", 1, 0, 1, 0.1}); }, {"along y (b) = 0"});
  expect_input_error(
      [] {
        generated_mesh({"torus", 0.5, 0.5, 0, 0.1});
      },
      {"minor radius (b) = 0.5", "major radius (a) = 0.5"});
  expect_input_error(
      [] {
        generated_mesh({"ball", 1, 0, 0, 1e-4});
      },
      {"mesh size = 0.0001", "tetrahedra", "at most 20000000"});
}

Eigen::Matrix3Xd unit_tet_vertices() {
  Eigen::Matrix3Xd x(3, 5);
  x << 0, 1, 0, 0, 7,  //
      0, 0, 1, 0, 7,   //
      0, 0, 0, 1, 7;
  return x;
}

TEST(Meshes, MakeTetMeshOrientsCompactsAndFindsTheSurface) {
  // Vertex 3 unused; the tet (0 2 1 4) is negatively oriented.
  Eigen::Matrix3Xd x = unit_tet_vertices();
  x.col(3).swap(x.col(4));
  const TetMesh m = make_tet_mesh(x, {{0, 2, 1, 4}}, "one tet");
  EXPECT_EQ(m.vertex_count(), 4);
  EXPECT_EQ(m.vertices.col(3), Eigen::Vector3d(0, 0, 1));  // old vertex 4, order kept
  ASSERT_EQ(m.tet_count(), 1);
  EXPECT_GT(tet_det(m, m.tets[0]), 0.0);
  EXPECT_EQ(m.surface_triangle_count(), 4);
  expect_valid_solid(m);
  EXPECT_NEAR(tet_volume(m), 1.0 / 6.0, 1e-16);
  EXPECT_EQ(m.description, "one tet");
}

TEST(Meshes, MakeTetMeshRejectsBadTetrahedra) {
  const Eigen::Matrix3Xd x = unit_tet_vertices();
  expect_input_error(
      [&] {
        make_tet_mesh(x, {{0, 1, 2, 5}}, "m");
      },
      {"'m'", "tetrahedron 0", "index 5 out of range [0, 5)"});
  expect_input_error([&] { make_tet_mesh(x, {{0, 1, -1, 3}}, "m"); }, {"index -1"});
  expect_input_error([&] { make_tet_mesh(x, {{0, 1, 1, 3}}, "m"); }, {"repeats a vertex"});
  Eigen::Matrix3Xd flat = x;
  flat(2, 3) = 1e-14;  // vertex 3 nearly in the plane of 0, 1, 2
  expect_input_error(
      [&] {
        make_tet_mesh(flat, {{0, 1, 2, 3}}, "m");
      },
      {"tetrahedron 0", "degenerate"});
  expect_input_error([&] { make_tet_mesh(x, {}, "m"); }, {"no tetrahedra"});
  // Three tets on the face (0 1 2): apexes 3, 4 and a point below.
  Eigen::Matrix3Xd y(3, 6);
  y.leftCols(5) = x;
  y.col(5) << 0.2, 0.2, -1;
  expect_input_error(
      [&] {
        make_tet_mesh(y, {{0, 1, 2, 3}, {0, 1, 2, 4}, {0, 1, 2, 5}}, "m");
      },
      {"face (0 1 2)", "shared by 3"});
}

}  // namespace
}  // namespace tibench
