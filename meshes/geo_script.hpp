// gmsh .geo scripts as body geometry: what tibench reads of a script before
// gmsh runs it.
//
// gmsh interprets a script inside the process that opens it, and its `Exit`
// command ends that process at once with status 0: a scene whose script says
// `Exit;` would stop a matrix midway and report success. So a script, and
// every script it `Include`s (paths relative to the including file, as gmsh
// resolves them), is scanned first, and one that has an `Exit` statement
// outside comments and strings is refused. The texts read are returned so
// that they can key the mesh: a script's mesh is regenerated whenever it or
// a script it includes changes. (Files it `Merge`s, e.g. STEP geometry, are
// not read here; the SHA-256 of the generated mesh, part of the mesh's
// description, records their effect.)
#pragma once

#include <string>

namespace tibench {

struct GeoScript {
  std::string path;
  // The script's text followed by each included script's path and text,
  // in the order gmsh reads them.
  std::string texts;
};

// Reads the script at `path` and the scripts it includes. Throws InputError
// naming the file when one cannot be read, includes itself (a cycle), or
// has an `Exit` statement.
GeoScript read_geo_script(const std::string& path);

}  // namespace tibench
