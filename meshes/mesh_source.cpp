// Where meshes come from: the memory cache, the disk cache, gmsh, .msh files.
//
// The memory cache maps a key text to a shared_future, so that threads asking
// for the same mesh at once wait for one generation instead of repeating it;
// a failed build is removed so that a later request retries.
//
// Every mesh is built by mesh_from_msh_bytes from the bytes of a .msh file,
// whether gmsh just wrote them or they come from the disk cache, so a cached
// mesh equals a fresh one bit for bit.
#include "meshes/mesh_source.hpp"

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <system_error>

#include "core/errors.hpp"
#include "fileio/atomic_write.hpp"
#include "meshes/geo_script.hpp"
#include "meshes/gmsh_mesher.hpp"
#include "meshes/mesh_disk_cache.hpp"
#include "meshes/mesh_spec.hpp"
#include "meshes/msh_reader.hpp"
#include "meshes/sha256.hpp"

namespace tibench {
namespace {

using MeshPtr = std::shared_ptr<const TetMesh>;

struct MemoryCache {
  std::mutex mutex;
  std::map<std::string, std::shared_future<MeshPtr>> entries;
};

MemoryCache& memory_cache() {
  static MemoryCache cache;
  return cache;
}

struct CacheDirectorySetting {
  std::mutex mutex;
  std::optional<std::string> directory;  // nullopt: nothing set, use the environment
};

CacheDirectorySetting& cache_directory_setting() {
  static CacheDirectorySetting setting;
  return setting;
}

MeshPtr memory_cached(const std::string& key, const std::function<MeshPtr()>& build) {
  MemoryCache& cache = memory_cache();
  std::promise<MeshPtr> promise;
  std::shared_future<MeshPtr> pending;
  {
    const std::lock_guard<std::mutex> lock(cache.mutex);
    const auto [it, inserted] = cache.entries.try_emplace(key);
    if (inserted) {
      it->second = promise.get_future().share();
    } else {
      pending = it->second;
    }
  }
  if (pending.valid()) return pending.get();  // built (or being built) by another call
  try {
    MeshPtr mesh = build();
    promise.set_value(mesh);
    return mesh;
  } catch (...) {
    {
      const std::lock_guard<std::mutex> lock(cache.mutex);
      cache.entries.erase(key);
    }
    promise.set_exception(std::current_exception());
    throw;
  }
}

MeshPtr mesh_from_msh_bytes(const std::string& bytes, const std::string& source,
                            const std::string& description) {
  MshTetrahedra raw = read_msh_tetrahedra(bytes, source);
  return std::make_shared<const TetMesh>(
      make_tet_mesh(std::move(raw.vertices), std::move(raw.tets), description));
}

// Runs `write` (gmsh) into a temporary .msh in `directory` and returns its
// bytes.
std::string generate_msh_bytes(const std::string& key, const std::string& directory,
                               const std::function<void(const std::string&)>& write) {
  const std::string tmp = unique_temp_path(directory, sha256_hex(key).substr(0, 16), ".msh");
  struct Remove {
    const std::string& path;
    ~Remove() {
      std::error_code ec;
      std::filesystem::remove(path, ec);
    }
  } remove_tmp{tmp};
  write(tmp);
  std::optional<std::string> bytes = try_read_file(tmp);
  if (!bytes) throw InputError("gmsh wrote no readable mesh for '" + key + "' to " + tmp);
  return std::move(*bytes);
}

std::string generate_msh_bytes(const MeshSpec& spec, const std::string& key,
                               const std::string& directory) {
  return generate_msh_bytes(key, directory,
                            [&](const std::string& tmp) { gmsh_write_mesh(spec, key, tmp); });
}

void create_cache_directory(const std::string& directory) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec || !std::filesystem::is_directory(directory, ec)) {
    throw InputError("mesh cache directory '" + directory + "' cannot be created (" +
                     (ec ? ec.message() : std::string("not a directory")) +
                     "); accepted: a writable directory (--mesh-cache or "
                     "TIBENCH_MESH_CACHE)");
  }
}

MeshPtr build_generated(const MeshSpec& spec, const std::string& key) {
  const std::string directory = mesh_cache_directory();
  if (directory.empty()) {
    const std::string tmp_dir = std::filesystem::temp_directory_path().string();
    return mesh_from_msh_bytes(generate_msh_bytes(spec, key, tmp_dir), "gmsh output of " + key,
                               key);
  }
  create_cache_directory(directory);
  const MeshCacheEntry entry = mesh_cache_entry(directory, key);
  if (const std::optional<std::string> cached = load_cached_msh(entry, key)) {
    try {
      return mesh_from_msh_bytes(*cached, entry.msh_path, key);
    } catch (const InputError&) {
      // A cache entry that does not parse is regenerated below.
    }
  }
  const std::string bytes = generate_msh_bytes(spec, key, directory);
  MeshPtr mesh = mesh_from_msh_bytes(bytes, "gmsh output of " + key, key);
  store_cached_msh(entry, key, bytes);
  return mesh;
}

std::string read_mesh_file(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  std::string problem;
  if (!std::filesystem::exists(status)) {
    problem = "no such file";
  } else if (std::filesystem::is_directory(status)) {
    problem = "is a directory";
  } else if (std::optional<std::string> bytes = try_read_file(path)) {
    return std::move(*bytes);
  } else {
    problem = "cannot be read";
  }
  throw InputError("mesh file '" + path + "': " + problem + "; " + k_msh_accepted);
}

}  // namespace

std::shared_ptr<const TetMesh> generated_mesh(const MeshSpec& spec) {
  const std::string key = mesh_key_text(spec);  // validates spec
  return memory_cached(key, [&] { return build_generated(spec, key); });
}

std::shared_ptr<const TetMesh> mesh_from_file(const std::string& path) {
  const std::string bytes = read_mesh_file(path);
  const std::string description = path + " sha256=" + sha256_hex(bytes);
  return memory_cached("file " + description,
                       [&] { return mesh_from_msh_bytes(bytes, path, description); });
}

std::shared_ptr<const TetMesh> mesh_from_geo_script(const std::string& path) {
  if (std::filesystem::path(path).extension() != ".geo")
    throw InputError("gmsh script '" + path +
                     "' does not end in .geo; accepted: a gmsh .geo script");
  const GeoScript script = read_geo_script(path);
  const std::string key =
      "gmsh " + mesher_version() + " script " + path + " sha256=" + sha256_hex(script.texts);
  return memory_cached(key, [&] {
    const std::string bytes =
        generate_msh_bytes(key, std::filesystem::temp_directory_path().string(),
                           [&](const std::string& tmp) { gmsh_write_script_mesh(path, key, tmp); });
    return mesh_from_msh_bytes(bytes, "gmsh output of " + key,
                               key + ", mesh sha256=" + sha256_hex(bytes));
  });
}

std::string mesher_version() {
  static const std::string version = gmsh_version();
  return version;
}

void set_mesh_cache_directory(const std::string& directory) {
  CacheDirectorySetting& s = cache_directory_setting();
  const std::lock_guard<std::mutex> lock(s.mutex);
  s.directory = directory;
}

std::string mesh_cache_directory() {
  CacheDirectorySetting& s = cache_directory_setting();
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (s.directory) return *s.directory;
  const char* env = std::getenv("TIBENCH_MESH_CACHE");
  return env != nullptr ? env : "";
}

void clear_mesh_memory_cache() {
  MemoryCache& cache = memory_cache();
  const std::lock_guard<std::mutex> lock(cache.mutex);
  cache.entries.clear();
}

}  // namespace tibench
