// gmsh generation. Options and why:
//   General.Terminal = 0          gmsh prints nothing; its messages go to the
//   General.Verbosity = 2         logger (errors and warnings only), from
//                                 which a failure's message is built
//   General.NumThreads = 1,       one thread everywhere: gmsh's parallel
//   Mesh.MaxNumThreads1D/2D/3D=1  meshers do not give reproducible meshes
//   Geometry.OCCParallel = 0      (same for OpenCASCADE)
//   Mesh.Algorithm = 6,           Frontal-Delaunay surfaces, Delaunay volume
//   Mesh.Algorithm3D = 1          (gmsh's defaults, pinned)
//   Mesh.RandomSeed = 1,          the perturbation gmsh applies to break
//   Mesh.RandomFactor = 1e-9      Delaunay ties, pinned
//   Mesh.MeshSizeMin = Max = size uniform target edge length ...
//   Mesh.MeshSizeFromCurvature=0, ... not refined on curved faces, not
//   Mesh.MeshSizeFactor = 1       scaled
//   Mesh.ElementOrder = 1         linear tetrahedra
//   Mesh.Binary = 1,              binary doubles round-trip exactly (ASCII
//   Mesh.MshFileVersion = 4.1     %.16g does not always)
// Changing any of these changes meshes: bump k_mesh_recipe in mesh_spec.cpp.
#include "meshes/gmsh_mesher.hpp"

#include <gmsh.h>

#include <clocale>
#include <exception>
#include <mutex>
#include <utility>
#include <vector>

#include "problems/parameters.hpp"

namespace tibench {
namespace {

std::mutex& gmsh_mutex() {
  static std::mutex m;
  return m;
}

// No output, errors and warnings logged, and errors reported by return
// rather than thrown: gmsh 4.8 throws from inside OpenMP regions of its
// surface mesher, which terminates the process.
void set_quiet_options() {
  gmsh::option::setNumber("General.Terminal", 0);
  gmsh::option::setNumber("General.Verbosity", 2);
  gmsh::option::setNumber("General.AbortOnError", 0);
}

// Call with the mutex held. gmsh::initialize sets the process's C locale
// from the environment (setlocale(LC_ALL, "")), which is not gmsh's to
// change: the locale is put back as it was.
void initialize_once() {
  static bool initialized = false;
  if (initialized) return;
  const std::string locale = std::setlocale(LC_ALL, nullptr);
  gmsh::initialize(0, nullptr, /*readConfigFiles=*/false);
  std::setlocale(LC_ALL, locale.c_str());
  set_quiet_options();
  initialized = true;
}

void set_options(double size) {
  const std::pair<const char*, double> options[] = {
      {"General.NumThreads", 1},    {"Mesh.MaxNumThreads1D", 1}, {"Mesh.MaxNumThreads2D", 1},
      {"Mesh.MaxNumThreads3D", 1},  {"Geometry.OCCParallel", 0}, {"Mesh.Algorithm", 6},
      {"Mesh.Algorithm3D", 1},      {"Mesh.RandomSeed", 1},      {"Mesh.RandomFactor", 1e-9},
      {"Mesh.MeshSizeMin", size},   {"Mesh.MeshSizeMax", size},  {"Mesh.MeshSizeFromCurvature", 0},
      {"Mesh.MeshSizeFactor", 1},   {"Mesh.ElementOrder", 1},    {"Mesh.Binary", 1},
      {"Mesh.MshFileVersion", 4.1},
  };
  set_quiet_options();
  for (const auto& [name, value] : options) gmsh::option::setNumber(name, value);
}

// The body of `spec`, centred at the origin.
void add_body(const MeshSpec& s) {
  if (s.geometry == "ball") {
    gmsh::model::occ::addSphere(0, 0, 0, s.a);
  } else if (s.geometry == "box" || s.geometry == "bar") {
    gmsh::model::occ::addBox(-s.a / 2, -s.b / 2, -s.c / 2, s.a, s.b, s.c);
  } else {  // torus, axis z
    gmsh::model::occ::addTorus(0, 0, 0, s.a, s.b);
  }
  gmsh::model::occ::synchronize();
}

// The messages gmsh logged since logger::start() that begin with `level`
// ("Error", "Warning"), joined on one line (the first three).
std::string logged(const std::string& level) {
  std::vector<std::string> log;
  gmsh::logger::get(log);
  std::string text;
  int n = 0;
  for (const std::string& m : log) {
    if (m.rfind(level, 0) != 0 || ++n > 3) continue;
    text += (text.empty() ? "" : "; ") + m;
  }
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string exception_text(std::exception_ptr e) {
  try {
    std::rethrow_exception(std::move(e));
  } catch (const std::exception& x) {
    return x.what();
  } catch (const std::string& s) {  // gmsh 4.8 throws its messages as strings
    return s;
  } catch (...) {
    return "unknown exception";
  }
}

std::size_t tet_count() {
  std::vector<std::size_t> tags, nodes;
  gmsh::model::mesh::getElementsByType(4, tags, nodes);
  return tags.size();
}

// Runs gmsh; returns "" on success, else what went wrong.
std::string run_gmsh(const MeshSpec& spec, const std::string& path) {
  gmsh::clear();
  set_options(spec.size);
  add_body(spec);
  gmsh::model::mesh::generate(3);
  if (std::string errors = logged("Error"); !errors.empty()) return errors;
  if (tet_count() == 0) {
    const std::string warnings = logged("Warning");
    return "no tetrahedra" + (warnings.empty() ? std::string() : " (" + warnings + ")") +
           "; accepted: a size small enough to resolve the body";
  }
  gmsh::write(path);
  return logged("Error");
}

}  // namespace

std::string gmsh_version() {
  const std::lock_guard<std::mutex> lock(gmsh_mutex());
  initialize_once();
  std::string version;
  gmsh::option::getString("General.Version", version);
  return version;
}

void gmsh_write_mesh(const MeshSpec& spec, const std::string& key, const std::string& path) {
  const std::lock_guard<std::mutex> lock(gmsh_mutex());
  initialize_once();
  std::string problem;
  try {
    gmsh::logger::start();
    problem = run_gmsh(spec, path);
  } catch (...) {
    problem = exception_text(std::current_exception());
  }
  try {
    gmsh::logger::stop();
    gmsh::clear();
  } catch (...) {
    // Nothing more to report; the next generation starts with clear() again.
  }
  if (!problem.empty()) throw InputError("gmsh failed to mesh '" + key + "': " + problem);
}

}  // namespace tibench
