// flock-based output lock (see output_lock.hpp).
#include "fileio/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <utility>

#include "core/errors.hpp"
#include "fileio/atomic_write.hpp"

namespace tibench {

namespace {

std::string read_holder(int fd) {
  char buf[256] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? "unknown process" : text;
}

void write_holder(int fd) {
  char when[32] = {};
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  const std::string text =
      "host " + host_name() + ", pid " + std::to_string(::getpid()) + ", since " + when + "\n";
  if (::ftruncate(fd, 0) == 0) {
    const ssize_t written = ::pwrite(fd, text.data(), text.size(), 0);
    (void)written;  // the record only improves a message; the lock is the flock
  }
}

}  // namespace

std::string OutputLock::lock_path_for(const std::string& path) {
  const std::filesystem::path target(path);
  std::string name = ".";
  name.append(target.filename().string()).append(".lock");
  return (target.parent_path() / name).string();
}

namespace {

// Whether fd is the file now at `path` (not one unlinked by its last holder).
bool still_linked(int fd, const std::string& path) {
  struct stat by_fd {
  }, by_path{};
  return ::fstat(fd, &by_fd) == 0 && ::lstat(path.c_str(), &by_path) == 0 &&
         by_fd.st_dev == by_path.st_dev && by_fd.st_ino == by_path.st_ino;
}

}  // namespace

OutputLock::OutputLock(const std::string& path, const std::string& option)
    : lock_path_(lock_path_for(path)) {
  // A holder unlinks the lock file when it is done; a process that opened
  // the file just before that would lock an orphan, so it checks the link
  // after locking and starts over.
  for (int attempt = 0; attempt < 100; ++attempt) {
    fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
      throw InputError("cannot lock " + option + " '" + path + "': cannot open '" + lock_path_ +
                       "' (" + std::strerror(errno) + ")");
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      const std::string holder = err == EWOULDBLOCK ? read_holder(fd_) : std::strerror(err);
      ::close(fd_);
      fd_ = -1;
      throw InputError(option + " '" + path + "' is being written by another tibench (" + holder +
                       "); wait for it to finish or choose another output");
    }
    if (still_linked(fd_, lock_path_)) break;
    ::close(fd_);
    fd_ = -1;
  }
  if (fd_ < 0)
    throw InputError("cannot lock " + option + " '" + path + "': its lock file keeps changing");
  write_holder(fd_);
  stale_removed_ = remove_stale_temporaries(path, true);
}

OutputLock::OutputLock(OutputLock&& other) noexcept
    : lock_path_(std::move(other.lock_path_)),
      fd_(std::exchange(other.fd_, -1)),
      stale_removed_(other.stale_removed_) {}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still holding it: see the constructor
  ::close(fd_);
}

}  // namespace tibench
