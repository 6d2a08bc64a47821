// Scene files (problems/scenes/scene_file.hpp): every registry contact scene,
// at its small instance and with each of its variants, exported and loaded
// back builds the identical problem (masses, initial state, energies,
// forces, and three backward-Euler steps, bit for bit); bodies of different
// materials sum their energies; the refusals name file and line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "problems/scenes/scene_file.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

std::filesystem::path scratch(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() /
                 ("tibench-scene-" + std::to_string(::getpid()) + "-" + name);
  std::filesystem::create_directories(d);
  return d;
}

void expect_same_vectors(const Vec& a, const Vec& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (Eigen::Index k = 0; k < a.size(); ++k) EXPECT_EQ(a[k], b[k]) << what << "[" << k << "]";
}

void expect_same_problem(const Problem& built_in, const Problem& loaded, const std::string& what) {
  expect_same_vectors(built_in.mass(), loaded.mass(), what + " mass");
  const State a = built_in.initial_state(), b = loaded.initial_state();
  expect_same_vectors(a.q, b.q, what + " q0");
  expect_same_vectors(a.v, b.v, what + " v0");
  for (const State& s : {a, built_in.sample_state(7)}) {
    EXPECT_EQ(built_in.potential(s.q), loaded.potential(s.q)) << what;
    Vec ga, gb;
    built_in.gradient(s.q, ga);
    loaded.gradient(s.q, gb);
    expect_same_vectors(ga, gb, what + " gradient");
  }
  std::vector<double> oa, ob;
  built_in.observables(a, oa);
  loaded.observables(b, ob);
  EXPECT_EQ(oa, ob) << what;
  EXPECT_EQ(built_in.observable_names(), loaded.observable_names()) << what;
  // Three backward-Euler steps of each; where backward Euler does not apply
  // (q-dependent damping needs an optimization integrator) both must refuse
  // it with the same message.
  const IntegratorInfo& be = find_integrator("backward-euler");
  State xa = a, xb = b;
  auto steps = [&](const Problem& p, State& x) -> std::string {
    try {
      auto stepper = be.stepper(p, 0.01);
      std::string reports;
      for (int n = 0; n < 3; ++n) {
        const StepReport r = stepper->step(x);
        reports +=
            std::to_string(static_cast<int>(r.status)) + "/" + std::to_string(r.newton_iters) + " ";
      }
      return reports;
    } catch (const std::exception& e) {  // "<problem id>: why"
      const std::string message = e.what();
      return message.substr(message.find(':') + 1);
    }
  };
  EXPECT_EQ(steps(built_in, xa), steps(loaded, xb)) << what;
  expect_same_vectors(xa.q, xb.q, what + " q after 3 steps");
  expect_same_vectors(xa.v, xb.v, what + " v after 3 steps");
}

SceneFile exported(const ProblemInfo& info, const std::vector<std::string>& overrides,
                   const std::filesystem::path& dir) {
  const ParamSet p = problem_params(info, overrides);
  const std::string mesh = (dir / (info.id + ".msh")).string();
  const SceneExport e = scene_file_text(info, p, mesh);
  if (!e.mesh_text.empty()) std::ofstream(mesh) << e.mesh_text;
  return parse_scene_file(e.text, info.id + ".toml", dir.string());
}

TEST(SceneFile, EveryContactSceneRoundTripsThroughItsExport) {
  const auto dir = scratch("roundtrip");
  int scenes = 0;
  for (const ProblemInfo& info : problem_registry()) {
    if (!info.contact_scene) continue;
    ++scenes;
    std::vector<std::vector<std::string>> cases{info.small_instance};
    for (const auto& v : info.variants) {
      cases.push_back(info.small_instance);
      cases.back().insert(cases.back().end(), v.begin(), v.end());
    }
    for (const auto& overrides : cases) {
      std::string what = info.id;
      for (const auto& o : overrides) what += " " + o;
      const SceneFile scene = exported(info, overrides, dir);
      EXPECT_EQ(scene.info.id, info.id + "-file");
      const auto built_in = info.make(problem_params(info, overrides));
      const auto loaded = scene.info.make(problem_params(scene.info));
      expect_same_problem(*built_in, *loaded, what);
    }
  }
  EXPECT_GE(scenes, 7);
  std::filesystem::remove_all(dir);
}

const char* kTwoMaterials = R"toml(id = "soft-hard"
[world]
g = 0
contact = "none"
[[body]]
name = "soft"
geometry = "box"
mesh_size = 0.5
E = 1e5
position = [-1, 0, 0]
[[body]]
name = "hard"
geometry = "box"
mesh_size = 0.5
material = "fixed-corotated"
E = 1e7
rho = 3000
position = [1, 0, 0]
velocity = [-1, 0, 0]
)toml";

// The same body alone in a scene (one material, one density).
std::string alone(const std::string& body) {
  std::string text = kTwoMaterials;
  const auto first = text.find("[[body]]"), second = text.find("[[body]]", first + 1);
  if (body == "soft") return text.substr(0, second);
  return text.substr(0, first) + text.substr(second);
}

TEST(SceneFile, BodiesOfDifferentMaterialsSumTheirEnergies) {
  const SceneFile both = parse_scene_file(kTwoMaterials, "both.toml", ".");
  const SceneFile soft = parse_scene_file(alone("soft"), "soft.toml", ".");
  const SceneFile hard = parse_scene_file(alone("hard"), "hard.toml", ".");
  const auto pb = both.info.make(problem_params(both.info));
  const auto ps = soft.info.make(problem_params(soft.info));
  const auto ph = hard.info.make(problem_params(hard.info));
  const Eigen::Index ns = ps->dofs();
  ASSERT_EQ(pb->dofs(), ns + ph->dofs());
  const State s = pb->sample_state(3);
  const Vec qs = s.q.head(ns), qh = s.q.tail(ph->dofs());
  EXPECT_NEAR(pb->potential(s.q), ps->potential(qs) + ph->potential(qh),
              1e-12 * std::abs(pb->potential(s.q)));
  Vec g, gs, gh;
  pb->gradient(s.q, g);
  ps->gradient(qs, gs);
  ph->gradient(qh, gh);
  EXPECT_LT((g.head(ns) - gs).norm(), 1e-12 * gs.norm());
  EXPECT_LT((g.tail(ph->dofs()) - gh).norm(), 1e-12 * gh.norm());
  expect_same_vectors(pb->mass().head(ns), ps->mass(), "soft mass");
  expect_same_vectors(pb->mass().tail(ph->dofs()), ph->mass(), "hard mass");
  // The hard body moves, the soft one rests; per-body observables.
  const State s0 = pb->initial_state();
  EXPECT_EQ(s0.v.head(ns).norm(), 0.0);
  EXPECT_EQ(s0.v[ns], -1.0);
}

TEST(SceneFile, ObservablesPerBody) {
  std::string text = kTwoMaterials;
  text.insert(text.find("[world]"), "observables = [\"com_x\", \"hard.com_vx\", \"soft.com_x\"]\n");
  const SceneFile scene = parse_scene_file(text, "obs.toml", ".");
  const auto p = scene.info.make(problem_params(scene.info));
  std::vector<double> o;
  p->observables(p->initial_state(), o);
  ASSERT_EQ(o.size(), 3u);
  EXPECT_NEAR(o[1], -1.0, 1e-15);  // the hard body's velocity
  EXPECT_NEAR(o[2], -1.0, 1e-12);  // the soft box's centre
  EXPECT_GT(o[0], -1.0);           // the scene's centre, weighted to the heavy box
}

std::string refusal(const std::string& text) {
  try {
    (void)parse_scene_file(text, "bad.toml", ".");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(SceneFile, BadFilesAreRefusedNamingFileAndLine) {
  const std::string t = kTwoMaterials;
  struct Case {
    std::string text, message;
  };
  const std::vector<Case> cases{
      {replaced(t, "g = 0", "gravity = 0"),
       "bad.toml:3: unknown parameter 'gravity' for scene 'soft-hard'"},
      {replaced(t, "E = 1e5", "E = -1"), "bad.toml:9: body 'soft': E = -1 is out of range"},
      {replaced(t, "E = 1e5", "colour = \"red\""),
       "bad.toml:9: unknown parameter 'colour' for body 'soft'"},
      {replaced(t, "id = \"soft-hard\"", "id = \"ball-drop\""),
       "bad.toml:1: id 'ball-drop' is the registry's problem 'ball-drop'"},
      {replaced(t, "position = [1, 0, 0]", "position = [-0.8, 0, 0]"),
       "bad.toml:5: bodies 'soft' and 'hard' overlap at t = 0"},
      {replaced(t, "name = \"hard\"", "name = \"soft\""), "bad.toml:12: two bodies named 'soft'"},
      {replaced(t, "position = [-1, 0, 0]", "position = [-1, 0]"),
       "bad.toml:10: position must be an array of 3 numbers"},
      {replaced(t, "contact = \"none\"", "contact = \"none\"\ndamping = \"rayleigh\"\nbeta = 0.1"),
       "damping=rayleigh needs one material for every body"},
      {t + "[[obstacle]]\nname = \"floor\"\nshape = \"half-space\"\npoint = [0, 0, 0]\n",
       "a half-space needs normal"},
      {t + "[[obstacle]]\nname = \"x\"\nshape = \"cone\"\n", "bad.toml:22: unknown shape 'cone'"},
      {"id = \"x\"\nobservables = [\"spin\"]\n" + t.substr(t.find("[world]")),
       "unknown observable 'spin'"},
  };
  for (const Case& c : cases) {
    const std::string got = refusal(c.text);
    EXPECT_NE(got.find(c.message), std::string::npos)
        << "expected: " << c.message << "\ngot: " << got;
  }
}

TEST(SceneFile, DegenerateTetrahedraAndBadMeshesAreRefused) {
  const auto dir = scratch("meshes");
  // One tetrahedron with its four vertices in a plane: zero volume.
  std::ofstream(dir / "flat.msh") << "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 4 1 4\n"
                                     "3 1 0 4\n1\n2\n3\n4\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n"
                                     "$EndNodes\n$Elements\n1 1 1 1\n3 1 4 1\n1 1 2 3 4\n"
                                     "$EndElements\n";
  std::ofstream(dir / "garbage.msh") << "not a mesh\n";
  const std::string body = "id = \"x\"\n[[body]]\nname = \"b\"\ngeometry = \"file\"\nmesh_file = ";
  std::string got = refusal(body + "\"" + (dir / "flat.msh").string() + "\"\n");
  EXPECT_NE(got.find("bad.toml:2: body 'b':"), std::string::npos) << got;
  EXPECT_NE(got.find("is degenerate (zero volume"), std::string::npos) << got;
  got = refusal(body + "\"" + (dir / "garbage.msh").string() + "\"\n");
  EXPECT_NE(got.find("bad.toml:2: body 'b':"), std::string::npos) << got;
  EXPECT_NE(got.find("garbage.msh"), std::string::npos) << got;
  std::filesystem::remove_all(dir);
}

// A body from a gmsh .geo script, its path relative to the scene file: an
// OpenCASCADE box, so the mass is exact; a registry scene run on the same
// script exports to a file that builds the identical problem.
TEST(SceneFile, GeoScriptBodiesAreMeshedByGmsh) {
  const auto dir = scratch("geo");
  std::ofstream(dir / "part.geo") << "SetFactory(\"OpenCASCADE\");\n"
                                     "Box(1) = {-0.2, -0.1, -0.3, 0.4, 0.2, 0.6};\n"
                                     "Mesh.MeshSizeMax = 0.15;\n";
  const std::string body = "id = \"x\"\n[[body]]\nname = \"b\"\ngeometry = \"geo\"\n";
  const SceneFile scene =
      parse_scene_file(body + "geo_file = \"part.geo\"\nrho = 500\n", "scene.toml", dir.string());
  const auto p = scene.info.make(problem_params(scene.info));
  EXPECT_NEAR(p->mass().sum() / 3, 500 * 0.4 * 0.2 * 0.6, 1e-12 * 24);
  EXPECT_NE(scene.identity.find("script " + (dir / "part.geo").string()), std::string::npos);

  const ProblemInfo& ball_drop = find_problem("ball-drop");
  const std::vector<std::string> geo{"geometry=geo", "geo_file=" + (dir / "part.geo").string()};
  const SceneFile export_of_geo = exported(ball_drop, geo, dir);
  expect_same_problem(*ball_drop.make(problem_params(ball_drop, geo)),
                      *export_of_geo.info.make(problem_params(export_of_geo.info)),
                      "ball-drop on a .geo script");

  std::ofstream(dir / "exit.geo") << "Exit;\n";
  std::string got = refusal(body + "geo_file = \"" + (dir / "exit.geo").string() + "\"\n");
  EXPECT_NE(got.find("bad.toml:2: body 'b': gmsh script"), std::string::npos) << got;
  EXPECT_NE(got.find("Exit would end tibench's process"), std::string::npos) << got;
  got = refusal("id = \"x\"\n[[body]]\nname = \"b\"\ngeo_file = \"" + (dir / "part.geo").string() +
                "\"\n");
  EXPECT_NE(got.find("is read only with geometry=geo (got geometry=ball)"), std::string::npos)
      << got;
  std::filesystem::remove_all(dir);
}

// Every scene shipped in problems/scenes/examples/ loads, and its bodies
// start apart and above its obstacles.
TEST(SceneFile, ShippedScenesLoad) {
  const auto dir = std::filesystem::path(test::source_dir()) / "problems/scenes/examples";
  int shipped = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".toml") continue;
    ++shipped;
    const SceneFile scene = load_scene_file(e.path().string());
    EXPECT_EQ(scene.info.id, e.path().stem().string()) << "a shipped file is named after its id";
    const auto p = scene.info.make(problem_params(scene.info));
    const State s = p->initial_state();
    for (const Obstacle& o : scene.obstacles)
      for (Index i = 0; i < p->nodes(); ++i)
        EXPECT_GE(o.phi(Vector3(s.q.segment<3>(3 * i)), 0.0), 0.0) << e.path() << " " << o.name;
  }
  EXPECT_GE(shipped, 2);
}

}  // namespace
}  // namespace tibench
