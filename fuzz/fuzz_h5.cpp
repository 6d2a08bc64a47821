// libFuzzer target: the readers of tibench HDF5 files, on arbitrary bytes
// written to a temporary file: `tibench info`, `tibench merge` and the
// `--resume` check of `tibench run` (harness/io/run_file.hpp). A damaged file
// must end in InputError or an HDF5 exception (both exit code 2 in main());
// any other exception escapes and is reported as a crash.
#include <H5Cpp.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

#include "cli/commands.hpp"
#include "core/parameters.hpp"
#include "fuzz/tiny_run.hpp"
#include "harness/io/run_file.hpp"
#include "harness/run/merge.hpp"

namespace {

namespace fs = std::filesystem;

// A fresh name per input: HDF5 keeps files it has open by inode, so reusing
// one name could let a file leaked by a previous input answer for this one.
fs::path temp_path(const char* what) {
  static long counter = 0;
  return fs::temp_directory_path() / ("tibench-fuzz-" + std::to_string(::getpid()) + "-" +
                                      std::to_string(counter++) + "-" + what + ".h5");
}

template <class F>
void expect_clean_failure(F&& f) {
  try {
    f();
  } catch (const tibench::InputError&) {
  } catch (const H5::Exception&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  H5::Exception::dontPrint();  // errors arrive as exceptions, not on stderr
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const tibench::RunIdentity identity = tibench::fuzz::tiny_run_identity();
  const fs::path in = temp_path("in"), merged = temp_path("merged");
  if (FILE* f = std::fopen(in.c_str(), "wb")) {
    if (size) std::fwrite(data, 1, size, f);
    std::fclose(f);
  } else {
    return 0;
  }
  expect_clean_failure([&] { (void)tibench::cli::info(in.string()); });
  expect_clean_failure(
      [&] { (void)tibench::merge_run_files(merged.string(), {in.string()}, "fuzz"); });
  expect_clean_failure([&] { tibench::RunFile resumed(in.string(), true, "fuzz", identity); });
  std::error_code ec;
  fs::remove(in, ec);
  fs::remove(merged, ec);
  return 0;
}
