// A stable 64-bit content hash (FNV-1a) for cache keys and cell identities.
// Not cryptographic: every user of a hash also stores the hashed text and
// compares it in full before trusting a match, so a collision can only cost
// a cache miss, never a wrong reuse.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tibench {

std::uint64_t fnv1a64(std::string_view text);
// 16 lower-case hex digits of fnv1a64(text).
std::string hash_hex(std::string_view text);

}  // namespace tibench
