// The on-disk mesh cache (see mesh_disk_cache.hpp for the format and why a
// hash of the .msh is recorded beside the key).
#include "meshes/mesh_disk_cache.hpp"

#include <filesystem>

#include "fileio/atomic_write.hpp"
#include "meshes/sha256.hpp"

namespace tibench {
namespace {

std::string key_file_text(const std::string& key, const std::string& msh) {
  return key + "\nsha256 " + sha256_hex(msh) + "\n";
}

}  // namespace

MeshCacheEntry mesh_cache_entry(const std::string& directory, const std::string& key) {
  const std::filesystem::path base = std::filesystem::path(directory) / sha256_hex(key);
  return {base.string() + ".msh", base.string() + ".key"};
}

std::optional<std::string> load_cached_msh(const MeshCacheEntry& entry, const std::string& key) {
  const std::optional<std::string> stored = try_read_file(entry.key_path);
  if (!stored || stored->compare(0, key.size() + 1, key + "\n") != 0) return std::nullopt;
  std::optional<std::string> msh = try_read_file(entry.msh_path);
  if (!msh || *stored != key_file_text(key, *msh)) return std::nullopt;
  return msh;
}

void store_cached_msh(const MeshCacheEntry& entry, const std::string& key, const std::string& msh) {
  // Shared by processes without a lock: only temporaries of this host's
  // dead processes are known to be abandoned.
  for (const std::string* path : {&entry.msh_path, &entry.key_path})
    remove_stale_temporaries(*path, false);
  write_file_atomically(entry.msh_path, msh, "the mesh cache entry");
  write_file_atomically(entry.key_path, key_file_text(key, msh), "the mesh cache entry");
}

}  // namespace tibench
