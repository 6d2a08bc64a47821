#include "harness/io/reference_cache.hpp"

#include <filesystem>

#include "core/parameters.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"
#include "reference/hash.hpp"

namespace tibench {

namespace {
constexpr const char* kGroup = "/reference";
}

ReferenceCache::ReferenceCache(std::string dir) : dir_(std::move(dir)) {}

std::string ReferenceCache::file_of(const std::string& key) const {
  return (std::filesystem::path(dir_) / (key + ".h5")).string();
}

std::optional<Reference> ReferenceCache::lookup(const std::string& key_text) const {
  if (dir_.empty()) return std::nullopt;
  const std::string key = hash_hex(key_text);
  const std::string path = file_of(key);
  if (!std::filesystem::exists(path)) return std::nullopt;
  try {
    H5::H5File f = h5::open_for_reading(path);
    Reference ref = read_reference(f, kGroup);
    if (ref.key_text != key_text) return std::nullopt;
    ref.key = key;
    return ref;
  } catch (const H5::Exception&) {
    return std::nullopt;  // unreadable entry: recompute (and overwrite it)
  } catch (const InputError&) {
    return std::nullopt;  // an older format or damaged: recompute
  }
}

void ReferenceCache::store(const Reference& ref) const {
  // Only computed references are worth keeping (exact and none cost nothing).
  if (dir_.empty() || ref.method != "rk4") return;
  std::filesystem::create_directories(dir_);
  h5::AtomicFile out(file_of(ref.key));
  write_reference(out.file(), kGroup, ref);
  out.commit();
}

}  // namespace tibench
