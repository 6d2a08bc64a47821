// Reading damaged run files: attributes read into one value must hold one
// value. HDF5 copies every element of an attribute into the destination, so
// an array where the schema has a scalar would overrun the caller's variable.
#include <gtest/gtest.h>

#include <H5Cpp.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;

struct ScratchFile {
  fs::path path = fs::temp_directory_path() /
                  ("tibench-h5attr-" + std::to_string(::getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".h5");
  ~ScratchFile() { fs::remove(path); }
};

// A run group with every attribute read_runs needs, valid.
H5::Group valid_run(H5::H5File& f) {
  H5::Group g = h5::group(f, "/runs/oscillator/rk4/h=1.000000e-01");
  for (const char* key : {"problem", "integrator", "message"}) h5::attr(g, key, "x");
  h5::attr(g, "status", "ok");
  for (const char* key : {"h", "h_requested", "t_end"}) h5::attr(g, key, 0.1);
  h5::attr(g, "steps", 10LL);
  return g;
}

template <class T>
void array_attr(H5::Group& g, const std::string& name, const H5::DataType& type, const T* values,
                hsize_t n) {
  g.removeAttr(name);
  H5::Attribute a = g.createAttribute(name, type, H5::DataSpace(1, &n));
  a.write(type, values);
}

void expect_input_error_naming(const fs::path& path, const std::string& name) {
  H5::H5File f(path.string(), H5F_ACC_RDONLY);
  try {
    (void)read_runs(f);
    FAIL() << "read_runs accepted an array attribute '" << name << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'" + name + "'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("expected one"), std::string::npos) << e.what();
  }
}

TEST(H5Attributes, ValidRunReadsBack) {
  ScratchFile s;
  {
    H5::H5File f(s.path.string(), H5F_ACC_TRUNC);
    valid_run(f);
  }
  H5::H5File f(s.path.string(), H5F_ACC_RDONLY);
  const auto runs = read_runs(f);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].h, 0.1);
  EXPECT_EQ(runs[0].steps, 10);
}

TEST(H5Attributes, ArrayWhereTheSchemaHasOneNumberIsAnInputError) {
  ScratchFile s;
  {
    H5::H5File f(s.path.string(), H5F_ACC_TRUNC);
    H5::Group g = valid_run(f);
    const double h[64] = {};
    array_attr(g, "h", H5::PredType::NATIVE_DOUBLE, h, 64);
    const long long steps[64] = {};
    array_attr(g, "steps", H5::PredType::NATIVE_LLONG, steps, 64);
  }
  expect_input_error_naming(s.path, "h");
}

TEST(H5Attributes, ArrayWhereTheSchemaHasOneStringIsAnInputError) {
  ScratchFile s;
  {
    H5::H5File f(s.path.string(), H5F_ACC_TRUNC);
    H5::Group g = valid_run(f);
    H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
    const char* names[64];
    for (auto& n : names) n = "oscillator";
    array_attr(g, "problem", type, names, 64);
  }
  expect_input_error_naming(s.path, "problem");
}

TEST(H5Attributes, EmptyAttributeIsAnInputError) {
  ScratchFile s;
  {
    H5::H5File f(s.path.string(), H5F_ACC_TRUNC);
    H5::Group g = valid_run(f);
    g.removeAttr("t_end");
    g.createAttribute("t_end", H5::PredType::NATIVE_DOUBLE, H5::DataSpace(H5S_NULL));
  }
  expect_input_error_naming(s.path, "t_end");
}

// fuzz_h5 found HDF5 1.10 copying past its buffer (and looping for ever) in
// H5HG_read when a variable-length string's global heap is damaged; tibench
// writes fixed-length strings and refuses variable-length ones unread.
TEST(H5Attributes, VariableLengthStringIsRefusedUnread) {
  ScratchFile s;
  {
    H5::H5File f(s.path.string(), H5F_ACC_TRUNC);
    H5::Group g = valid_run(f);
    g.removeAttr("status");
    H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
    H5::Attribute a = g.createAttribute("status", type, H5::DataSpace(H5S_SCALAR));
    const char* value = "ok";
    a.write(type, &value);
  }
  H5::H5File f(s.path.string(), H5F_ACC_RDONLY);
  try {
    (void)read_runs(f);
    FAIL() << "read_runs read a variable-length string attribute";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'status'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("variable-length"), std::string::npos) << e.what();
  }
}

TEST(H5Attributes, FixedLengthStringsRoundTrip) {
  ScratchFile s;
  const std::vector<std::string> values{"", "x", "ρ∞ = 0.5, \"quoted\"", std::string(5000, 'a')};
  {
    H5::H5File f(s.path.string(), H5F_ACC_TRUNC);
    H5::Group g = h5::group(f, "/g");
    for (std::size_t i = 0; i < values.size(); ++i) {
      std::string name = "s";
      h5::attr(g, name.append(std::to_string(i)), values[i]);
    }
  }
  H5::H5File f(s.path.string(), H5F_ACC_RDONLY);
  H5::Group g = f.openGroup("/g");
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::string name = "s";
    name.append(std::to_string(i));
    EXPECT_FALSE(g.openAttribute(name).getStrType().isVariableStr()) << name;
    EXPECT_EQ(h5::read_string_attr(g, name), values[i]) << name;
  }
}

}  // namespace
}  // namespace tibench
