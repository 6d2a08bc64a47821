// tibench — command-line entry point. See DESIGN.md §3 and README.md.
#include <CLI/CLI.hpp>
#include <H5Cpp.h>

#include <cstdlib>
#include <iostream>

#include "fileio/output_path.hpp"
#include "harness/build_info.hpp"
#include "harness/cli/commands.hpp"
#include "integrators/registry.hpp"
#include "meshes/mesh_source.hpp"
#include "problems/parameters.hpp"

namespace {

std::string joined_command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tibench;
  H5::Exception::dontPrint();
  CLI::App app{"tibench: benchmarking and verification harness for time integrators"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tibench ") + build_info::version + " (" +
                                        build_info::git_commit +
                                        (build_info::git_dirty ? ", modified" : "") + ", " +
                                        build_info::build_type + ")");
  // Every option's default appears in --help (inherited by the subcommands).
  app.option_defaults()->always_capture_default();
  const std::string command_line = joined_command_line(argc, argv);

  cli::ListOptions list_opts;
  auto* list = app.add_subcommand("list", "list integrators, problems or claims");
  list->add_option("what", list_opts.what,
                   "integrators | problems | claims (default: integrators, said on stderr)")
      ->check(CLI::IsMember({"integrators", "problems", "claims"}));
  list->add_flag("--json", list_opts.json, "machine-readable output");

  cli::RunOptions run_opts;
  run_opts.command_line = command_line;
  auto* run = app.add_subcommand("run", "run one problem/integrator over step sizes, or a matrix");
  run->add_option("--problem", run_opts.problem, "problem id (see tibench list problems)");
  run->add_option("--param", run_opts.params,
                  "problem parameter name=value, one per --param (repeat it: --param n=4 "
                  "--param k=2); names and ranges: tibench list problems")
      ->allow_extra_args(false);
  run->add_option("--integrator", run_opts.integrator, "integrator id");
  run->add_option("--iparam", run_opts.iparams,
                  "integrator parameter name=value, one per --iparam (repeat it); names and "
                  "ranges: tibench list integrators")
      ->allow_extra_args(false);
  run->add_option("--h", run_opts.h_list, "step size(s), comma-separated");
  run->add_option("--t-end", run_opts.t_end, "end time");
  run->add_option("--matrix", run_opts.matrix, "matrix file (harness/matrices/*.toml)");
  run->add_option("-o,--output", run_opts.output, "HDF5 output file");
  run->add_option("--samples", run_opts.samples, "time-series samples kept per run")
      ->check(CLI::Range(1L, 100'000'000L));
  run->add_option("--frames", run_opts.frames,
                  "position frames kept per run of a body with a surface mesh, for the XDMF "
                  "file beside the output (0: none; default 100)")
      ->check(CLI::Range(0L, 100000L));
  run->add_option("--max-steps", run_opts.max_steps,
                  "largest number of steps of a cell or its reference; larger is an error")
      ->check(CLI::Range(1L, 1'000'000'000'000L))
      ->capture_default_str();
  run->add_option("-j,--jobs", run_opts.jobs, "worker threads (results do not depend on it)");
  run->add_option("--shard", run_opts.shard,
                  "K/N: run shard K of N, cells balanced by cost (default: from "
                  "OMPI_COMM_WORLD_*, PMI_*, PMIX_RANK, srun's SLURM_PROCID, SLURM_ARRAY_TASK_*)");
  run->add_option("--shard-of-array", run_opts.shard_of_array,
                  "the task ids of a sparse Slurm job array in order (e.g. 1,4,9): the shard is "
                  "SLURM_ARRAY_TASK_ID's position");
  run->add_option("--cell-timeout", run_opts.cell_timeout_s,
                  "seconds after which a cell ends with status timeout and the run goes on "
                  "(overrides the matrix's cell_timeout)");
  run->add_flag("--resume", run_opts.resume, "skip cells already complete in the output file");
  run->add_option("--reference-cache", run_opts.reference_cache,
                  "directory of cached references (\"none\": no cache)");
  run->add_option("--checkpoint", run_opts.checkpoint_seconds,
                  "seconds between checkpoints of the output file (0: after every cell)");
  run->add_flag("-q,--quiet", run_opts.quiet, "no progress on stderr");

  cli::ConvergeOptions conv_opts;
  auto* conv = app.add_subcommand("converge", "convergence tables from a run file");
  conv->add_option("input", conv_opts.input, "HDF5 file written by tibench run")->required();
  conv->add_option("--format", conv_opts.format, "md | csv | tex");
  conv->add_option("-o,--output", conv_opts.output, "output file (default: stdout)");
  conv->add_option("--matrix", conv_opts.matrix, "also render this matrix's paper tables ([[table]])");

  cli::VerifyOptions ver_opts;
  ver_opts.command_line = command_line;
  auto* verify = app.add_subcommand("verify", "run the claims ledger");
  verify->add_option("--claim", ver_opts.claims, "claim id (repeatable; default: all)")
      ->allow_extra_args(false);
  verify->add_flag("--fast", ver_opts.fast, "smaller samples");
  verify->add_flag("--strict", ver_opts.strict, "exit 1 when a claim is refuted");
  verify->add_option("-o,--output", ver_opts.output, "HDF5 output file");
  verify->add_option("--report", ver_opts.report, "Markdown report file");

  cli::MergeOptions merge_opts;
  merge_opts.command_line = command_line;
  auto* merge = app.add_subcommand("merge", "merge run files (e.g. the shards of a matrix)");
  merge->add_option("output", merge_opts.output, "merged HDF5 file")->required();
  merge->add_option("inputs", merge_opts.inputs, "input HDF5 files")->required();
  merge->add_flag("--allow-partial", merge_opts.allow_partial,
                  "merge an incomplete set of shards (the missing ones are recorded)");

  cli::RegressOptions reg_opts;
  reg_opts.command_line = command_line;
  auto* regress = app.add_subcommand("regress", "CI gate: rerun a matrix and check error bounds");
  regress->add_option("--baseline", reg_opts.baseline, "baseline JSON (results/baselines/ci.json)")
      ->required();
  regress->add_option("--matrix", reg_opts.matrix, "matrix to run (default: the baseline's)");
  regress->add_flag("--update", reg_opts.update, "rewrite the baseline from a fresh run, print the diff");
  regress->add_option("-j,--jobs", reg_opts.jobs, "worker threads");
  regress->add_option("--reference-cache", reg_opts.reference_cache,
                      "directory of cached references (default: none)");
  regress->add_option("-o,--output", reg_opts.output, "also write the fresh run to this HDF5 file");

  cli::StabilityOptions stab_opts;
  auto* stab = app.add_subcommand("stability", "update matrix Q(hbar) of an integrator on the oscillator");
  stab->add_option("integrator", stab_opts.integrator, "integrator id")->required();
  stab->add_option("--iparam", stab_opts.iparams, "integrator parameter override name=value")
      ->allow_extra_args(false);
  stab->add_option("--hbar-min", stab_opts.hbar_min, "smallest hbar = h^2 k/m");
  stab->add_option("--hbar-max", stab_opts.hbar_max, "largest hbar");
  stab->add_option("--points", stab_opts.points, "number of hbar values (log spaced)");
  stab->add_flag("--json", stab_opts.json, "machine-readable output");

  // Generated meshes (meshes/mesh_source.hpp): one directory for every
  // command that builds problems; TIBENCH_MESH_CACHE when not given.
  std::string mesh_cache;
  for (auto* sub : {run, verify, regress})
    sub->add_option("--mesh-cache", mesh_cache,
                    "directory of cached gmsh meshes (default: $TIBENCH_MESH_CACHE, else memory "
                    "only)");

  std::string info_input;
  auto* info = app.add_subcommand("info", "summarize an HDF5 file written by tibench");
  info->add_option("input", info_input, "HDF5 file")->required();

  // CLI11 reports a misspelled subcommand only as "a subcommand is required";
  // name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    const std::string first = argv[1];
    bool known = false;
    for (const auto* sub : app.get_subcommands({})) known = known || sub->get_name() == first;
    if (!known) {
      std::string accepted;
      for (const auto* sub : app.get_subcommands({}))
        accepted += (accepted.empty() ? "" : ", ") + sub->get_name();
      std::cerr << "tibench: unknown command '" << first << "' (accepted: " << accepted << ")\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    std::replace(msg.begin(), msg.end(), '\n', ' ');
    std::cerr << "tibench: " << msg << " (see tibench --help)\n";
    return 2;
  }

  try {
    if (!mesh_cache.empty()) {
      check_cache_directory(mesh_cache, "--mesh-cache");
      set_mesh_cache_directory(mesh_cache);
    } else if (const char* env = std::getenv("TIBENCH_MESH_CACHE"); env && *env) {
      check_cache_directory(env, "TIBENCH_MESH_CACHE");
    }
    if (*list) return cli::list(list_opts);
    if (*run) return cli::run(run_opts);
    if (*conv) return cli::converge(conv_opts);
    if (*verify) return cli::verify(ver_opts);
    if (*info) return cli::info(info_input);
    if (*merge) return cli::merge(merge_opts);
    if (*regress) return cli::regress(reg_opts);
    if (*stab) return cli::stability(stab_opts);
  } catch (const InputError& e) {
    std::cerr << "tibench: " << e.what() << "\n";
    return 2;
  } catch (const RegistryError& e) {
    std::cerr << "tibench: registry error: " << e.what() << "\n";
    return 1;
  } catch (const H5::Exception& e) {
    std::cerr << "tibench: HDF5 error: " << e.getDetailMsg() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tibench: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
