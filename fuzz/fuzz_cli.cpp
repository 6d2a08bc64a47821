// libFuzzer target: the tibench command line (cli/arguments.hpp) and
// the parsers of option values that run before any work (--h, --t-end,
// --shard, --param/--iparam). The input is the argument vector, one argument
// per line. Bad arguments must end in a usage error (exit code 2) or an
// InputError; any other exception escapes and is reported as a crash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "core/parameters.hpp"
#include "harness/run/shard.hpp"
#include "integrators/methods/method_file.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"

namespace {

std::vector<std::string> split_lines(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"tibench"};
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.push_back(current);
      current.clear();
    } else {
      current += static_cast<char>(data[i]);
    }
  }
  if (!current.empty()) args.push_back(current);
  return args;
}

void parse_values(const tibench::cli::Arguments& a) {
  using namespace tibench;
  if (a.command == "run") {
    if (!a.run.h_list.empty()) (void)cli::parse_step_sizes(a.run.h_list);
    if (!a.run.t_end.empty()) (void)cli::parse_t_end(a.run.t_end);
    if (!a.run.shard.empty()) (void)parse_shard(a.run.shard);
    if (!a.run.problem.empty()) (void)problem_params(find_problem(a.run.problem), a.run.params);
    if (!a.run.integrator.empty())
      (void)integrator_params(resolve_integrator(a.run.integrator), a.run.iparams);
  } else if (a.command == "stability") {
    (void)integrator_params(resolve_integrator(a.stability.integrator), a.stability.iparams);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = split_lines(data, size);
  if (args.size() > 64) return -1;  // not a command line anyone types
  std::vector<const char*> argv;
  for (const auto& s : args) argv.push_back(s.c_str());
  const auto a = tibench::cli::parse_arguments(static_cast<int>(argv.size()), argv.data());
  try {
    parse_values(a);
  } catch (const tibench::InputError&) {
  }
  return 0;
}
