// gmsh .geo scripts as body geometry (meshes/geo_script.hpp,
// mesh_from_geo_script): the mesh is a closed solid of the script's volume
// whatever physical groups and element order the script asks for; it is
// reproducible; a script's options reach no other mesh; editing a script or
// a script it includes meshes again; and what cannot be run is refused
// before gmsh runs it (Exit would end the process).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "mesh_checks.hpp"
#include "meshes/mesh_source.hpp"

namespace tibench {
namespace {

using namespace mesh_checks;

// A 1 × 0.5 × 0.5 block with a hole of radius 0.1 through it along z, with
// a physical group on one face only (without Mesh.SaveAll gmsh would write
// no tetrahedron), second-order elements asked for, and meshed by the
// script itself.
const char* kBlockWithHole = R"(// Exit in a comment is harmless
SetFactory("OpenCASCADE");
Include "sizes.geo";
Box(1) = {0, 0, 0, 1, 0.5, 0.5};
Cylinder(2) = {0.5, 0.25, 0, 0, 0, 0.5, 0.1};
BooleanDifference{ Volume{1}; Delete; }{ Volume{2}; Delete; }
Physical Surface("bottom") = {1};
Mesh.ElementOrder = 2;
Printf("Exit is only text here");
Mesh 3;
)";

TEST(GeoScripts, MeshAClosedSolidOfTheScriptsVolume) {
  const ScratchDir dir("geo-volume");
  dir.file("sizes.geo", "Mesh.MeshSizeMax = 0.08;\n");
  const auto m = mesh_from_geo_script(dir.file("block.geo", kBlockWithHole));
  expect_valid_solid(*m);
  // The hole's faceted wall is inscribed in the cylinder: the mesh holds
  // slightly more than the exact volume, by far less than 1 %.
  const double exact = 1.0 * 0.5 * 0.5 - std::numbers::pi * 0.1 * 0.1 * 0.5;
  EXPECT_GT(tet_volume(*m), exact);
  EXPECT_NEAR(tet_volume(*m), exact, 0.01 * exact);
  EXPECT_NE(m->description.find("script " + (dir.path / "block.geo").string() + " sha256="),
            std::string::npos)
      << m->description;
  EXPECT_NE(m->description.find(", mesh sha256="), std::string::npos) << m->description;
}

TEST(GeoScripts, MeshingIsReproducible) {
  const ScratchDir dir("geo-repeat");
  dir.file("sizes.geo", "Mesh.MeshSizeMax = 0.1;\n");
  const std::string script = dir.file("block.geo", kBlockWithHole);
  clear_mesh_memory_cache();
  const auto first = mesh_from_geo_script(script);
  EXPECT_EQ(mesh_from_geo_script(script), first);  // from the memory cache
  clear_mesh_memory_cache();
  const auto second = mesh_from_geo_script(script);
  EXPECT_NE(second, first);
  EXPECT_TRUE(bit_identical(*first, *second));
}

// gmsh's options outlive its model; a script sets what it likes. The
// primitives' recipe does not pin Mesh.Optimize or Mesh.Smoothing, so had
// the script's values survived, the torus would be meshed differently.
TEST(GeoScripts, AScriptsOptionsReachNoOtherMesh) {
  set_mesh_cache_directory("");
  const MeshSpec torus{"torus", 0.5, 0.2, 0, 0.12};
  clear_mesh_memory_cache();
  const auto before = generated_mesh(torus);
  const ScratchDir dir("geo-options");
  (void)mesh_from_geo_script(dir.file("options.geo", R"(SetFactory("OpenCASCADE");
Mesh.Optimize = 0;
Mesh.Smoothing = 0;
Mesh.Algorithm = 1;
Mesh.RandomFactor = 1e-6;
Sphere(1) = {0, 0, 0, 0.5};
Mesh.MeshSizeMax = 0.2;
)"));
  clear_mesh_memory_cache();
  const auto after = generated_mesh(torus);
  EXPECT_TRUE(bit_identical(*before, *after));
}

TEST(GeoScripts, EditingAnIncludedScriptMeshesAgain) {
  const ScratchDir dir("geo-edit");
  dir.file("sizes.geo", "Mesh.MeshSizeMax = 0.12;\n");
  const std::string script = dir.file("block.geo", kBlockWithHole);
  const auto coarse = mesh_from_geo_script(script);
  dir.file("sizes.geo", "Mesh.MeshSizeMax = 0.09;\n");
  const auto fine = mesh_from_geo_script(script);
  EXPECT_GT(fine->tet_count(), coarse->tet_count());
  EXPECT_NE(fine->description, coarse->description);
}

TEST(GeoScripts, BadScriptsAreRefusedNamingTheFile) {
  const ScratchDir dir("geo-bad");
  const std::string missing = (dir.path / "missing.geo").string();
  expect_input_error([&] { mesh_from_geo_script(missing); }, {missing, "cannot be read"});
  const std::string step = dir.file("part.step", "ISO-10303-21;\n");
  expect_input_error([&] { mesh_from_geo_script(step); }, {step, "does not end in .geo"});
  const std::string exits = dir.file("exits.geo", "Point(1) = {0, 0, 0};\n\n  Exit;\n");
  expect_input_error([&] { mesh_from_geo_script(exits); },
                     {exits, "line 3", "Exit would end tibench's process"});
  dir.file("inner.geo", "/* a\ncomment */ Exit;\n");
  const std::string outer = dir.file("outer.geo", "Include \"inner.geo\";\n");
  expect_input_error([&] { mesh_from_geo_script(outer); }, {"inner.geo' line 2", "included from"});
  const std::string cycle = dir.file("cycle.geo", "Include \"cycle.geo\";\n");
  expect_input_error([&] { mesh_from_geo_script(cycle); }, {"includes itself"});
  const std::string computed = dir.file("computed.geo", "Include StrCat(\"a\", \".geo\");\n");
  expect_input_error([&] { mesh_from_geo_script(computed); }, {computed, "computed path"});
  const std::string syntax = dir.file("syntax.geo", "Box(1) = {0, 0, 0, 1, 1;\n");
  expect_input_error([&] { mesh_from_geo_script(syntax); }, {"gmsh failed to mesh", syntax});
  const std::string flat = dir.file("flat.geo", R"(SetFactory("OpenCASCADE");
Rectangle(1) = {0, 0, 0, 1, 1};
)");
  expect_input_error([&] { mesh_from_geo_script(flat); },
                     {"no tetrahedra", "a script that defines at least one volume"});
}

}  // namespace
}  // namespace tibench
