// The on-disk mesh cache: per key, "<sha256 of key>.msh" (the binary .msh
// gmsh wrote) and "<sha256 of key>.key", which holds the key text on its
// first line and "sha256 <hash of the .msh>" on its second.
//
// An entry is used only when the .key's first line equals the requested key
// in full and the .msh's bytes hash to the recorded value; anything else
// (missing, partial, corrupt, or a .msh from one writer paired with the .key
// of another) counts as a miss and is regenerated and overwritten. Both
// files are replaced atomically (fileio/atomic_write.hpp), the .msh first, so readers in
// other processes see either a complete consistent entry or a miss.
#pragma once

#include <optional>
#include <string>

namespace tibench {

struct MeshCacheEntry {
  std::string msh_path;
  std::string key_path;
};

MeshCacheEntry mesh_cache_entry(const std::string& directory, const std::string& key);

// The cached .msh bytes for `key`, or nullopt on a miss.
std::optional<std::string> load_cached_msh(const MeshCacheEntry& entry, const std::string& key);

// Stores `msh` for `key` in an existing directory. Throws
// InputError naming the directory when it cannot be written.
void store_cached_msh(const MeshCacheEntry& entry, const std::string& key, const std::string& msh);

}  // namespace tibench
