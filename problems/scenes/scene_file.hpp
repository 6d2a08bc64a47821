// Scene files: a contact scene as a TOML file, loaded at run time into a
// problem of the same kind as the registry's contact scenes
// (problems/contact/contact_body.hpp; docs/scene-files.md).
//
//   id = "box-stack"                        # [a-z0-9][a-z0-9._-]*, not a registry id
//   summary = "three boxes on a slope"      # optional (default: id)
//   citation = "..."                        # optional
//   observables = ["com_y", "top.com_y"]    # optional: what to record
//   [world]                                 # optional: gravity, contact, damping, ...
//   g = 9.81                                # (every key of contact_world_params)
//   contact = "penalty"
//   mu = 0.3
//   [[body]]                                # one or more
//   name = "bottom"
//   geometry = "box"                        # ball | box | bar | torus | file
//   lx = 0.4                                # dimensions, mesh_size, mesh_file
//   material = "stable-neo-hookean"         # material, E, nu, rho
//   position = [0, 0.2, 0]                  # where the mesh's origin goes [m]
//   rotation = { axis = [0, 0, 1], degrees = 20 }   # optional, about that origin
//   velocity = [0, 0, 0]                    # optional [m/s]
//   spin = [0, 0, 0]                        # optional, about the body's centre of mass [rad/s]
//   [[obstacle]]                            # zero or more
//   name = "slope"
//   shape = "half-space"                    # half-space | sphere | bowl | box | union
//   point = [0, 0, 0]                       # half-space: point, normal; sphere, bowl:
//   normal = [0.34, 0.94, 0]                #   centre, radius; box: centre, half_extents;
//                                           #   union: members = [{ shape = ..., ... }, ...]
//   motion = [{ velocity = [1, 0, 0], start = 0, stop = 0.5 }]   # optional
//
// Keys of [world] and [[body]] are the registry scenes' parameters and are
// checked by the same ranges; paths (mesh_file) are relative to the scene
// file. On load every body is meshed, and the file is refused (InputError
// naming the file and line, exit 2) for unknown keys, out-of-range values,
// a registry id, duplicate names, a mesh that is not a valid tetrahedral
// mesh (meshes/tet_mesh.hpp: degenerate tetrahedra are refused, negatively
// ordered ones reoriented), or bodies that overlap at t = 0.
// The [world] values are the problem's parameter defaults: `--param mu=0.5`
// overrides them like a registry problem's.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "problems/contact/contact_body.hpp"
#include "problems/registry.hpp"

namespace tibench {

// Problem ids of the form "file:PATH" name scene files.
inline constexpr std::string_view kSceneFilePrefix = "file:";

struct SceneFile {
  std::string path;
  std::string text;      // the file as read (kept for provenance)
  std::string identity;  // text and the content of every mesh it reads
  std::vector<SceneBody> bodies;
  std::vector<Obstacle> obstacles;
  std::vector<std::string> observables;
  ProblemInfo info;
};

SceneFile load_scene_file(const std::string& path);
// `directory`: where relative mesh paths start.
SceneFile parse_scene_file(const std::string& text, const std::string& source_name,
                           const std::string& directory);

// Whether the TOML file at `path` is a scene file (it has [[body]] tables),
// so that `tibench list file:PATH` can tell it from a method file; false
// for a file that cannot be read or parsed (the method-file reader then
// names the problem).
bool is_scene_file(const std::string& path);

// The loaded file behind a "file:PATH" problem id (loading it once per
// PATH); nullptr for registry ids.
const SceneFile* scene_file_of(std::string_view id);

// A registry contact scene at resolved parameters as a scene file (`tibench
// export`): numbers with 17 significant digits, so that the file builds the
// identical problem. A body that the scene reshapes after meshing (a
// rotation with snapping) is written as the .msh file `mesh_path`, named in
// the text relative to the scene file; `mesh_text` receives its contents
// (empty when no mesh file is needed). The id is "<id>-file".
struct SceneExport {
  std::string text;
  std::string mesh_text;
};
SceneExport scene_file_text(const ProblemInfo& info, const ParamSet& params,
                            const std::string& mesh_path);

// The load report of `tibench list file:PATH`: bodies (vertices,
// tetrahedra, mass, bounding box), obstacles, energies at t = 0.
std::string scene_report(const SceneFile& scene);

}  // namespace tibench
