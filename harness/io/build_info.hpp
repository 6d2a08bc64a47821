// Build provenance, generated at build time by cmake/build_info.cmake.
#pragma once

namespace tibench::build_info {
extern const char* const version;
extern const char* const git_commit;
extern const bool git_dirty;
extern const char* const compiler;
extern const char* const build_type;
extern const char* const cxx_flags;
}  // namespace tibench::build_info
