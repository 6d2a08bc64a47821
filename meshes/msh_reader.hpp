// Reads the linear tetrahedra of a gmsh .msh file from its bytes.
//
// Accepted: format 4.1, ASCII or binary, and format 4.0 ASCII (gmsh 4.0's
// binary layout is not read: gmsh itself no longer writes it). Only the
// $MeshFormat, $Nodes and $Elements sections are interpreted; elements of
// other types are skipped, other sections ($Entities, $PhysicalNames, ...)
// are stepped over. Everything else is an InputError naming the file.
//
// Why a reader of our own rather than gmsh::open + getNodes: reading does not
// touch gmsh's process-global model (no mutex, no interference with a mesh
// being generated on another thread), every malformed or truncated file
// fails with a precise message instead of whatever gmsh logs, ASCII numbers
// are parsed by std::from_chars (correctly rounded), and the parsed result
// depends only on the bytes, which the cache relies on.
#pragma once

#include <Eigen/Core>
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace tibench {

struct MshTetrahedra {
  Eigen::Matrix3Xd vertices;             // every node of the file, ordered by node tag
  std::vector<std::array<int, 4>> tets;  // element type 4, in file order, as vertex indices
};

MshTetrahedra read_msh_tetrahedra(std::string_view bytes, const std::string& path);

// What the reader accepts, for the end of every error message.
inline constexpr const char* k_msh_accepted =
    "accepted: gmsh .msh format 4.1 (ASCII or binary) or 4.0 (ASCII) holding linear "
    "tetrahedra (element type 4)";

// The number of nodes of a gmsh element type, 0 for a type not known here.
int msh_element_node_count(int type);

}  // namespace tibench
