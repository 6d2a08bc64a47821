// Validation of a MeshSpec, for mesh_source.cpp (mesh_geometries and
// mesh_key_text, declared in mesh_source.hpp, are defined beside it in
// mesh_spec.cpp).
#pragma once

#include "meshes/mesh_source.hpp"

namespace tibench {

// Throws InputError naming the bad value and what is accepted: an unknown
// geometry; a dimension the geometry uses, or the size, that is not a finite
// number > 0; a torus whose minor radius is not below its major radius; a
// size so small that the mesh would exceed k_max_estimated_tets.
void check_mesh_spec(const MeshSpec& spec);

// The largest mesh generated_mesh accepts, estimated as volume / (size³/6√2)
// (the tet count of a mesh of regular tetrahedra of edge `size`; gmsh's
// meshes have ~0.6 times that): guards against a mistyped size filling the
// memory.
inline constexpr double k_max_estimated_tets = 2e7;

}  // namespace tibench
