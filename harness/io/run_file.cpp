#include "harness/io/run_file.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "harness/analysis/convergence.hpp"
#include "harness/io/build_info.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {

RunFile::RunFile(std::string path, bool resume, std::string command_line, RunIdentity identity,
                 const std::set<std::string>* keep)
    : path_(std::move(path)),
      command_line_(std::move(command_line)),
      identity_(std::move(identity)) {
  if (!(resume || keep) || !std::filesystem::exists(path_)) return;
  H5::H5File f = h5::open_for_reading(path_);
  H5::Group root = f.openGroup("/");
  const std::string schema =
      h5::has_attr(root, "schema") ? h5::read_string_attr(root, "schema") : "";
  if (schema != h5::kSchema) {
    if (!resume) {
      reuse_note_ = "it has schema '" + schema + "', not " + h5::kSchema;
      return;
    }
    throw InputError("cannot resume '" + path_ + "': schema '" + schema +
                     "' (accepted: " + h5::kSchema + ")");
  }
  if (resume)
    resume_from(f);
  else
    reuse_from(f, *keep);
}

void RunFile::resume_from(const H5::H5File& f) {
  const std::string commit = h5::read_string_attr(f.openGroup("/"), "git_commit");
  if (commit != build_info::git_commit)
    throw InputError("cannot resume '" + path_ + "': written by commit " + commit +
                     ", this binary is " + build_info::git_commit +
                     " (accepted: a file written by the same build; rerun without --resume)");
  check_resume_identity(f, path_, identity_);
  for (const auto& r : read_runs(f))
    if (!r.cell_key.empty()) completed_.insert(r.cell_key);
  have_base_ = true;
}

namespace {

// Why a file's runs cannot stand for this binary's ("" when they can).
std::string other_build(const H5::Group& root) {
  const auto text = [&](const char* name) {
    return h5::has_attr(root, name) ? h5::read_string_attr(root, name) : std::string("?");
  };
  if (build_info::git_dirty) return "this binary was built from a tree with uncommitted changes";
  if (!h5::has_attr(root, "git_dirty") || h5::read_int_attr(root, "git_dirty") != 0)
    return "it was written by a build from a tree with uncommitted changes";
  if (text("git_commit") != build_info::git_commit)
    return "it was written by commit " + text("git_commit") + ", this binary is " +
           build_info::git_commit;
  if (text("compiler") != build_info::compiler || text("build_type") != build_info::build_type ||
      text("cxx_flags") != build_info::cxx_flags)
    return "it was written by another compiler, build type or flags";
  return "";
}

}  // namespace

void RunFile::reuse_from(const H5::H5File& f, const std::set<std::string>& keep) {
  reuse_note_ = other_build(f.openGroup("/"));
  if (!reuse_note_.empty()) return;
  std::set<std::string> kept_references;
  for (const auto& path : h5::paths_at_depth(f, "/runs", 3)) {
    H5::Group g = f.openGroup(path);
    const std::string cell = h5::has_attr(g, "cell_key") ? h5::read_string_attr(g, "cell_key") : "";
    if (cell.empty() || !keep.count(cell) || completed_.count(cell)) {
      dropped_.push_back(path);
      continue;
    }
    completed_.insert(cell);
    // /runs/<problem>/<integrator>/<h>: its reference is /reference/<problem>/<key>.
    const std::string problem = path.substr(6, path.find('/', 6) - 6);
    if (h5::has_attr(g, "reference_key"))
      kept_references.insert("/reference/" + problem + "/" +
                             h5::read_string_attr(g, "reference_key"));
  }
  for (const auto& path : h5::paths_at_depth(f, "/reference", 2))
    if (!kept_references.count(path)) dropped_.push_back(path);
  have_base_ = true;
  prune_ = true;
}

void RunFile::prune(H5::H5File& f) {
  for (const auto& path : dropped_) {
    f.unlink(path);
    // Parents left empty go too (/runs/<problem>/<integrator>, then <problem>).
    for (std::string parent = path.substr(0, path.rfind('/'));
         std::count(parent.begin(), parent.end(), '/') > 1 &&
         h5::children(f.openGroup(parent)).empty();
         parent = parent.substr(0, parent.rfind('/')))
      f.unlink(parent);
  }
  if (h5::exists(f, "/convergence")) f.unlink("/convergence");
  dropped_.clear();
  prune_ = false;
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
  if (prune_) prune(f);
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
