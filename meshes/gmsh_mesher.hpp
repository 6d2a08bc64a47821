// The only code that calls gmsh: generates the mesh of a MeshSpec and writes
// it as binary .msh 4.1, and reports gmsh's version.
//
// gmsh holds one process-global model and option set, so every call goes
// through one mutex; gmsh's library is loaded (dlopen) and initialized on
// first use (without reading the user's gmshrc, which could change options)
// and finalized only around a script. Options are set before every
// generation, so nothing else in the process can leave a setting that
// changes the mesh.
#pragma once

#include <string>

#include "meshes/mesh_source.hpp"

namespace tibench {

// gmsh's General.Version, e.g. "4.8.4", as read at configure time: does not
// load gmsh. gmsh_write_mesh refuses a library of another version.
std::string gmsh_version();

// Meshes `spec` (already validated) and writes the result to `path`, which
// must end in ".msh". Throws InputError naming `key` with gmsh's error
// messages when gmsh fails, and EnvironmentError when gmsh's library cannot
// be loaded or is not the configured version.
void gmsh_write_mesh(const MeshSpec& spec, const std::string& key, const std::string& path);

// Runs the .geo script at `script` (already checked: geo_script.hpp) and
// writes its 3-D mesh to `path` like gmsh_write_mesh. Options: gmsh's
// defaults, then what the script sets, except one thread, linear tetrahedra
// and the output format, which the script cannot change. gmsh is started
// anew before and after, so a script's options reach no other mesh.
void gmsh_write_script_mesh(const std::string& script, const std::string& key,
                            const std::string& path);

}  // namespace tibench
