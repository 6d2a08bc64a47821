// `tibench export ID`: a compiled registry entry as a method file
// (integrators/methods/method_file.hpp), to stdout or written atomically to -o FILE.
#include <iostream>

#include "cli/commands.hpp"
#include "fileio/atomic_write.hpp"
#include "fileio/output_lock.hpp"
#include "fileio/output_path.hpp"
#include "integrators/methods/method_file.hpp"

namespace tibench::cli {

int export_method(const ExportOptions& o) {
  const std::string text = method_file_text(find_integrator(o.integrator));
  if (o.output.empty()) {
    std::cout << text;
    return 0;
  }
  check_output_file(o.output, "-o", {});
  const OutputLock lock(o.output, "-o");
  write_file_atomically(o.output, text, "method file");
  return 0;
}

}  // namespace tibench::cli
