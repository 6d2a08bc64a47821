// The reference cache: one HDF5 file per reference, `<dir>/<key>.h5`, where
// key is the hash of the reference's key text (reference/reference.hpp:
// problem id, parameters, fingerprint, output times, method, h_ref,
// cross-check tolerance). A cached reference is reused only when its stored
// key text equals the requested one in full, so a hash collision or an entry
// from another version can only cause a recomputation.
//
// One file per entry keeps writers independent: concurrent shards (mpirun,
// Slurm arrays) that compute the same reference each write it atomically
// (temporary name, then rename) and the last rename wins with identical
// content; no file is ever shared between two writers.
//
// The I/O lives in harness/ next to the other HDF5 code; reference/ computes
// and knows nothing about files (as problems/ and integrators/).
#pragma once

#include <optional>
#include <string>

#include "reference/reference.hpp"

namespace tibench {

class ReferenceCache {
 public:
  // An empty dir disables the cache (lookups miss, stores do nothing).
  explicit ReferenceCache(std::string dir);
  std::optional<Reference> lookup(const std::string& key_text) const;
  void store(const Reference& ref) const;
  const std::string& dir() const { return dir_; }

 private:
  std::string file_of(const std::string& key) const;
  std::string dir_;
};

}  // namespace tibench
