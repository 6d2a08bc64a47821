// Path checks (see output_path.hpp). access(2) answers "writable" for this
// process, read-only file systems included.
#include "fileio/output_path.hpp"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "core/errors.hpp"

namespace tibench {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& option, const std::string& path,
                       const std::string& reason, const std::string& accepted) {
  throw InputError("invalid " + option + " '" + path + "': " + reason + " (accepted: " + accepted +
                   ")");
}

const char* kOutputAccepted = "a new or regular file in an existing, writable directory";

void check_directory_of(const std::string& path, const std::string& option) {
  const fs::path parent = fs::path(path).parent_path();
  const std::string dir = parent.empty() ? "." : parent.string();
  std::error_code ec;
  if (!fs::exists(dir, ec))
    fail(option, path, "directory '" + dir + "' does not exist", kOutputAccepted);
  if (!fs::is_directory(dir, ec))
    fail(option, path, "'" + dir + "' is not a directory", kOutputAccepted);
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    fail(option, path, "directory '" + dir + "' is not writable", kOutputAccepted);
}

}  // namespace

void check_output_file(const std::string& path, const std::string& option,
                       const std::vector<std::string>& inputs) {
  if (path.empty()) fail(option, path, "empty path", kOutputAccepted);
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(path, ec);
  if (fs::exists(st)) {
    if (fs::is_symlink(st))
      fail(option, path, "is a symbolic link (it would be replaced, not followed)",
           "the link's target path, or " + std::string(kOutputAccepted));
    if (fs::is_directory(st)) fail(option, path, "is a directory", kOutputAccepted);
    if (!fs::is_regular_file(st))
      fail(option, path, "is not a regular file (a device, pipe or socket)", kOutputAccepted);
    if (::access(path.c_str(), W_OK) != 0) fail(option, path, "is not writable", kOutputAccepted);
    for (const auto& input : inputs)
      if (!input.empty() && fs::equivalent(path, input, ec))
        fail(option, path, "is also an input of this command ('" + input + "')",
             "an output path other than the inputs");
  }
  check_directory_of(path, option);
}

void check_cache_directory(const std::string& directory, const std::string& option) {
  const char* accepted = "a writable directory, created when missing";
  if (directory.empty()) fail(option, directory, "empty path", accepted);
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (!fs::is_directory(directory, ec))
    fail(option, directory, ec ? "cannot be created (" + ec.message() + ")" : "is not a directory",
         accepted);
  if (::access(directory.c_str(), W_OK | X_OK) != 0)
    fail(option, directory, "is not writable", accepted);
}

void check_input_file(const std::string& path, const std::string& option) {
  const char* accepted = "an existing, readable regular file";
  std::error_code ec;
  if (!fs::exists(path, ec)) fail(option, path, "does not exist", accepted);
  if (fs::is_directory(path, ec)) fail(option, path, "is a directory", accepted);
  if (!fs::is_regular_file(path, ec)) fail(option, path, "is not a regular file", accepted);
  if (::access(path.c_str(), R_OK) != 0) fail(option, path, "is not readable", accepted);
}

}  // namespace tibench
