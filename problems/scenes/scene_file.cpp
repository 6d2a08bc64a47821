#include "problems/scenes/scene_file.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "core/parameters.hpp"
#include "core/toml_input.hpp"
#include "problems/contact/self_collision.hpp"

namespace tibench {
namespace {

using toml_input::TomlFile;

struct Reader {
  TomlFile file;
  std::string directory;
};

const char* kAccepted =
    "TOML v1.0 with id, [world], [[body]] and [[obstacle]], docs/scene-files.md";

bool valid_id(const std::string& id) {
  auto plain = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'); };
  return !id.empty() && plain(id.front()) && std::all_of(id.begin(), id.end(), [&](char ch) {
    return plain(ch) || ch == '.' || ch == '_' || ch == '-';
  });
}

std::string required_string(const Reader& r, const toml::table& t, const char* key,
                            const toml::node& where, const std::string& context) {
  const toml::node* n = t.get(key);
  if (!n) r.file.fail(where, context + " needs " + key + " = \"...\"");
  if (!n->is_string() || n->value<std::string>()->empty())
    r.file.fail(*n, std::string(key) + " must be a nonempty string");
  return *n->value<std::string>();
}

Vector3 vector3(const Reader& r, const toml::node& n, const std::string& what) {
  const toml::array* a = n.as_array();
  if (!a || a->size() != 3) r.file.fail(n, what + " must be an array of 3 numbers [x, y, z]");
  Vector3 v;
  for (int i = 0; i < 3; ++i) {
    const auto x = (*a)[static_cast<std::size_t>(i)].value<double>();
    if (!x || !std::isfinite(*x))
      r.file.fail((*a)[static_cast<std::size_t>(i)], what + " must hold finite numbers");
    v[i] = *x;
  }
  return v;
}

Vector3 optional_vector3(const Reader& r, const toml::table& t, const char* key) {
  const toml::node* n = t.get(key);
  return n ? vector3(r, *n, key) : Vector3::Zero();
}

double number(const Reader& r, const toml::node& n, const std::string& what) {
  const auto x = n.value<double>();
  if (!x || !std::isfinite(*x) || n.is_boolean()) r.file.fail(n, what + " must be a finite number");
  return *x;
}

// A parameter value as ParamSet::set reads it.
std::string parameter_text(const Reader& r, const toml::node& n, const std::string& key) {
  if (n.is_boolean()) return *n.value<bool>() ? "true" : "false";
  return toml_input::text_value(r.file, n, key);
}

bool is_path_parameter(const ParamSet& params, const std::string& name) {
  for (const ParamSpec& spec : params.specs())
    if (spec.name == name) return spec.kind == ParamKind::path;
  return false;
}

// Sets every key of `t` but `skip` in `params`, naming the line on failure;
// relative paths (mesh_file, geo_file) start at the scene file's directory.
void set_parameters(const Reader& r, const toml::table& t, const std::set<std::string>& skip,
                    ParamSet& params) {
  for (const auto& [key, node] : t) {
    const std::string name(key.str());
    if (skip.count(name)) continue;
    std::string text = parameter_text(r, node, name);
    if (is_path_parameter(params, name) && !text.empty() &&
        std::filesystem::path(text).is_relative())
      text = (std::filesystem::path(r.directory) / text).lexically_normal().string();
    try {
      params.set(name, text);
    } catch (const InputError& e) {
      r.file.fail(node, e.what());
    }
  }
}

std::shared_ptr<const TetMesh> rotated(const TetMesh& m, const Vector3& axis, double degrees) {
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(degrees * M_PI / 180.0, axis.normalized()).toRotationMatrix();
  return std::make_shared<const TetMesh>(make_tet_mesh(
      R * m.vertices, m.tets,
      m.description + ", rotated " + format_real(degrees) + " deg about (" + format_real(axis.x()) +
          ", " + format_real(axis.y()) + ", " + format_real(axis.z()) + ")"));
}

std::vector<SceneBody> read_bodies(const Reader& r, const toml::table& root,
                                   std::vector<const toml::node*>& where) {
  const toml::node* n = root.get("body");
  const toml::array* bodies = n ? n->as_array() : nullptr;
  if (!bodies || bodies->empty() || !bodies->is_array_of_tables())
    r.file.fail(n ? *n : static_cast<const toml::node&>(root),
                "a scene file needs one or more [[body]] tables");
  std::vector<SceneBody> out;
  for (const toml::node& node : *bodies) {
    const toml::table& t = *node.as_table();
    SceneBody b;
    b.name = required_string(r, t, "name", node, "a [[body]]");
    if (!valid_id(b.name))
      r.file.fail(*t.get("name"), "invalid body name '" + b.name +
                                      "' (accepted: lower-case letters, digits, '.', '_', '-')");
    for (const auto& other : out)
      if (other.name == b.name) r.file.fail(*t.get("name"), "two bodies named '" + b.name + "'");
    ParamSet params("body '" + b.name + "'", contact_body_params());
    set_parameters(r, t, {"name", "position", "rotation", "velocity", "spin"}, params);
    try {
      b.mesh = contact_body_mesh(params);
    } catch (const InputError& e) {
      r.file.fail(node, "body '" + b.name + "': " + e.what());
    }
    if (const toml::node* rot = t.get("rotation")) {
      const toml::table* rt = rot->as_table();
      if (!rt) r.file.fail(*rot, "rotation must be { axis = [x, y, z], degrees = a }");
      toml_input::check_keys(r.file, *rt, {"axis", "degrees"}, "rotation");
      if (!rt->get("axis") || !rt->get("degrees"))
        r.file.fail(*rot, "rotation needs axis = [x, y, z] and degrees = a");
      const Vector3 axis = vector3(r, *rt->get("axis"), "rotation axis");
      if (!(axis.norm() > 0)) r.file.fail(*rt->get("axis"), "rotation axis must be nonzero");
      const double degrees = number(r, *rt->get("degrees"), "rotation degrees");
      if (degrees != 0) b.mesh = rotated(*b.mesh, axis, degrees);
    }
    b.position = optional_vector3(r, t, "position");
    b.velocity = optional_vector3(r, t, "velocity");
    b.spin = optional_vector3(r, t, "spin");
    b.material = params.choice("material");
    b.E = params.real("E"), b.nu = params.real("nu"), b.rho = params.real("rho");
    out.push_back(std::move(b));
    where.push_back(&node);
  }
  return out;
}

ShapeSpec read_shape(const Reader& r, const toml::table& t, const toml::node& where,
                     const std::vector<std::string>& extra_keys) {
  ShapeSpec s;
  s.kind = required_string(r, t, "shape", where, "an obstacle");
  std::vector<std::string> keys = extra_keys;
  keys.push_back("shape");
  const auto& kinds = shape_kinds();
  if (std::find(kinds.begin(), kinds.end(), s.kind) == kinds.end())
    r.file.fail(*t.get("shape"),
                "unknown shape '" + s.kind + "' (accepted: " + toml_input::comma_list(kinds) + ")");
  if (s.kind == "half-space") keys.insert(keys.end(), {"point", "normal"});
  if (s.kind == "sphere" || s.kind == "bowl") keys.insert(keys.end(), {"centre", "radius"});
  if (s.kind == "box") keys.insert(keys.end(), {"centre", "half_extents"});
  if (s.kind == "union") keys.push_back("members");
  toml_input::check_keys(r.file, t, keys, "a " + s.kind + " obstacle");
  auto need = [&](const char* key) -> const toml::node& {
    if (!t.get(key)) r.file.fail(where, "a " + s.kind + " needs " + key);
    return *t.get(key);
  };
  if (s.kind == "half-space") s.point = vector3(r, need("point"), "point");
  if (s.kind == "half-space") s.normal = vector3(r, need("normal"), "normal");
  if (s.kind == "sphere" || s.kind == "bowl" || s.kind == "box")
    s.centre = vector3(r, need("centre"), "centre");
  if (s.kind == "sphere" || s.kind == "bowl") s.radius = number(r, need("radius"), "radius");
  if (s.kind == "box") s.half_extents = vector3(r, need("half_extents"), "half_extents");
  if (s.kind == "union") {
    const toml::array* m = need("members").as_array();
    if (!m || m->empty() || !m->is_array_of_tables())
      r.file.fail(need("members"), "members must be an array of one or more shape tables");
    for (const toml::node& member : *m)
      s.members.push_back(read_shape(r, *member.as_table(), member, {}));
  }
  try {
    (void)make_shape(s);
  } catch (const InputError& e) {
    r.file.fail(where, e.what());
  }
  return s;
}

Motion read_motion(const Reader& r, const toml::node& n) {
  const toml::array* a = n.as_array();
  if (!a || !a->is_array_of_tables())
    r.file.fail(n, "motion must be an array of { velocity = [x, y, z], start = t0, stop = t1 }");
  Motion m;
  for (const toml::node& seg : *a) {
    const toml::table& t = *seg.as_table();
    toml_input::check_keys(r.file, t, {"velocity", "start", "stop"}, "a motion segment");
    MotionSegment s;
    s.velocity = optional_vector3(r, t, "velocity");
    if (const toml::node* x = t.get("start")) s.t_start = number(r, *x, "start");
    if (const toml::node* x = t.get("stop")) s.t_stop = number(r, *x, "stop");
    if (!(s.t_start >= 0) || !(s.t_stop > s.t_start))
      r.file.fail(seg, "a motion segment needs 0 <= start < stop (got start = " +
                           format_real(s.t_start) + ", stop = " + format_real(s.t_stop) + ")");
    m.segments.push_back(s);
  }
  return m;
}

std::vector<Obstacle> read_obstacles(const Reader& r, const toml::table& root) {
  std::vector<Obstacle> out;
  const toml::node* n = root.get("obstacle");
  if (!n) return out;
  const toml::array* a = n->as_array();
  if (!a || !a->is_array_of_tables()) r.file.fail(*n, "obstacles are [[obstacle]] tables");
  for (const toml::node& node : *a) {
    const toml::table& t = *node.as_table();
    Obstacle o;
    o.name = required_string(r, t, "name", node, "an [[obstacle]]");
    const ShapeSpec spec = read_shape(r, t, node, {"name", "motion"});
    o.shape = make_shape(spec);
    if (const toml::node* m = t.get("motion")) o.motion = read_motion(r, *m);
    out.push_back(std::move(o));
  }
  return out;
}

// Two bodies overlap when a vertex of one lies inside a tetrahedron of the
// other (CGAL's trees, as the self-collision penalty finds them).
void check_overlap(const Reader& r, const std::vector<SceneBody>& bodies,
                   const std::vector<const toml::node*>& where) {
  if (bodies.size() < 2) return;
  std::vector<Index> first{0};
  for (const auto& b : bodies) first.push_back(first.back() + b.mesh->vertex_count());
  const auto joined = joined_scene_mesh(bodies);
  const SelfCollisionPenalty detector(joined, 1.0);
  auto body_of = [&](int v) {
    return static_cast<std::size_t>(std::upper_bound(first.begin(), first.end(), v) -
                                    first.begin() - 1);
  };
  for (const SelfContact& c : detector.contacts(joined->vertices)) {
    const std::size_t a = body_of(c.point), b = body_of(c.primitive[0]);
    if (a != b)
      r.file.fail(*where[a], "bodies '" + bodies[a].name + "' and '" + bodies[b].name +
                                 "' overlap at t = 0 (a vertex of '" + bodies[a].name +
                                 "' lies inside '" + bodies[b].name +
                                 "'; accepted: bodies apart or touching)");
  }
}

std::vector<std::string> read_observables(const Reader& r, const toml::table& root) {
  std::vector<std::string> out;
  const toml::node* n = root.get("observables");
  if (!n) return out;
  const toml::array* a = n->as_array();
  if (!a || a->empty()) r.file.fail(*n, "observables must be a nonempty array of names");
  for (const toml::node& x : *a) {
    if (!x.is_string()) r.file.fail(x, "observables must be names (strings)");
    out.push_back(*x.value<std::string>());
  }
  return out;
}

// The world's parameter specs with the file's values as defaults.
std::vector<ParamSpec> world_specs(const ParamSet& world) {
  std::vector<ParamSpec> specs = world.specs();
  for (ParamSpec& s : specs) s.default_value = world.text(s.name);
  return specs;
}

}  // namespace

SceneFile parse_scene_file(const std::string& text, const std::string& source_name,
                           const std::string& directory) {
  const Reader r{{source_name}, directory};
  const toml::table root = toml_input::parse_document(text, source_name, kAccepted);
  toml_input::check_keys(r.file, root,
                         {"id", "summary", "citation", "observables", "world", "body", "obstacle"},
                         "a scene file");
  SceneFile scene;
  scene.path = source_name;
  scene.text = text;
  const std::string id = required_string(r, root, "id", root, "a scene file");
  if (!valid_id(id))
    r.file.fail(*root.get("id"), "invalid id '" + id +
                                     "' (accepted: lower-case letters, digits, '.', '_' and '-', "
                                     "starting with a letter or digit)");
  for (const ProblemInfo& registered : problem_registry())
    if (registered.id == id)
      r.file.fail(*root.get("id"), "id '" + id + "' is the registry's problem '" + registered.id +
                                       "' (" + registered.summary +
                                       "); a scene file needs an id of its own (accepted: any "
                                       "valid id not listed by `tibench list problems`)");
  const std::string summary =
      root.get("summary") ? required_string(r, root, "summary", root, "") : id;
  ParamSet world("scene '" + id + "'", contact_world_params());
  if (const toml::node* w = root.get("world")) {
    if (!w->is_table()) r.file.fail(*w, "[world] must be a table");
    set_parameters(r, *w->as_table(), {}, world);
  }
  std::vector<const toml::node*> body_nodes;
  scene.bodies = read_bodies(r, root, body_nodes);
  scene.obstacles = read_obstacles(r, root);
  scene.observables = read_observables(r, root);
  check_overlap(r, scene.bodies, body_nodes);
  scene.identity = text;
  for (const auto& b : scene.bodies) scene.identity += "\nmesh " + b.mesh->description;

  auto bodies = std::make_shared<const std::vector<SceneBody>>(scene.bodies);
  auto obstacles = std::make_shared<const std::vector<Obstacle>>(scene.obstacles);
  auto observables = std::make_shared<const std::vector<std::string>>(scene.observables);
  auto specs = std::make_shared<const std::vector<ParamSpec>>(world_specs(world));
  scene.info.id = id;
  scene.info.summary = summary + " (scene file " + source_name + ")";
  scene.info.param_specs = [specs] { return *specs; };
  scene.info.make = [id, bodies, obstacles, observables](ParamSet p) {
    return make_scene_problem(id, std::move(p), *bodies, *obstacles, *observables);
  };
  // Built once here, so that what only the assembled problem can refuse
  // (an observable name, damping across materials) is found on load.
  try {
    (void)scene.info.make(ParamSet(scene.info.id, *specs));
  } catch (const InputError& e) {
    throw InputError(source_name + ": " + e.what());
  }
  return scene;
}

SceneFile load_scene_file(const std::string& path) {
  return parse_scene_file(toml_input::read_input_file(path, "scene file", "docs/scene-files.md"),
                          path,
                          std::filesystem::path(path).parent_path().lexically_normal().string());
}

bool is_scene_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return toml::parse(text.str()).get("body") != nullptr;
  } catch (const toml::parse_error&) {
    return false;
  }
}

const SceneFile* scene_file_of(std::string_view id) {
  if (!id.starts_with(kSceneFilePrefix)) return nullptr;
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<SceneFile>, std::less<>> by_id;
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto it = by_id.find(id); it != by_id.end()) return it->second.get();
  const std::string path(id.substr(kSceneFilePrefix.size()));
  if (path.empty())
    throw InputError("problem 'file:' names no file (accepted: file:PATH to a scene file)");
  auto loaded = std::make_unique<SceneFile>(load_scene_file(path));
  return by_id.emplace(std::string(id), std::move(loaded)).first->second.get();
}

}  // namespace tibench
