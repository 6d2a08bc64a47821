// File helpers of the mesh library (see file_io.hpp for the atomicity
// argument). POSIX getpid() names the process; std::thread::id's hash names
// the thread; an atomic counter separates calls from one thread.
#include "meshes/file_io.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <system_error>
#include <thread>

#include "problems/parameters.hpp"

namespace tibench {

std::optional<std::string> try_read_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes;
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;
  bytes.resize(static_cast<std::size_t>(size));
  in.seekg(0, std::ios::beg);
  in.read(bytes.data(), size);
  if (!in || in.gcount() != size) return std::nullopt;
  return bytes;
}

std::string unique_temp_path(const std::string& directory, const std::string& stem,
                             const std::string& extension) {
  static std::atomic<unsigned long> counter{0};
  const auto thread = std::hash<std::thread::id>{}(std::this_thread::get_id());
  const std::string name = "." + stem + ".tmp-" + std::to_string(::getpid()) + "-" +
                           std::to_string(thread) + "-" + std::to_string(counter++) + extension;
  return (std::filesystem::path(directory) / name).string();
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::filesystem::path target(path);
  const std::string tmp =
      unique_temp_path(target.parent_path().string(), target.filename().string(), "");
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  bool ok = f != nullptr && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  if (f != nullptr) ok = std::fclose(f) == 0 && ok;
  std::string problem = ok ? "" : std::strerror(errno);
  std::error_code ec;
  if (ok) {
    std::filesystem::rename(tmp, target, ec);
    if (ec) problem = ec.message();
  }
  if (!problem.empty()) {
    std::filesystem::remove(tmp, ec);
    throw InputError("cannot write '" + path + "' (" + problem +
                     "); check the mesh cache directory");
  }
}

}  // namespace tibench
