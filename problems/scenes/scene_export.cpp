// `tibench export` of a registry contact scene, and the load report of
// `tibench list file:scene.toml` (problems/scenes/scene_file.hpp).
#include <cstdio>
#include <filesystem>

#include "core/parameters.hpp"
#include "core/toml_input.hpp"
#include "problems/scenes/scene_file.hpp"

namespace tibench {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

std::string vector_text(const Vector3& v) {
  std::string out = "[";
  for (int i = 0; i < 3; ++i) out.append(i ? ", " : "").append(format_real(v[i]));
  return out.append("]");
}

// A parameter as a TOML value of its kind.
std::string value_text(const ParamSet& p, const ParamSpec& s) {
  switch (s.kind) {
    case ParamKind::real: return format_real(p.real(s.name));
    case ParamKind::integer: return std::to_string(p.integer(s.name));
    case ParamKind::boolean: return p.boolean(s.name) ? "true" : "false";
    // Absolute: the scene file reads relative paths from its own directory.
    case ParamKind::path:
      return quoted(std::filesystem::absolute(p.path(s.name)).lexically_normal().string());
    default: return quoted(p.text(s.name));
  }
}

std::string shape_text(const ShapeSpec& s) {
  std::string out = "shape = " + quoted(s.kind);
  if (s.kind == "half-space")
    out += ", point = " + vector_text(s.point) + ", normal = " + vector_text(s.normal);
  if (s.kind == "sphere" || s.kind == "bowl")
    out += ", centre = " + vector_text(s.centre) + ", radius = " + format_real(s.radius);
  if (s.kind == "box")
    out +=
        ", centre = " + vector_text(s.centre) + ", half_extents = " + vector_text(s.half_extents);
  if (s.kind == "union") {
    out += ", members = [";
    for (std::size_t k = 0; k < s.members.size(); ++k)
      out += (k ? ", " : "") + std::string("{ ") + shape_text(s.members[k]) + " }";
    out += "]";
  }
  return out;
}

std::string obstacle_text(const Obstacle& o) {
  std::string out = "\n[[obstacle]]\nname = " + quoted(o.name) + "\n";
  const std::string shape = shape_text(o.shape->spec());
  // One key per line: "shape = ..., point = ..." split at the top level.
  int depth = 0;
  std::string line;
  for (const char ch : shape) {
    depth += (ch == '[' || ch == '{') - (ch == ']' || ch == '}');
    if (ch == ',' && depth == 0) {
      out += line + "\n";
      line.clear();
      continue;
    }
    if (!(line.empty() && ch == ' ')) line += ch;
  }
  out += line + "\n";
  if (!o.motion.segments.empty()) {
    out += "motion = [\n";
    for (const MotionSegment& s : o.motion.segments)
      out += "  { velocity = " + vector_text(s.velocity) + ", start = " + format_real(s.t_start) +
             (std::isfinite(s.t_stop) ? ", stop = " + format_real(s.t_stop) : "") + " },\n";
    out += "]\n";
  }
  return out;
}

// gmsh's ASCII .msh 4.1 with one volume entity: what mesh_from_file reads
// back to the same doubles (17 significant digits).
std::string msh_text(const TetMesh& m) {
  const long n = m.vertex_count(), t = m.tet_count();
  std::string out = "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 " + std::to_string(n) + " 1 " +
                    std::to_string(n) + "\n3 1 0 " + std::to_string(n) + "\n";
  for (long i = 1; i <= n; ++i) out.append(std::to_string(i)).append("\n");
  for (long i = 0; i < n; ++i)
    for (int c = 0; c < 3; ++c)
      out.append(format_real(m.vertices(c, i))).append(c < 2 ? " " : "\n");
  out += "$EndNodes\n$Elements\n1 " + std::to_string(t) + " 1 " + std::to_string(t) + "\n3 1 4 " +
         std::to_string(t) + "\n";
  for (long k = 0; k < t; ++k) {
    out += std::to_string(k + 1);
    for (const int v : m.tets[static_cast<std::size_t>(k)])
      out.append(" ").append(std::to_string(v + 1));
    out += "\n";
  }
  return out + "$EndElements\n";
}

std::string body_text(const SceneBody& b, const ParamSet& p, const std::string& mesh_file) {
  std::string out = "\n[[body]]\nname = " + quoted(b.name) + "\n";
  for (const ParamSpec& s : contact_body_params()) {
    if (!mesh_file.empty() && s.name == "geometry") {
      out += "geometry = \"file\"\nmesh_file = " + quoted(mesh_file) + "\n";
      continue;
    }
    if (s.name == "mesh_file" && (!mesh_file.empty() || p.path(s.name).empty())) continue;
    if (s.name == "geo_file" && p.path(s.name).empty()) continue;
    out += s.name + " = " + value_text(p, s) + "\n";
  }
  out += "position = " + vector_text(b.position) + "\nvelocity = " + vector_text(b.velocity) +
         "\nspin = " + vector_text(b.spin) + "\n";
  return out;
}

}  // namespace

SceneExport scene_file_text(const ProblemInfo& info, const ParamSet& p,
                            const std::string& mesh_path) {
  if (!info.contact_scene)
    throw InputError("problem '" + info.id +
                     "' is not a contact scene (accepted: the problems `tibench list problems` "
                     "marks with contact support, or an integrator id)");
  const ContactScene& scene = *info.contact_scene;
  const std::vector<SceneBody> bodies = contact_scene_bodies(scene, p);
  SceneExport out;
  out.text = "# Scene file (docs/scene-files.md), written by `tibench export " + info.id +
             "`:\n# the registry scene at the parameters below, numbers with 17 significant "
             "digits.\nid = " +
             quoted(info.id + "-file") + "\nsummary = " + quoted(info.summary) + "\n\n[world]\n";
  for (const ParamSpec& s : contact_world_params())
    out.text += s.name + " = " + value_text(p, s) + "\n";
  // A body the scene reshaped after meshing is written as the mesh it made.
  const std::string mesh_file =
      scene.arrange ? std::filesystem::path(mesh_path).filename().string() : "";
  if (scene.arrange) {
    if (mesh_path.empty())
      throw InputError("scene '" + info.id +
                       "' reshapes its body after meshing; its export writes the mesh beside the "
                       "scene file (accepted: export with -o FILE)");
    out.mesh_text = msh_text(*bodies.front().mesh);
  }
  for (const SceneBody& b : bodies) out.text += body_text(b, p, mesh_file);
  for (const Obstacle& o : scene.obstacles(p)) out.text += obstacle_text(o);
  return out;
}

std::string scene_report(const SceneFile& scene) {
  const auto problem = scene.info.make(ParamSet(scene.info.id, scene.info.param_specs()));
  const State s = problem->initial_state();
  const Vec& m = problem->mass();
  std::string out = "scene file " + scene.path + ": " + scene.info.id + "\n";
  char line[512];
  Index first = 0;
  for (const SceneBody& b : scene.bodies) {
    const Index n = b.mesh->vertex_count();
    double mass = 0.0;
    Vector3 lo = Vector3::Constant(INFINITY), hi = -lo;
    for (Index i = first; i < first + n; ++i) {
      mass += m[3 * i];
      lo = lo.cwiseMin(Vector3(s.q.segment<3>(3 * i)));
      hi = hi.cwiseMax(Vector3(s.q.segment<3>(3 * i)));
    }
    std::snprintf(line, sizeof line,
                  "body %-12s %7ld vertices %8ld tets  mass %.6g kg  box [%.4g, %.4g] x [%.4g, "
                  "%.4g] x [%.4g, %.4g] m  %s E=%.4g nu=%.4g rho=%.4g\n",
                  b.name.c_str(), static_cast<long>(n), static_cast<long>(b.mesh->tet_count()),
                  mass, lo.x(), hi.x(), lo.y(), hi.y(), lo.z(), hi.z(), b.material.c_str(), b.E,
                  b.nu, b.rho);
    out += line;
    first += n;
  }
  for (const Obstacle& o : scene.obstacles) {
    double gap = INFINITY;
    for (Index i = 0; i < problem->nodes(); ++i)
      gap = std::min(gap, o.phi(Vector3(s.q.segment<3>(3 * i)), 0.0));
    out += "obstacle " + o.name + ": " + o.shape->describe() +
           (o.motion.moves() ? " (moving)" : "") + "; nearest vertex at " + number_text(gap) +
           " m\n";
  }
  const double kinetic = problem->kinetic_energy(s.v), potential = problem->potential(s.q);
  std::snprintf(line, sizeof line,
                "energy at t = 0: kinetic %.10g J, potential %.10g J (elastic, gravity, contact), "
                "total %.10g J\n",
                kinetic, potential, kinetic + potential);
  out += line;
  out += "observables: " + toml_input::comma_list(problem->observable_names()) + "\n";
  out += "world parameters (override with --param): ";
  std::string params;
  for (const ParamSpec& spec : scene.info.param_specs())
    params += (params.empty() ? "" : ", ") + spec.name + "=" + spec.default_value;
  return out + params + "\n";
}

}  // namespace tibench
