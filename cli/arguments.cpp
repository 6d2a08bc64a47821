// Command-line parsing of the tibench subcommands (CLI11).
#include "cli/arguments.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

#include "harness/io/build_info.hpp"

namespace tibench::cli {

namespace {

std::string joined_command_line(int argc, const char* const* argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

CLI::App* add_run(CLI::App& app, RunOptions& o) {
  auto* run = app.add_subcommand("run", "run one problem/integrator over step sizes, or a matrix");
  run->add_option("--problem", o.problem, "problem id (see tibench list problems)");
  run->add_option("--param", o.params,
                  "problem parameter name=value, one per --param (repeat it: --param n=4 "
                  "--param k=2); names and ranges: tibench list problems")
      ->allow_extra_args(false);
  run->add_option("--integrator", o.integrator,
                  "integrator id, or file:PATH of a method file (docs/method-files.md)");
  run->add_option("--iparam", o.iparams,
                  "integrator parameter name=value, one per --iparam (repeat it); names and "
                  "ranges: tibench list integrators")
      ->allow_extra_args(false);
  run->add_option("--h", o.h_list, "step size(s), comma-separated");
  run->add_option("--t-end", o.t_end, "end time");
  run->add_option("--matrix", o.matrix, "matrix file (harness/matrices/*.toml)");
  run->add_option("-o,--output", o.output, "HDF5 output file");
  run->add_option("--samples", o.samples, "time-series samples kept per run")
      ->check(CLI::Range(1L, 100'000'000L));
  run->add_option("--frames", o.frames,
                  "position frames kept per run of a body with a surface mesh, for the XDMF "
                  "file beside the output (0: none; default 100)")
      ->check(CLI::Range(0L, 100000L));
  run->add_option("--max-steps", o.max_steps,
                  "largest number of steps of a cell or its reference; larger is an error")
      ->check(CLI::Range(1L, 1'000'000'000'000L));
  run->add_option("-j,--jobs", o.jobs, "worker threads (results do not depend on it)");
  run->add_option("--shard", o.shard,
                  "K/N: run shard K of N, cells balanced by cost (default: from "
                  "OMPI_COMM_WORLD_*, PMI_*, PMIX_RANK, srun's SLURM_PROCID, SLURM_ARRAY_TASK_*)");
  run->add_option("--shard-of-array", o.shard_of_array,
                  "the task ids of a sparse Slurm job array in order (e.g. 1,4,9): the shard is "
                  "SLURM_ARRAY_TASK_ID's position");
  run->add_option("--cell-timeout", o.cell_timeout_s,
                  "seconds after which a cell ends with status timeout and the run goes on "
                  "(overrides the matrix's cell_timeout)");
  run->add_flag("--resume", o.resume, "skip cells already complete in the output file");
  run->add_flag("--reuse", o.reuse,
                "keep the output file's runs of cells that did not change, if the same build "
                "wrote it (the matrix may have changed); run the rest");
  run->add_flag("--short", o.short_version,
                "with --matrix: run a long matrix's short version (each study's `short`: a "
                "shorter t_end, the same cells otherwise), as make run does");
  run->add_option("--reference-cache", o.reference_cache,
                  "directory of cached references (\"none\": no cache)");
  run->add_option("--checkpoint", o.checkpoint_seconds,
                  "seconds between checkpoints of the output file (0: after every cell)");
  run->add_flag("-q,--quiet", o.quiet, "no progress on stderr");
  return run;
}

CLI::App* add_converge(CLI::App& app, ConvergeOptions& o) {
  auto* conv = app.add_subcommand("converge", "convergence tables from a run file");
  conv->add_option("input", o.input, "HDF5 file written by tibench run")->required();
  conv->add_option("--format", o.format, "md | csv | tex");
  conv->add_option("-o,--output", o.output, "output file (default: stdout)");
  conv->add_option("--matrix", o.matrix, "also render this matrix's paper tables ([[table]])");
  return conv;
}

CLI::App* add_workprecision(CLI::App& app, WorkPrecisionOptions& o) {
  auto* wp = app.add_subcommand("workprecision",
                                "error against cost per problem, from a run file's metrics");
  wp->add_option("input", o.input, "HDF5 file written by tibench run")->required();
  wp->add_option("--format", o.format, "md | csv | tex | json (every point and the front)");
  wp->add_option("--error", o.error, "err_final | energy_drift_max");
  wp->add_option("-o,--output", o.output, "output file (default: stdout)");
  return wp;
}

CLI::App* add_verify(CLI::App& app, VerifyOptions& o) {
  auto* verify = app.add_subcommand(
      "verify", "run the claims ledger, or verify integrators' orders (--integrator)");
  verify->add_option("--claim", o.claims, "claim id (repeatable; default: all)")
      ->allow_extra_args(false);
  verify
      ->add_option("--integrator", o.integrators,
                   "verify an integrator instead (repeatable; registry id or file:PATH): its "
                   "observed order on the oscillator and the pendulum against the computed one")
      ->allow_extra_args(false);
  verify->add_flag("--fast", o.fast, "smaller samples");
  verify->add_flag("--strict", o.strict, "exit 1 when a claim is refuted");
  verify->add_option("-o,--output", o.output, "HDF5 output file");
  verify->add_option("--report", o.report, "Markdown report file");
  verify->add_option("--expected", o.expected,
                     "pinned verdicts (claims/<paper>/expected_verdicts.toml): exit 1 when a "
                     "computed verdict differs from its pin");
  verify->add_option("--explain", o.explain,
                     "run one claim and print how its verdict was reached (with --fast: its "
                     "short version)");
  verify->add_option("--perturb", o.perturb,
                     "with --explain: run the claim with an input changed (name=value, "
                     "repeatable), as its declared perturbation does; not compared with the pin");
  verify->add_option("-j,--jobs", o.jobs,
                     "checks run at once (the verdicts do not depend on it; timing claims run "
                     "last, alone)");
  return verify;
}

CLI::App* add_regress(CLI::App& app, RegressOptions& o) {
  auto* regress = app.add_subcommand("regress", "CI gate: rerun a matrix and check error bounds");
  regress->add_option("--baseline", o.baseline, "baseline JSON (results/baselines/ci.json)")
      ->required();
  regress->add_option("--matrix", o.matrix, "matrix to run (default: the baseline's)");
  regress->add_flag("--update", o.update, "rewrite the baseline from a fresh run, print the diff");
  regress->add_option("-j,--jobs", o.jobs, "worker threads");
  regress->add_option("--reference-cache", o.reference_cache,
                      "directory of cached references (default: none)");
  regress->add_option("-o,--output", o.output, "also write the fresh run to this HDF5 file");
  return regress;
}

CLI::App* add_stability(CLI::App& app, StabilityOptions& o) {
  auto* stab =
      app.add_subcommand("stability", "update matrix Q(hbar) of an integrator on the oscillator");
  stab->add_option("integrator", o.integrator, "integrator id, or file:PATH of a method file")
      ->required();
  stab->add_option("--iparam", o.iparams, "integrator parameter override name=value")
      ->allow_extra_args(false);
  stab->add_option("--hbar-min", o.hbar_min, "smallest hbar = h^2 k/m");
  stab->add_option("--hbar-max", o.hbar_max, "largest hbar");
  stab->add_option("--points", o.points, "number of hbar values (log spaced)");
  stab->add_flag("--json", o.json, "machine-readable output");
  return stab;
}

// CLI11 reports a misspelled subcommand only as "a subcommand is required";
// this names it. Returns false (after printing) for an unknown command.
bool first_is_known_command(CLI::App& app, int argc, const char* const* argv) {
  if (argc <= 1 || argv[1][0] == '-') return true;
  const std::string first = argv[1];
  std::string accepted;
  for (const auto* sub : app.get_subcommands({})) {
    if (sub->get_name() == first) return true;
    accepted += (accepted.empty() ? "" : ", ") + sub->get_name();
  }
  std::cerr << "tibench: unknown command '" << first << "' (accepted: " << accepted << ")\n";
  return false;
}

void add_list(CLI::App& app, ListOptions& o) {
  auto* list = app.add_subcommand("list", "list integrators, problems or claims");
  list->add_option("what", o.what,
                   "integrators | problems | claims | file:PATH (a method file's load report; "
                   "default: integrators, said on stderr)")
      ->check(CLI::Validator(
          [](std::string& what) -> std::string {
            if (what == "integrators" || what == "problems" || what == "claims" ||
                (what.starts_with("file:") && what.size() > 5))
              return "";
            return "'" + what + "' (accepted: integrators, problems, claims, file:PATH)";
          },
          "", "what"));
  auto* format = list->add_option("--format", o.format,
                                  "text | json | md (Markdown: the pages docs/integrators.md, "
                                  "problems.md, claims.md)")
                     ->check(CLI::IsMember({"text", "json", "md"}));
  list->add_flag("--json", o.json, "machine-readable output (--format json)")->excludes(format);
}

void add_export(CLI::App& app, ExportOptions& o) {
  auto* exp = app.add_subcommand(
      "export",
      "write a registry tableau method as a method file, or a contact scene as a scene file");
  exp->add_option("id", o.integrator,
                  "integrator id (families explicit-rk, dirk, rosenbrock, partitioned-rk) or "
                  "contact-scene problem id (docs/scene-files.md)")
      ->required();
  exp->add_option("--param", o.params, "problem parameter name=value of a scene (repeatable)");
  exp->add_option("-o,--output", o.output,
                  "method or scene file (default: stdout; a scene that reshapes its body also "
                  "writes FILE's .msh beside it)");
}

}  // namespace

Arguments parse_arguments(int argc, const char* const* argv) {
  Arguments a;
  CLI::App app{"tibench: benchmarking and verification harness for time integrators"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tibench ") + build_info::version + " (" +
                                        build_info::git_commit +
                                        (build_info::git_dirty ? ", modified" : "") + ", " +
                                        build_info::build_type + ")");
  // Every option's default appears in --help (inherited by the subcommands).
  app.option_defaults()->always_capture_default();
  const std::string command_line = joined_command_line(argc, argv);
  a.run.command_line = a.verify.command_line = a.merge.command_line = a.regress.command_line =
      command_line;

  add_list(app, a.list);
  auto* run = add_run(app, a.run);
  add_converge(app, a.converge);
  add_workprecision(app, a.workprecision);
  auto* verify = add_verify(app, a.verify);
  add_export(app, a.export_method);
  auto* merge = app.add_subcommand("merge", "merge run files (e.g. the shards of a matrix)");
  merge->add_option("output", a.merge.output, "merged HDF5 file")->required();
  merge->add_option("inputs", a.merge.inputs, "input HDF5 files")->required();
  merge->add_flag("--allow-partial", a.merge.allow_partial,
                  "merge an incomplete set of shards (the missing ones are recorded)");
  auto* regress = add_regress(app, a.regress);
  add_stability(app, a.stability);
  // Generated meshes (meshes/mesh_source.hpp): one directory for every
  // command that builds problems; TIBENCH_MESH_CACHE when not given.
  for (auto* sub : {run, verify, regress})
    sub->add_option("--mesh-cache", a.mesh_cache,
                    "directory of cached gmsh meshes (default: $TIBENCH_MESH_CACHE, else memory "
                    "only)");
  auto* info = app.add_subcommand("info", "summarize an HDF5 file written by tibench");
  info->add_option("input", a.info_input, "HDF5 file")->required();

  if (!first_is_known_command(app, argc, argv)) {
    a.exit_code = 2;
    return a;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    a.exit_code = app.exit(e);
    return a;
  } catch (const CLI::CallForAllHelp& e) {
    a.exit_code = app.exit(e);
    return a;
  } catch (const CLI::CallForVersion& e) {
    a.exit_code = app.exit(e);
    return a;
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    std::replace(msg.begin(), msg.end(), '\n', ' ');
    std::cerr << "tibench: " << msg << " (see tibench --help)\n";
    a.exit_code = 2;
    return a;
  }
  for (const auto* sub : app.get_subcommands()) a.command = sub->get_name();
  return a;
}

}  // namespace tibench::cli
