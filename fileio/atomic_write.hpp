// Atomic whole-file writes and their temporary files.
//
// Every file tibench writes (run files, tables, reports, cache entries) is
// written under a temporary name in the target's own directory and renamed
// over the target when complete: rename(2) within one directory is atomic,
// so a reader sees the old file or the whole new one, never part of one.
//
// Temporary names are unique across hosts sharing a directory, processes,
// threads and calls: ".<name>.tmp-<host>-<pid>-<random>" (an extension may
// follow, because gmsh picks its output format from it). A writer killed
// before its rename (SIGKILL, a lost node) leaves its temporary behind;
// remove_stale_temporaries() finds such files by name and removes the ones
// whose writer is known to be gone.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tibench {

// The file's bytes, or nullopt when it does not exist or cannot be read.
std::optional<std::string> try_read_file(const std::string& path);

// This machine's host name as used in temporary names and lock records.
const std::string& host_name();

// A fresh temporary path in `directory` for a file named `name` there.
std::string unique_temp_path(const std::string& directory, const std::string& name,
                             const std::string& extension = "");
// The temporary path for writing `path` (same directory, same name).
std::string temp_path_for(const std::string& path);

// Writes `bytes` to a temporary beside `path` and renames it to `path`.
// Throws EnvironmentError naming the path when the file cannot be written;
// `what` says which file it is (e.g. "the mesh cache entry").
void write_file_atomically(const std::string& path, std::string_view bytes,
                           const std::string& what = "output file");

// Removes the temporaries of `path` left by writers that are gone: those of
// this host whose process no longer exists and, with `all_of_path` (the
// caller holds the path's output lock, so no one else can be writing it),
// every temporary of `path`. Returns how many were removed.
int remove_stale_temporaries(const std::string& path, bool all_of_path);

}  // namespace tibench
