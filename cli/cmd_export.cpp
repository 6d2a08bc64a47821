// `tibench export ID`: a compiled registry tableau as a method file
// (integrators/methods/method_file.hpp), or a registry contact scene as a
// scene file (problems/scenes/scene_file.hpp), to stdout or written
// atomically to -o FILE (a scene that reshapes its body after meshing also
// writes the mesh as FILE with the extension .msh).
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "fileio/atomic_write.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "integrators/methods/method_file.hpp"
#include "problems/registry.hpp"
#include "problems/scenes/scene_file.hpp"

namespace tibench::cli {
namespace {

bool is_problem(const std::string& id) {
  for (const ProblemInfo& p : problem_registry())
    if (p.id == id) return true;
  return false;
}

int export_scene(const ExportOptions& o) {
  const ProblemInfo& info = find_problem(o.integrator);
  const ParamSet params = problem_params(info, o.params);
  const std::string mesh =
      o.output.empty() ? "" : std::filesystem::path(o.output).replace_extension(".msh").string();
  const SceneExport scene = scene_file_text(info, params, mesh);
  if (o.output.empty()) {
    std::cout << scene.text;
    return 0;
  }
  check_output_file(o.output, "-o", {});
  if (!scene.mesh_text.empty()) check_output_file(mesh, "-o (its mesh)", {});
  const OutputLock lock(o.output, "-o");
  if (!scene.mesh_text.empty()) write_file_atomically(mesh, scene.mesh_text, "scene mesh");
  write_file_atomically(o.output, scene.text, "scene file");
  return 0;
}

}  // namespace

int export_method(const ExportOptions& o) {
  if (is_problem(o.integrator)) return export_scene(o);
  if (!o.params.empty())
    throw InputError("--param is for scenes; '" + o.integrator +
                     "' is not a problem id (accepted: --param with a contact-scene id)");
  const std::string text = method_file_text(find_integrator(o.integrator));
  if (o.output.empty()) {
    std::cout << text;
    return 0;
  }
  check_output_file(o.output, "-o", {});
  const OutputLock lock(o.output, "-o");
  write_file_atomically(o.output, text, "method file");
  return 0;
}

}  // namespace tibench::cli
