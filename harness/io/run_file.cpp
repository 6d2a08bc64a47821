#include "harness/io/run_file.hpp"

#include <filesystem>
#include <optional>

#include "harness/analysis/convergence.hpp"
#include "harness/io/build_info.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {

RunFile::RunFile(std::string path, bool resume, std::string command_line, RunIdentity identity)
    : path_(std::move(path)),
      command_line_(std::move(command_line)),
      identity_(std::move(identity)) {
  if (!resume || !std::filesystem::exists(path_)) return;
  H5::H5File f = h5::open_for_reading(path_);
  H5::Group root = f.openGroup("/");
  const std::string schema =
      h5::has_attr(root, "schema") ? h5::read_string_attr(root, "schema") : "";
  if (schema != h5::kSchema)
    throw InputError("cannot resume '" + path_ + "': schema '" + schema +
                     "' (accepted: " + h5::kSchema + ")");
  const std::string commit = h5::read_string_attr(root, "git_commit");
  if (commit != build_info::git_commit)
    throw InputError("cannot resume '" + path_ + "': written by commit " + commit +
                     ", this binary is " + build_info::git_commit +
                     " (accepted: a file written by the same build; rerun without --resume)");
  check_resume_identity(f, path_, identity_);
  for (const auto& r : read_runs(f))
    if (!r.cell_key.empty()) completed_.insert(r.cell_key);
  have_base_ = true;
}

void RunFile::checkpoint(const std::vector<RunRecord>& runs,
                         const std::vector<std::pair<std::string, const Reference*>>& references,
                         bool finalize) {
  std::optional<h5::AtomicFile> out;
  if (have_base_)
    out.emplace(path_, path_);
  else
    out.emplace(path_);
  H5::H5File& f = out->file();
  h5::write_provenance(f, command_line_, {{"run", run_group_description()}});
  write_identity(f, identity_);
  for (const auto& [problem, ref] : references)
    write_reference(f, reference_path(problem, *ref), *ref);
  for (const auto& r : runs) {
    write_run(f, r);
    completed_.insert(r.cell_key);
  }
  if (finalize) {
    if (h5::exists(f, "/convergence")) f.unlink("/convergence");
    write_convergence(f, convergence_tables(read_runs(f), "err_final"));
  }
  out->commit();
  have_base_ = true;
}

}  // namespace tibench
