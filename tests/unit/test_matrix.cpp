// Matrix files: what they expand to, and one-line errors with file and line.
#include <gtest/gtest.h>

#include <algorithm>

#include "harness/matrix.hpp"
#include "integrators/registry.hpp"

namespace tibench {
namespace {

TEST(Matrix, ExpandsStudiesIntoCells) {
  const Matrix m = parse_matrix(R"(
name = "t"
[[study]]
problems = ["oscillator", { id = "oscillator", params = { n = 3, k = 2.5 }, label = "osc3" }]
integrators = ["rk4", { id = "sdirk2", params = { newton_tol = 1e-13 } }]
h = [0.1, 0.05]
t_end = 2.0
)",
                                "t.toml");
  ASSERT_EQ(m.cells.size(), 8u);
  EXPECT_EQ(m.cells[4].problem_key(), "osc3");
  auto params = m.cells[4].problem_params;
  std::sort(params.begin(), params.end());
  EXPECT_EQ(params, (std::vector<std::string>{"k=2.5", "n=3"}));
  EXPECT_EQ(m.cells[7].integrator, "sdirk2");
  EXPECT_EQ(m.cells[7].integrator_params.size(), 1u);
  EXPECT_EQ(m.cells[7].h, 0.05);
  EXPECT_EQ(m.cells[7].t_end, 2.0);
}

TEST(Matrix, StarMeansEveryRegistryIntegrator) {
  const Matrix m = parse_matrix("[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"*\"]\n"
                                "h = [0.1]\nt_end = 1.0\n",
                                "s.toml");
  EXPECT_EQ(m.cells.size(), integrator_registry().size());
}

void expect_error(const std::string& text, const std::string& needle) {
  try {
    (void)parse_matrix(text, "bad.toml");
    FAIL() << "accepted:\n" << text;
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(needle), std::string::npos) << msg;
    EXPECT_EQ(msg.rfind("bad.toml:", 0), 0u) << "message starts with file:line: " << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

const char* kStudy = "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\n";

TEST(Matrix, ErrorsNameFileLineAndWhatIsAccepted) {
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nbogus = 3\n", "bad.toml:6: unknown key 'bogus'");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nbogus = 3\n", "accepted: problems");
  expect_error(std::string(kStudy) + "h = [0.1, -0.2]\nt_end = 1\n", "bad.toml:4: invalid step size");
  expect_error(std::string(kStudy) + "h = [0.0]\nt_end = 1\n", "expected a number > 0");
  expect_error(std::string(kStudy) + "h = []\nt_end = 1\n", "'h' is empty");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 0\n", "invalid t_end");
  expect_error("[[study]]\nproblems = [\"nope\"]\nintegrators = [\"rk4\"]\nh = [0.1]\nt_end = 1\n",
               "bad.toml:2: unknown problem 'nope' (accepted:");
  expect_error("[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk5\"]\nh = [0.1]\nt_end = 1\n",
               "unknown integrator 'rk5'");
  expect_error("[[study]]\nproblems = [{ id = \"oscillator\", params = { zz = 1 } }]\n"
               "integrators = [\"rk4\"]\nh = [0.1]\nt_end = 1\n",
               "unknown parameter 'zz'");
  expect_error("[[study]\nproblems = 3\n", "malformed TOML");
  expect_error("name = \"x\"\n", "no [[study]] blocks");
}

}  // namespace
}  // namespace tibench
