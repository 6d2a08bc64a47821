// XDMF companions of run files, so that ParaView (or any XDMF 3 reader)
// opens the bodies' surface meshes over time: for every run that kept
// position frames (/runs/.../frames: t, positions frames × nodes × 3,
// surface triangles × 3), one temporal collection of triangle grids whose
// geometry is a hyperslab of the positions, written as <file>.xdmf beside
// <file>.h5 and referring to it by its file name (so the two move
// together). The XML holds no heavy data; it is written under a temporary
// name and renamed, like the run file.
#pragma once

#include <string>

namespace tibench {

// "<dir>/<stem>.xdmf" for "<dir>/<stem>.h5" (or "<path>.xdmf").
std::string xdmf_path_for(const std::string& h5_path);

// Writes the companion of h5_path; returns the number of runs it shows. A
// file without frames gets no companion (and a stale one is removed).
int write_xdmf(const std::string& h5_path);

}  // namespace tibench
