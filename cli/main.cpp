// tibench — command-line entry point. The commands and their options are
// described in docs/cli.md.
#include <H5Cpp.h>

#include <cstdlib>
#include <iostream>
#include <new>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "fileio/output_path.hpp"
#include "integrators/methods/registry.hpp"
#include "meshes/mesh_source.hpp"
#include "problems/fem/element_loop.hpp"

int main(int argc, char** argv) {
  using namespace tibench;
  H5::Exception::dontPrint();
  const cli::Arguments a = cli::parse_arguments(argc, argv);
  if (a.command.empty()) return a.exit_code;

  try {
    if (!a.mesh_cache.empty()) {
      check_cache_directory(a.mesh_cache, "--mesh-cache");
      set_mesh_cache_directory(a.mesh_cache);
    } else if (const char* env = std::getenv("TIBENCH_MESH_CACHE"); env && *env) {
      check_cache_directory(env, "TIBENCH_MESH_CACHE");
    }
    (void)element_threads_from_environment();
    if (a.command == "list") return cli::list(a.list);
    if (a.command == "run") return cli::run(a.run);
    if (a.command == "converge") return cli::converge(a.converge);
    if (a.command == "workprecision") return cli::workprecision(a.workprecision);
    if (a.command == "verify") return cli::verify(a.verify);
    if (a.command == "info") return cli::info(a.info_input);
    if (a.command == "merge") return cli::merge(a.merge);
    if (a.command == "regress") return cli::regress(a.regress);
    if (a.command == "stability") return cli::stability(a.stability);
    if (a.command == "export") return cli::export_method(a.export_method);
  } catch (const InputError& e) {
    std::cerr << "tibench: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const RegistryError& e) {
    std::cerr << "tibench: registry error: " << e.what() << "\n";
    return kExitCheckFailed;
  } catch (const EnvironmentError& e) {
    std::cerr << "tibench: " << e.what() << "\n";
    return kExitEnvironment;
  } catch (const std::bad_alloc&) {
    std::cerr << "tibench: out of memory\n";
    return kExitEnvironment;
  } catch (const H5::Exception& e) {
    std::cerr << "tibench: HDF5 error: " << e.getDetailMsg() << "\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "tibench: internal error (please report it with the command line): " << e.what()
              << "\n";
    return kExitInternal;
  }
  return 0;
}
