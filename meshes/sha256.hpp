// SHA-256 (FIPS 180-4) of a byte string, as 64 lower-case hex digits.
//
// The mesh cache names its files by the hash of the key text and records the
// hash of every cached .msh beside it, and a loaded .msh file is identified by
// the hash of its contents. A cryptographic hash makes an accidental match
// (a corrupt or foreign file taken for the right one) practically impossible;
// it lives here so that meshes/ depends on nothing else in the tree.
#pragma once

#include <string>
#include <string_view>

namespace tibench {

std::string sha256_hex(std::string_view bytes);

}  // namespace tibench
