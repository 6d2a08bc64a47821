// Whole-file reads and atomic whole-file writes for the mesh cache and the
// .msh loader.
//
// A cache file is written under a temporary name unique to this process,
// thread and call (so that processes and threads sharing a cache directory
// never write the same file), then renamed over the final name: rename(2)
// within one directory is atomic, so a reader sees the old file or the whole
// new one, never part of one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tibench {

// The file's bytes, or nullopt when it does not exist or cannot be read.
std::optional<std::string> try_read_file(const std::string& path);

// A path in `directory` that no other process, thread or call will use:
// ".<stem>.tmp-<pid>-<thread>-<counter><extension>" (the extension last,
// because gmsh picks its output format from it).
std::string unique_temp_path(const std::string& directory, const std::string& stem,
                             const std::string& extension);

// Writes `bytes` to a unique temporary file beside `path` and renames it to
// `path`. Throws InputError naming the path when the file cannot be written.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace tibench
