// Runs the tibench binary as a user would and captures exit code and output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include "test_paths.hpp"

namespace tibench::test {

struct Outcome {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

inline std::string read_file(const std::filesystem::path& p) {
  std::string s;
  if (FILE* f = std::fopen(p.c_str(), "r")) {
    std::array<char, 4096> buf;
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) s.append(buf.data(), n);
    std::fclose(f);
  }
  return s;
}

// A fresh scratch directory per test.
inline std::filesystem::path scratch_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() /
           ("tibench-test-" + std::to_string(::getpid()) + "-" + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// env: variables to set for this run only ("A=1 B=2").
inline Outcome tibench(const std::string& args, const std::string& env = "") {
  const auto dir = scratch_dir("io");
  const auto out = dir / "stdout", err = dir / "stderr";
  const std::string cmd = (env.empty() ? "" : "env " + env + " ") + test::tibench_exe() + " " +
                          args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(cmd.c_str());
  Outcome o;
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.out = read_file(out);
  o.err = read_file(err);
  std::filesystem::remove_all(dir);
  return o;
}

}  // namespace tibench::test
