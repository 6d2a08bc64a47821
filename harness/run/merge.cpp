#include "harness/run/merge.hpp"

#include <filesystem>
#include <map>

#include "core/parameters.hpp"
#include "harness/analysis/convergence.hpp"
#include "harness/io/h5_copy.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"
#include "harness/run/run_identity.hpp"

namespace tibench {

MergeResult merge_run_files(const std::string& output, const std::vector<std::string>& inputs,
                            const std::string& command_line, bool allow_partial) {
  if (inputs.empty()) throw InputError("tibench merge needs at least one input file");
  std::string commit;
  std::vector<std::pair<std::string, std::optional<RunIdentity>>> identities;
  for (const auto& in : inputs) {
    if (!std::filesystem::exists(in)) throw InputError("no such file '" + in + "'");
    H5::H5File f = h5::open_for_reading(in);
    H5::Group root = f.openGroup("/");
    const std::string schema =
        h5::has_attr(root, "schema") ? h5::read_string_attr(root, "schema") : "";
    if (schema != h5::kSchema)
      throw InputError("'" + in + "' has schema '" + schema + "' (accepted: " + h5::kSchema + ")");
    const std::string c = h5::read_string_attr(root, "git_commit");
    if (commit.empty()) commit = c;
    if (c != commit)
      throw InputError("'" + in + "' was written by commit " + c + ", '" + inputs.front() +
                       "' by " + commit + " (accepted: files of one build)");
    if (std::filesystem::exists(output) &&
        std::filesystem::equivalent(std::filesystem::path(in), std::filesystem::path(output)))
      throw InputError("output '" + output + "' is also an input (accepted: a new file)");
    identities.emplace_back(in, read_identity(f));
  }
  const RunIdentity merged = merged_identity(identities, allow_partial);

  MergeResult result;
  h5::AtomicFile out(output);
  H5::H5File& o = out.file();
  std::map<std::string, std::pair<std::string, std::string>> owner;  // path -> (cell key, input)
  std::string names;
  for (const auto& in : inputs) {
    H5::H5File f = h5::open_for_reading(in);
    names += (names.empty() ? "" : ", ") + in;
    for (const auto& path : h5::paths_at_depth(f, "/runs", 3)) {
      H5::Group g = f.openGroup(path);
      const std::string key =
          h5::has_attr(g, "cell_key") ? h5::read_string_attr(g, "cell_key") : "";
      const auto it = owner.find(path);
      if (it != owner.end()) {
        if (it->second.first != key || key.empty())
          throw InputError("run " + path + " differs between '" + it->second.second + "' and '" +
                           in + "' (accepted: inputs whose common runs are the same cell)");
        ++result.duplicates;
        continue;
      }
      owner.emplace(path, std::make_pair(key, in));
      h5::copy_group(f, path, o, in);
      ++result.runs;
    }
    for (const auto& path : h5::paths_at_depth(f, "/reference", 2)) {
      if (h5::exists(o, path)) continue;
      h5::copy_group(f, path, o, in);
      ++result.references;
    }
  }
  h5::write_provenance(o, command_line, {{"run", run_group_description()}});
  H5::Group root = o.openGroup("/");
  h5::attr(root, "merged_from", names);
  write_identity(o, merged);
  write_convergence(o, convergence_tables(read_runs(o), "err_final"));
  out.commit();
  return result;
}

}  // namespace tibench
