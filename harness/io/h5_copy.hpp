// Copying a group of one tibench file into another by value: every
// attribute and dataset is read through the HDF5 library's ordinary read
// path (decompressed, type-converted to its native type) and written anew,
// with the source's type, shape and creation properties (chunks, filters).
//
// Why not H5Ocopy: HDF5 1.10's object copy of a chunked, compressed dataset
// (H5D__chunk_copy) frees a chunk buffer twice when a damaged chunk makes the
// filter pipeline reallocate it (found by fuzz/fuzz_h5 on `tibench merge`;
// fixed upstream in 2026, HDFGroup/hdf5 pull requests 6160 and 6184, not in
// the HDF5 Debian ships), a heap corruption no caller can catch. Reading
// goes through code that reports a damaged chunk as an error.
#pragma once

#include <H5Cpp.h>

#include <string>

namespace tibench::h5 {

// Copies the group `path` of `from` (its attributes, datasets and subgroups,
// recursively) to the same path in `to`, creating intermediate groups.
// Throws InputError naming `input` and the object when HDF5 cannot read
// something, or when the group holds anything but groups and datasets.
void copy_group(const H5::H5File& from, const std::string& path, H5::H5File& to,
                const std::string& input);

}  // namespace tibench::h5
