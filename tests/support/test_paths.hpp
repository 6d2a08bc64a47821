// Where the tests find the sources and the tibench binary. Defined in one
// unit (test_paths.cpp, the only one compiled with these absolute paths),
// so that the other test units do not depend on where the clone lives and
// ccache reuses them across clones (cmake/ccache.cmake).
#pragma once

#include <string>

namespace tibench::test {

// The source tree (PROJECT_SOURCE_DIR).
const std::string& source_dir();
// The tibench command built with the tests.
const std::string& tibench_exe();

}  // namespace tibench::test
