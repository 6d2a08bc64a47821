// Atomic writes (see atomic_write.hpp). POSIX: gethostname, getpid, kill(pid,
// 0) to ask whether a process exists; std::random_device for the random part
// of a temporary name, so that two hosts whose pids coincide still differ.
#include "fileio/atomic_write.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <system_error>

#include "core/errors.hpp"  // InputError, EnvironmentError (header only)

namespace tibench {

namespace fs = std::filesystem;

namespace {

std::string random_hex() {
  static thread_local std::random_device device;
  const unsigned long long r =
      (static_cast<unsigned long long>(device()) << 32) ^ static_cast<unsigned long long>(device());
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", r);
  return buf;
}

bool process_exists(long pid) {
  if (pid <= 0) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// A pid written in decimal (digits only, no sign or spaces).
bool parse_pid(std::string_view s, long& pid) {
  if (s.empty() || s.size() > 18) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return std::from_chars(s.data(), s.data() + s.size(), pid).ec == std::errc();
}

// "<host>-<pid>-<random>[ext]" → host and pid; false when it does not parse.
bool parse_temp_tail(std::string_view tail, std::string& host, long& pid) {
  const auto last = tail.rfind('-');
  if (last == std::string_view::npos || last == 0) return false;
  const auto before = tail.rfind('-', last - 1);
  if (before == std::string_view::npos) return false;
  const std::string_view pid_text = tail.substr(before + 1, last - before - 1);
  if (!parse_pid(pid_text, pid)) return false;
  host = std::string(tail.substr(0, before));
  return true;
}

// Whether the directory entry `file` is a stale temporary of `name`.
bool is_stale_temporary(const std::string& file, const std::string& name, bool all_of_path) {
  const std::string current = std::string(".").append(name).append(".tmp-");
  if (file.rfind(current, 0) == 0) {
    std::string host;
    long pid = 0;
    if (!parse_temp_tail(std::string_view(file).substr(current.size()), host, pid)) return false;
    return all_of_path || (host == host_name() && !process_exists(pid));
  }
  // Names used before temporaries carried a host: "<name>.tmp.<pid>" and
  // "<name>.tmp"; they can only be told apart from a live writer by its pid.
  const std::string with_pid = name + ".tmp.";
  long pid = 0;
  if (file.rfind(with_pid, 0) == 0 &&
      parse_pid(std::string_view(file).substr(with_pid.size()), pid))
    return all_of_path || !process_exists(pid);
  return all_of_path && file == name + ".tmp";
}

}  // namespace

std::optional<std::string> try_read_file(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
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

const std::string& host_name() {
  static const std::string name = [] {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return std::string("host");
    std::string h(buf);
    for (char& c : h)
      if (c == '/' || c == '\\' || c == ' ') c = '_';
    return h;
  }();
  return name;
}

std::string unique_temp_path(const std::string& directory, const std::string& name,
                             const std::string& extension) {
  std::string file = ".";
  file.append(name).append(".tmp-").append(host_name()).append("-");
  file.append(std::to_string(::getpid())).append("-").append(random_hex()).append(extension);
  return (fs::path(directory.empty() ? "." : directory) / file).string();
}

std::string temp_path_for(const std::string& path) {
  const fs::path target(path);
  return unique_temp_path(target.parent_path().string(), target.filename().string());
}

void write_file_atomically(const std::string& path, std::string_view bytes,
                           const std::string& what) {
  const std::string tmp = temp_path_for(path);
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  bool ok = f != nullptr && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  if (f != nullptr) ok = std::fclose(f) == 0 && ok;
  std::string problem = ok ? "" : std::strerror(errno);
  std::error_code ec;
  if (ok) {
    fs::rename(tmp, path, ec);
    if (ec) problem = ec.message();
  }
  if (!problem.empty()) {
    fs::remove(tmp, ec);
    throw EnvironmentError("cannot write " + what + " '" + path + "' (" + problem + ")");
  }
}

int remove_stale_temporaries(const std::string& path, bool all_of_path) {
  const fs::path target(path);
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const std::string name = target.filename().string();
  std::error_code ec;
  int removed = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file = it->path().filename().string();
    if (!is_stale_temporary(file, name, all_of_path)) continue;
    std::error_code rm;
    if (fs::remove(it->path(), rm)) ++removed;
  }
  return removed;
}

}  // namespace tibench
