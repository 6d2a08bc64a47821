// Every file declares its layout in the root attribute schema_description
// (docs/hdf5-schema.md, "The declaration"), generated from the tables the
// writers iterate (harness/io/schema_fields.hpp); python/tibench reads files
// through it. Real files are held against their declarations: every metric
// key and every attribute, dataset and subgroup a run or a claim writes is
// declared with the type and rank it has in the file, what is declared
// "always" is always there, and named dimensions agree within a run.
#include <gtest/gtest.h>

#include <H5Cpp.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_file.hpp"
#include "harness/run/metrics.hpp"
#include "harness/run/run_cell.hpp"
#include "harness/run/run_identity.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path scratch(const std::string& what) {
  return fs::temp_directory_path() /
         ("tibench-schema-" + std::to_string(::getpid()) + "-" + what + ".h5");
}

CellSpec cell(const std::string& problem, std::vector<std::string> params,
              const std::string& integrator, double h, double t_end) {
  CellSpec c;
  c.problem = problem;
  c.problem_params = std::move(params);
  c.integrator = integrator;
  c.h = h;
  c.t_end = t_end;
  c.outputs = 2;
  c.max_samples = 50;
  return c;
}

// Runs that together write every optional dataset and subgroup: α and an
// energy target (blend-im), an embedded estimate (dopri5), observables
// (simple-spring), contact (particle-drop) and frames (a meshed cube).
std::vector<CellSpec> cells() {
  CellSpec cube = cell("cube-stretch-compress", {"mesh_size=0.5"}, "backward-euler", 0.01, 0.04);
  cube.reference_method = "none";
  cube.frames = 2;
  return {cell("oscillator", {"n=2"}, "blend-im", 0.1, 1.0),
          cell("oscillator", {"n=2"}, "dopri5", 0.1, 1.0),
          cell("simple-spring", {}, "sdirk2", 0.01, 0.1),
          cell("particle-drop", {}, "backward-euler", 0.01, 0.5), cube};
}

fs::path write_run_file() {
  const fs::path path = scratch("runs");
  const std::vector<CellSpec> specs = cells();
  std::vector<RunRecord> runs;
  for (const auto& c : specs) runs.push_back(run_cell(c));
  RunFile file(path.string(), false, "test", run_identity(specs, Shard{}));
  file.checkpoint(runs, {}, true);
  return path;
}

json declaration(const H5::H5File& f) {
  return json::parse(h5::read_string_attr(f.openGroup("/"), "schema_description"));
}

// A value's HDF5 type is the declared one (strings are fixed-length, bool is int8).
::testing::AssertionResult has_type(const H5::AbstractDs& v, const std::string& type) {
  const H5T_class_t c = v.getTypeClass();
  const std::size_t size = v.getDataType().getSize();
  bool ok = false;
  if (type == "string" || type == "json")
    ok = c == H5T_STRING;
  else if (type == "float64")
    ok = c == H5T_FLOAT && size == 8;
  else if (type == "int64")
    ok = c == H5T_INTEGER && size == 8;
  else if (type == "bool")
    ok = c == H5T_INTEGER && size == 1;
  else
    return ::testing::AssertionFailure() << "unknown declared type " << type;
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "declared " << type << ", HDF5 class " << c << " size " << size;
}

// Every attribute of g is declared with its type and every declared one is there.
void expect_declared_attributes(const H5::Group& g, const std::string& path, const json& declared) {
  std::set<std::string> seen;
  for (int i = 0; i < g.getNumAttrs(); ++i) {
    const H5::Attribute a = g.openAttribute(static_cast<unsigned>(i));
    const std::string name = a.getName();
    seen.insert(name);
    ASSERT_TRUE(declared.contains(name)) << path << ": attribute " << name << " not declared";
    const std::string type = declared[name]["type"].get<std::string>();
    EXPECT_TRUE(has_type(a, type)) << path << ": attribute " << name;
    if (type == "json") {
      EXPECT_TRUE(json::accept(h5::read_string_attr(g, name))) << path << ": " << name;
    }
  }
  for (const auto& [name, _] : declared.items())
    EXPECT_TRUE(seen.count(name)) << path << ": declared attribute " << name << " missing";
}

std::vector<hsize_t> dims_of(const H5::DataSet& d) {
  const H5::DataSpace s = d.getSpace();
  std::vector<hsize_t> dims(static_cast<std::size_t>(s.getSimpleExtentNdims()));
  s.getSimpleExtentDims(dims.data());
  return dims;
}

// The dataset has the declared rank and fixed sizes; named sizes are
// recorded in `sizes`, and must agree with earlier datasets of the run.
void expect_shape(const H5::DataSet& d, const std::string& where, const json& shape,
                  std::map<std::string, hsize_t>& sizes) {
  const auto dims = dims_of(d);
  ASSERT_EQ(dims.size(), shape.size()) << where;
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (shape[k].is_number()) {
      EXPECT_EQ(dims[k], shape[k].get<hsize_t>()) << where << " dimension " << k;
    } else {
      const auto [it, fresh] = sizes.emplace(shape[k].get<std::string>(), dims[k]);
      EXPECT_EQ(dims[k], it->second) << where << ": dimension " << it->first << " disagrees";
    }
  }
}

// One run group against the declaration; adds what it found to `written`.
void expect_declared_run(const H5::Group& g, const std::string& path, const json& run,
                         std::set<std::string>& written) {
  expect_declared_attributes(g, path, run["attributes"]);
  std::map<std::string, hsize_t> sizes;
  for (const auto& name : h5::children(g)) {
    written.insert(name);
    if (g.childObjType(name) == H5O_TYPE_DATASET) {
      ASSERT_TRUE(run["datasets"].contains(name))
          << path << ": dataset " << name << " not declared";
      const json& d = run["datasets"][name];
      const H5::DataSet ds = g.openDataSet(name);
      EXPECT_TRUE(has_type(ds, d["type"].get<std::string>())) << path << "/" << name;
      expect_shape(ds, path + "/" + name, d["shape"], sizes);
      continue;
    }
    ASSERT_TRUE(run["groups"].contains(name)) << path << ": group " << name << " not declared";
    const json& sub = run["groups"][name];
    if (!sub.contains("members")) continue;
    const H5::Group members = g.openGroup(name);
    for (const auto& m : h5::children(members)) {
      const H5::DataSet ds = members.openDataSet(m);
      EXPECT_TRUE(has_type(ds, sub["members"]["type"].get<std::string>()))
          << path << "/" << name << "/" << m;
      expect_shape(ds, path + "/" + name + "/" + m, sub["members"]["shape"], sizes);
    }
  }
  for (const auto& [name, d] : run["datasets"].items())
    if (d["written"] == "always") {
      EXPECT_TRUE(g.nameExists(name)) << path << ": no " << name;
    }
}

TEST(SchemaDescription, DeclaresEveryMetricKeyAsAFloatMetric) {
  const fs::path path = write_run_file();
  const H5::H5File f = h5::open_for_reading(path.string());
  const json d = declaration(f);
  EXPECT_EQ(d["schema"], h5::kSchema);
  EXPECT_EQ(h5::read_string_attr(f.openGroup("/"), "schema"), h5::kSchema);
  const json& attributes = d["groups"]["run"]["attributes"];
  std::size_t metrics = 0;
  for (const char* key : kMetricKeys) {
    ASSERT_TRUE(attributes.contains(key)) << key;
    EXPECT_EQ(attributes[key]["role"], "metric") << key;
    EXPECT_EQ(attributes[key]["type"], "float64") << key;
  }
  for (const auto& [name, a] : attributes.items()) metrics += a["role"] == "metric";
  EXPECT_EQ(metrics, kMetricKeys.size());
  EXPECT_EQ(attributes["params"]["role"], "parameters");
  EXPECT_EQ(attributes["params"]["type"], "json");
  fs::remove(path);
}

TEST(SchemaDescription, DeclaresEverythingRealRunsWrite) {
  H5::Exception::dontPrint();
  const fs::path path = write_run_file();
  const H5::H5File f = h5::open_for_reading(path.string());
  const json run = declaration(f)["groups"]["run"];
  EXPECT_EQ(run["path"], "/runs/{problem_label}/{integrator_label}/{run_key}");
  std::set<std::string> written;
  std::size_t runs = 0;
  const H5::Group top = f.openGroup("/runs");
  for (const auto& problem : h5::children(top))
    for (const auto& integrator : h5::children(top.openGroup(problem)))
      for (const auto& key : h5::children(top.openGroup(problem).openGroup(integrator))) {
        const std::string p = "/runs/" + problem + "/" + integrator + "/" + key;
        expect_declared_run(f.openGroup(p), p, run, written);
        ++runs;
      }
  EXPECT_EQ(runs, cells().size());
  // The runs exercise every declared dataset and subgroup: the declaration
  // names nothing that is never written.
  for (const char* part : {"datasets", "groups"})
    for (const auto& [name, _] : run[part].items())
      EXPECT_TRUE(written.count(name)) << "declared " << name << " written by no test run";
  fs::remove(path);
}

TEST(SchemaDescription, DeclaresEveryAttributeOfTheClaimsLedger) {
  const fs::path path = scratch("claims");
  cli::VerifyOptions o;
  o.claims = {"B-T1", "D-P1.printed"};
  o.fast = true;
  o.output = path.string();
  ASSERT_EQ(cli::verify(o), 0);
  const H5::H5File f = h5::open_for_reading(path.string());
  const json claim = declaration(f)["groups"]["claim"];
  EXPECT_EQ(claim["path"], "/claims/{id}");
  for (const auto& id : o.claims)
    expect_declared_attributes(f.openGroup("/claims/" + id), id, claim["attributes"]);
  EXPECT_EQ(h5::children(f.openGroup("/claims")).size(), o.claims.size());
  fs::remove(path);
}

}  // namespace
}  // namespace tibench
