// What `tibench run` writes reads back with the documented names and types
// (docs/hdf5-schema.md, schema tibench/1), and its numbers are consistent with the
// problem they came from.
#include <gtest/gtest.h>

#include <H5Cpp.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "harness/io/h5io.hpp"
#include "harness/run/metrics.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

H5T_class_t attr_class(const H5::H5Object& o, const std::string& name) {
  return o.openAttribute(name).getTypeClass();
}

std::vector<hsize_t> dims(const H5::Group& g, const std::string& name) {
  H5::DataSpace s = g.openDataSet(name).getSpace();
  std::vector<hsize_t> d(static_cast<std::size_t>(s.getSimpleExtentNdims()));
  s.getSimpleExtentDims(d.data());
  return d;
}

TEST(Hdf5RoundTrip, RunFileHasTheDocumentedSchema) {
  const auto dir = test::scratch_dir("roundtrip");
  const auto file = dir / "out.h5";
  const auto o = test::tibench(
      "run --problem oscillator --param n=3 --integrator sdirk2 "
      "--iparam newton_tol=1e-13 --h 0.1,0.05 --t-end 2 -o " +
      file.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  ASSERT_TRUE(std::filesystem::exists(file));
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(e.path().extension(), ".h5") << "temporary left behind: " << e.path();

  H5::Exception::dontPrint();
  H5::H5File f(file.string(), H5F_ACC_RDONLY);
  H5::Group root = f.openGroup("/");
  for (const char* key : {"schema", "tibench_version", "git_commit", "compiler", "build_type",
                          "cxx_flags", "created_utc", "command_line", "hostname"})
    EXPECT_EQ(attr_class(root, key), H5T_STRING) << key;
  EXPECT_EQ(attr_class(root, "git_dirty"), H5T_INTEGER);
  EXPECT_EQ(h5::read_string_attr(root, "schema"), "tibench/1");
  EXPECT_NE(h5::read_string_attr(root, "command_line").find("--integrator sdirk2"),
            std::string::npos);

  H5::Group g = f.openGroup("/runs/oscillator/sdirk2/h=5.000000e-02");
  for (const char* key : {"problem", "integrator", "status", "message", "params", "reference"})
    EXPECT_EQ(attr_class(g, key), H5T_STRING) << key;
  for (const char* key : {"h", "h_requested", "t_end"})
    EXPECT_EQ(attr_class(g, key), H5T_FLOAT) << key;
  EXPECT_EQ(attr_class(g, "steps"), H5T_INTEGER);
  for (const char* key : kMetricKeys) EXPECT_EQ(attr_class(g, key), H5T_FLOAT) << key;
  EXPECT_EQ(h5::read_string_attr(g, "status"), "ok");
  EXPECT_EQ(h5::read_int_attr(g, "steps"), 40);
  EXPECT_DOUBLE_EQ(h5::read_double_attr(g, "h"), 0.05);

  const auto params = nlohmann::json::parse(h5::read_string_attr(g, "params"));
  EXPECT_EQ(params["problem"]["n"], 3);
  EXPECT_EQ(params["problem"]["k"], 1.0);
  EXPECT_EQ(params["integrator"]["newton_tol"], 1e-13);

  const std::size_t samples = 41;
  for (const char* name : {"t", "energy", "kinetic", "potential", "newton_iters"})
    EXPECT_EQ(dims(g, name), std::vector<hsize_t>{samples}) << name;
  EXPECT_EQ(dims(g, "linear_momentum"), (std::vector<hsize_t>{samples, 1}));
  EXPECT_EQ(dims(g, "angular_momentum"), (std::vector<hsize_t>{samples, 3}));
  EXPECT_EQ(dims(g, "final_q"), std::vector<hsize_t>{3});
  EXPECT_EQ(g.openDataSet("newton_iters").getTypeClass(), H5T_INTEGER);
  EXPECT_EQ(g.openDataSet("energy").getTypeClass(), H5T_FLOAT);

  // The stored numbers are those of the problem: t spans [0, t_end], energy
  // starts at H₀, and err_final recomputed from final_q/final_v agrees.
  const auto t = h5::read_doubles(g, "t");
  EXPECT_EQ(t.front(), 0.0);
  EXPECT_DOUBLE_EQ(t.back(), 2.0);
  const auto p = make_problem("oscillator", {"n=3"});
  EXPECT_DOUBLE_EQ(h5::read_doubles(g, "energy").front(), p->total_energy(p->initial_state()));
  const auto q = h5::read_doubles(g, "final_q"), v = h5::read_doubles(g, "final_v");
  const State ex = p->exact(2.0);
  double d2 = 0, n2 = 0;
  for (int i = 0; i < 3; ++i) {
    d2 += p->mass()[i] * (std::pow(q[i] - ex.q[i], 2) + std::pow(v[i] - ex.v[i], 2));
    n2 += p->mass()[i] * (ex.q[i] * ex.q[i] + ex.v[i] * ex.v[i]);
  }
  EXPECT_NEAR(h5::read_double_attr(g, "err_final"), std::sqrt(d2 / n2), 1e-15);

  H5::Group conv = f.openGroup("/convergence/oscillator/sdirk2");
  EXPECT_EQ(h5::read_doubles(conv, "h").size(), 2u);
  EXPECT_NEAR(h5::read_double_attr(conv, "observed_order"), 2.0, 0.1);
  EXPECT_EQ(h5::read_int_attr(conv, "nominal_order"), 2);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tibench
