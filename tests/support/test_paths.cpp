#include "test_paths.hpp"

namespace tibench::test {

const std::string& source_dir() {
  static const std::string dir = TIBENCH_SOURCE_DIR;
  return dir;
}

const std::string& tibench_exe() {
  static const std::string exe = TIBENCH_EXE;
  return exe;
}

}  // namespace tibench::test
