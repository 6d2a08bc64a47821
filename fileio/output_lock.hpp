// An advisory lock on an output file, so that two tibench processes never
// write the same file (their cells would be mixed under one provenance).
//
// The lock is flock(2) on ".<name>.lock" beside the output (the output
// itself is replaced by rename, so its inode cannot carry the lock). The
// lock file records the holder (host, pid, start time) for the message the
// second writer gets; flock is released by the kernel when the holder exits,
// however it exits, so a killed run never leaves a stale lock (only, then,
// the file, which the next writer reuses). A holder that ends normally
// removes the file.
// On network file systems without flock support the lock is not enforced
// (the open succeeds); NFSv4 and Lustre/GPFS with flock mounts enforce it.
#pragma once

#include <string>

namespace tibench {

class OutputLock {
 public:
  // Takes the lock of `path`, or throws InputError naming the path and the
  // holder when another process has it; then removes the temporaries of
  // `path` left by earlier writers (none can be live: they held this lock).
  // `option` names the command-line option that gave the path (e.g. "-o").
  OutputLock(const std::string& path, const std::string& option);
  ~OutputLock();
  OutputLock(OutputLock&& other) noexcept;
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  OutputLock& operator=(OutputLock&&) = delete;

  // Temporaries removed when the lock was taken.
  int stale_removed() const { return stale_removed_; }

  static std::string lock_path_for(const std::string& path);

 private:
  std::string lock_path_;
  int fd_ = -1;
  int stale_removed_ = 0;
};

}  // namespace tibench
