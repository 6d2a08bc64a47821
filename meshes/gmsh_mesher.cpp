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
//
// gmsh is loaded at run time: dlopen of TIBENCH_GMSH_SONAME (set by
// meshes/CMakeLists.txt, e.g. libgmsh.so.4.8) on first use, under the mutex,
// and its C API (gmshc.h) is called through pointers from dlsym. Linking it
// instead would make every process that links tibench_meshes load gmsh's ~130
// shared libraries at startup, whether or not it meshes. The C API reports
// errors by an `ierr` out-parameter instead of exceptions; the Gmsh class
// below turns them back into exceptions, so the code that drives gmsh reads
// like the C++ API. A library that cannot be loaded, or is not the version
// read at configure time (gmsh_version(), which mesh keys name), is an
// InputError.
#include "meshes/gmsh_mesher.hpp"

#include <dlfcn.h>

#include <clocale>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "meshes/mesh_spec.hpp"

// Declarations only, for the types of the pointers: no gmsh symbol is linked.
extern "C" {
#include <gmshc.h>
}

#if !defined(TIBENCH_GMSH_SONAME) || !defined(TIBENCH_GMSH_VERSION)
#error \
    "TIBENCH_GMSH_SONAME (the library to dlopen) and TIBENCH_GMSH_VERSION come from meshes/CMakeLists.txt"
#endif

namespace tibench {
namespace {

// The gmsh C API functions used, each looked up by its own name and typed by
// its own declaration, so a pointer's signature cannot drift from gmshc.h.
#define TIBENCH_GMSH_FUNCTIONS(X)   \
  X(gmshFree)                       \
  X(gmshInitialize)                 \
  X(gmshFinalize)                   \
  X(gmshOpen)                       \
  X(gmshClear)                      \
  X(gmshWrite)                      \
  X(gmshOptionSetNumber)            \
  X(gmshOptionGetString)            \
  X(gmshModelOccAddSphere)          \
  X(gmshModelOccAddBox)             \
  X(gmshModelOccAddTorus)           \
  X(gmshModelOccSynchronize)        \
  X(gmshModelMeshGenerate)          \
  X(gmshModelMeshSetOrder)          \
  X(gmshModelMeshGetElementsByType) \
  X(gmshLoggerStart)                \
  X(gmshLoggerGet)                  \
  X(gmshLoggerStop)                 \
  X(gmshLoggerGetLastError)

struct GmshFunctions {
#define TIBENCH_GMSH_MEMBER(name) decltype(&::name) name = nullptr;
  TIBENCH_GMSH_FUNCTIONS(TIBENCH_GMSH_MEMBER)
#undef TIBENCH_GMSH_MEMBER
};

std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

[[noreturn]] void fail_to_load(const char* why) {
  throw EnvironmentError(std::string("gmsh cannot be loaded: ") +
                         one_line(why != nullptr ? why : "") +
                         "; accepted: gmsh's shared library " + TIBENCH_GMSH_SONAME +
                         " installed (Debian/Ubuntu: apt install libgmsh4.8, or libgmsh-dev)");
}

// dlopen and dlsym; throws InputError when the library or a function is
// missing. The library is never closed (gmsh is finalized only around scripts).
GmshFunctions load_gmsh() {
  void* library = dlopen(TIBENCH_GMSH_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) fail_to_load(dlerror());
  GmshFunctions f;
  const auto bind = [library](auto& pointer, const char* name) {
    dlerror();
    void* symbol = dlsym(library, name);
    if (symbol == nullptr) fail_to_load(dlerror());
    pointer = reinterpret_cast<std::remove_reference_t<decltype(pointer)>>(symbol);
  };
#define TIBENCH_GMSH_BIND(name) bind(f.name, #name);
  TIBENCH_GMSH_FUNCTIONS(TIBENCH_GMSH_BIND)
#undef TIBENCH_GMSH_BIND
  return f;
}

// gmsh's C++ API, as far as used here, over the C functions: a call whose
// `ierr` is set throws std::runtime_error. The C API catches what the C++
// API threw and keeps only the flag; gmsh's own exceptions are its last
// error message (gmsh 4.8 throws Msg's last error as a string), which is
// what the runtime_error carries, else "unknown exception".
class Gmsh {
 public:
  explicit Gmsh(const GmshFunctions& f) : f_(f) {}

  // Returns `ierr` rather than throwing: the caller restores the locale first.
  int initialize(bool read_config_files) const {
    int ierr = 0;
    f_.gmshInitialize(0, nullptr, read_config_files ? 1 : 0, &ierr);
    return ierr;
  }
  void finalize() const { call(f_.gmshFinalize); }
  void open(const std::string& path) const { call(f_.gmshOpen, path.c_str()); }
  void clear() const { call(f_.gmshClear); }
  void write(const std::string& path) const { call(f_.gmshWrite, path.c_str()); }
  void set_number(const char* name, double value) const {
    call(f_.gmshOptionSetNumber, name, value);
  }
  std::string get_string(const char* name) const {
    char* value = nullptr;
    int ierr = 0;
    f_.gmshOptionGetString(name, &value, &ierr);
    std::string text = value != nullptr ? value : "";
    f_.gmshFree(value);
    check(ierr);
    return text;
  }

  // The defaults of gmsh.h's C++ declarations are passed explicitly: tag -1
  // (chosen by gmsh), full sphere (-pi/2, pi/2, 2 pi), full torus (2 pi).
  void add_sphere(double xc, double yc, double zc, double radius) const {
    constexpr double pi = std::numbers::pi;
    call(f_.gmshModelOccAddSphere, xc, yc, zc, radius, -1, -pi / 2, pi / 2, 2 * pi);
  }
  void add_box(double x, double y, double z, double dx, double dy, double dz) const {
    call(f_.gmshModelOccAddBox, x, y, z, dx, dy, dz, -1);
  }
  void add_torus(double x, double y, double z, double r1, double r2) const {
    call(f_.gmshModelOccAddTorus, x, y, z, r1, r2, -1, 2 * std::numbers::pi);
  }
  void synchronize() const { call(f_.gmshModelOccSynchronize); }
  void generate(int dim) const { call(f_.gmshModelMeshGenerate, dim); }
  void set_order(int order) const { call(f_.gmshModelMeshSetOrder, order); }

  // The number of elements of `type` in the whole model (tag -1, one task).
  std::size_t element_count(int type) const {
    std::size_t* tags = nullptr;
    std::size_t* nodes = nullptr;
    std::size_t tag_count = 0;
    std::size_t node_count = 0;
    int ierr = 0;
    f_.gmshModelMeshGetElementsByType(type, &tags, &tag_count, &nodes, &node_count, -1, 0, 1,
                                      &ierr);
    f_.gmshFree(tags);
    f_.gmshFree(nodes);
    check(ierr);
    return tag_count;
  }

  void logger_start() const { call(f_.gmshLoggerStart); }
  void logger_stop() const { call(f_.gmshLoggerStop); }
  std::vector<std::string> logger_get() const {
    char** log = nullptr;
    std::size_t n = 0;
    int ierr = 0;
    f_.gmshLoggerGet(&log, &n, &ierr);
    std::vector<std::string> messages;
    if (log != nullptr) {
      for (std::size_t i = 0; i < n; ++i) {
        messages.emplace_back(log[i] != nullptr ? log[i] : "");
        f_.gmshFree(log[i]);
      }
      f_.gmshFree(log);
    }
    check(ierr);
    return messages;
  }

  // Throws what the C++ API would have thrown when `ierr` is set.
  void check(int ierr) const {
    if (ierr == 0) return;
    char* error = nullptr;
    int ierr2 = 0;
    f_.gmshLoggerGetLastError(&error, &ierr2);
    std::string text = ierr2 == 0 && error != nullptr ? error : "";
    f_.gmshFree(error);
    throw std::runtime_error(text.empty() ? "unknown exception" : text);
  }

 private:
  template <class F, class... Args>
  void call(F function, Args... args) const {
    int ierr = 0;
    function(args..., &ierr);
    check(ierr);
  }

  GmshFunctions f_;
};

std::mutex& gmsh_mutex() {
  static std::mutex m;
  return m;
}

// No output, errors and warnings logged, and errors reported by return
// rather than thrown: gmsh 4.8 throws from inside OpenMP regions of its
// surface mesher, which terminates the process.
void set_quiet_options(const Gmsh& gmsh) {
  gmsh.set_number("General.Terminal", 0);
  gmsh.set_number("General.Verbosity", 2);
  gmsh.set_number("General.AbortOnError", 0);
}

// Loads gmsh, initializes it and checks its version; throws InputError when
// the library cannot be loaded or is not the version tibench was configured
// with (mesh keys name that version). gmsh::initialize sets the process's C
// locale from the environment (setlocale(LC_ALL, "")), which is not gmsh's to
// change: the locale is put back as it was.
Gmsh start_gmsh() {
  const Gmsh gmsh(load_gmsh());
  const std::string locale = std::setlocale(LC_ALL, nullptr);
  const int ierr = gmsh.initialize(/*read_config_files=*/false);
  std::setlocale(LC_ALL, locale.c_str());
  gmsh.check(ierr);
  set_quiet_options(gmsh);
  if (const std::string version = gmsh.get_string("General.Version");
      version != TIBENCH_GMSH_VERSION) {
    throw InputError(std::string("gmsh ") + TIBENCH_GMSH_SONAME + " is version " + version +
                     ", tibench was configured with gmsh " + TIBENCH_GMSH_VERSION +
                     "; accepted: gmsh " + TIBENCH_GMSH_VERSION +
                     ", or tibench configured again (cmake) with the gmsh installed");
  }
  return gmsh;
}

struct GmshState {
  std::optional<Gmsh> gmsh;
  std::string failure;
};

GmshState& gmsh_state() {
  static GmshState state;
  return state;
}

// Call with the mutex held: gmsh, started on the first call (and the first
// after restart_gmsh). A failure to start is an InputError, repeated by
// every later call.
const Gmsh& gmsh_once() {
  GmshState& s = gmsh_state();
  if (s.gmsh) return *s.gmsh;
  if (!s.failure.empty()) throw InputError(s.failure);
  try {
    s.gmsh.emplace(start_gmsh());
  } catch (const InputError& e) {
    s.failure = e.what();
    throw;
  }
  return *s.gmsh;
}

// Call with the mutex held: finalizes gmsh, so that the next gmsh_once()
// starts it again with every option at gmsh's default. A script may set any
// of gmsh's hundreds of options, which outlive the model; without this, one
// that the primitives' recipe does not pin would change their meshes.
void restart_gmsh() {
  GmshState& s = gmsh_state();
  if (!s.gmsh) return;
  const Gmsh gmsh = *s.gmsh;
  s.gmsh.reset();
  gmsh.finalize();
}

void set_options(const Gmsh& gmsh, double size) {
  const std::pair<const char*, double> options[] = {
      {"General.NumThreads", 1},    {"Mesh.MaxNumThreads1D", 1}, {"Mesh.MaxNumThreads2D", 1},
      {"Mesh.MaxNumThreads3D", 1},  {"Geometry.OCCParallel", 0}, {"Mesh.Algorithm", 6},
      {"Mesh.Algorithm3D", 1},      {"Mesh.RandomSeed", 1},      {"Mesh.RandomFactor", 1e-9},
      {"Mesh.MeshSizeMin", size},   {"Mesh.MeshSizeMax", size},  {"Mesh.MeshSizeFromCurvature", 0},
      {"Mesh.MeshSizeFactor", 1},   {"Mesh.ElementOrder", 1},    {"Mesh.Binary", 1},
      {"Mesh.MshFileVersion", 4.1},
  };
  set_quiet_options(gmsh);
  for (const auto& [name, value] : options) gmsh.set_number(name, value);
}

// The body of `spec`, centred at the origin.
void add_body(const Gmsh& gmsh, const MeshSpec& s) {
  if (s.geometry == "ball") {
    gmsh.add_sphere(0, 0, 0, s.a);
  } else if (s.geometry == "box" || s.geometry == "bar") {
    gmsh.add_box(-s.a / 2, -s.b / 2, -s.c / 2, s.a, s.b, s.c);
  } else {  // torus, axis z
    gmsh.add_torus(0, 0, 0, s.a, s.b);
  }
  gmsh.synchronize();
}

// The messages gmsh logged since logger_start() that begin with `level`
// ("Error", "Warning"), joined on one line (the first three).
std::string logged(const Gmsh& gmsh, const std::string& level) {
  const std::vector<std::string> log = gmsh.logger_get();
  std::string text;
  int n = 0;
  for (const std::string& m : log) {
    if (m.rfind(level, 0) != 0 || ++n > 3) continue;
    text += (text.empty() ? "" : "; ") + m;
  }
  return one_line(std::move(text));
}

std::string exception_text(std::exception_ptr e) {
  try {
    std::rethrow_exception(std::move(e));
  } catch (const std::exception& x) {
    return x.what();
  } catch (...) {
    return "unknown exception";
  }
}

// After generation: gmsh's errors, a mesh without tetrahedra or with more
// than the primitives' cap allows, else writes `path`. Returns "" on
// success, else what went wrong (`accepted` says what would work).
std::string write_generated(const Gmsh& gmsh, const std::string& path, const char* accepted) {
  if (std::string errors = logged(gmsh, "Error"); !errors.empty()) return errors;
  const std::size_t tets = gmsh.element_count(4);  // 4: 4-node tetrahedra
  if (tets == 0) {
    const std::string warnings = logged(gmsh, "Warning");
    return "no tetrahedra" + (warnings.empty() ? std::string() : " (" + warnings + ")") +
           "; accepted: " + accepted;
  }
  if (static_cast<double>(tets) > k_max_estimated_tets)
    return std::to_string(tets) + " tetrahedra; accepted: at most " +
           std::to_string(static_cast<long>(k_max_estimated_tets)) + " (a coarser mesh size)";
  gmsh.write(path);
  return logged(gmsh, "Error");
}

std::string run_gmsh(const Gmsh& gmsh, const MeshSpec& spec, const std::string& path) {
  gmsh.clear();
  set_options(gmsh, spec.size);
  add_body(gmsh, spec);
  gmsh.generate(3);
  return write_generated(gmsh, path, "a size small enough to resolve the body");
}

// What a script may not change: one thread (reproducible meshes), the output
// format, and every element saved (a script's physical groups would
// otherwise decide what is written). Set before the script runs (its `Mesh
// 3;` meshes at once) and again after it; second-order elements a script
// asks for are made linear after meshing.
void set_script_options(const Gmsh& gmsh) {
  const std::pair<const char*, double> options[] = {
      {"General.NumThreads", 1},    {"Mesh.MaxNumThreads1D", 1}, {"Mesh.MaxNumThreads2D", 1},
      {"Mesh.MaxNumThreads3D", 1},  {"Geometry.OCCParallel", 0}, {"Mesh.Binary", 1},
      {"Mesh.MshFileVersion", 4.1}, {"Mesh.SaveAll", 1},
  };
  set_quiet_options(gmsh);
  for (const auto& [name, value] : options) gmsh.set_number(name, value);
}

std::string run_script(const Gmsh& gmsh, const std::string& script, const std::string& path) {
  set_script_options(gmsh);
  gmsh.open(script);
  set_script_options(gmsh);
  gmsh.generate(3);
  gmsh.set_order(1);
  return write_generated(gmsh, path, "a script that defines at least one volume");
}

// Runs `generate` on gmsh with its log recorded; throws InputError naming
// `key` when it reports a problem. `fresh`: gmsh is started anew before and
// after (restart_gmsh), so that nothing set before reaches `generate` and
// nothing it sets outlives it.
void run_locked(const std::string& key, bool fresh,
                const std::function<std::string(const Gmsh&)>& generate) {
  const std::lock_guard<std::mutex> lock(gmsh_mutex());
  if (fresh) restart_gmsh();
  const Gmsh& gmsh = gmsh_once();
  std::string problem;
  try {
    gmsh.logger_start();
    problem = generate(gmsh);
  } catch (...) {
    problem = exception_text(std::current_exception());
  }
  try {
    gmsh.logger_stop();
    gmsh.clear();
    if (fresh) restart_gmsh();
  } catch (...) {
    // Nothing more to report; the next generation starts with clear() again.
  }
  if (!problem.empty()) throw InputError("gmsh failed to mesh '" + key + "': " + problem);
}

}  // namespace

std::string gmsh_version() { return TIBENCH_GMSH_VERSION; }

void gmsh_write_mesh(const MeshSpec& spec, const std::string& key, const std::string& path) {
  run_locked(key, false, [&](const Gmsh& gmsh) { return run_gmsh(gmsh, spec, path); });
}

void gmsh_write_script_mesh(const std::string& script, const std::string& key,
                            const std::string& path) {
  run_locked(key, true, [&](const Gmsh& gmsh) { return run_script(gmsh, script, path); });
}

}  // namespace tibench
