// Files the tests write and read: the smoke matrix the command-line tests
// run, and a helper that writes a small input file.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "test_paths.hpp"

namespace tibench::test {

// harness/matrices/smoke.toml: a matrix of a few cells that runs in seconds.
inline std::string smoke_matrix() { return source_dir() + "/harness/matrices/smoke.toml"; }

// Writes text to p, replacing what was there.
inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

}  // namespace tibench::test
