// Matrix files: what they expand to, and one-line errors with file and line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "harness/io/run_io.hpp"
#include "harness/run/matrix.hpp"
#include "integrators/methods/registry.hpp"
#include "test_paths.hpp"

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
  const Matrix m = parse_matrix(
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"*\"]\n"
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
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nbogus = 3\n",
               "bad.toml:6: unknown key 'bogus'");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nbogus = 3\n", "accepted: problems");
  expect_error(std::string(kStudy) + "h = [0.1, -0.2]\nt_end = 1\n",
               "bad.toml:4: invalid step size");
  expect_error(std::string(kStudy) + "h = [0.0]\nt_end = 1\n", "expected a number > 0");
  expect_error(std::string(kStudy) + "h = []\nt_end = 1\n", "'h' is empty");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 0\n", "invalid t_end");
  expect_error("[[study]]\nproblems = [\"nope\"]\nintegrators = [\"rk4\"]\nh = [0.1]\nt_end = 1\n",
               "bad.toml:2: unknown problem 'nope' (accepted:");
  expect_error(
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk5\"]\nh = [0.1]\nt_end = 1\n",
      "unknown integrator 'rk5'");
  expect_error(
      "[[study]]\nproblems = [{ id = \"oscillator\", params = { zz = 1 } }]\n"
      "integrators = [\"rk4\"]\nh = [0.1]\nt_end = 1\n",
      "unknown parameter 'zz'");
  expect_error("[[study]\nproblems = 3\n", "malformed TOML");
  expect_error("name = \"x\"\n", "no [[study]] blocks");
}

}  // namespace
}  // namespace tibench

namespace tibench {
namespace {

TEST(Matrix, OutputsReferenceAndExclusionsReachTheCells) {
  const Matrix m = parse_matrix(R"(
[[study]]
problems = ["pendulum"]
integrators = ["*"]
exclude = ["forward-euler", "rk4"]
h = [0.1, 0.05]
t_end = 2.0
outputs = 4
reference = { method = "rk4", h_ref = 1e-4 }
)",
                                "o.toml");
  ASSERT_EQ(m.cells.size(), 2 * (integrator_registry().size() - 2));
  for (const auto& c : m.cells) {
    EXPECT_NE(c.integrator, "forward-euler");
    EXPECT_NE(c.integrator, "rk4");
    EXPECT_EQ(c.outputs, 4);
    EXPECT_EQ(c.reference_method, "rk4");
    EXPECT_EQ(c.h_ref, 1e-4);
  }
  // Without a reference table: auto, with h_ref = min(h) / 64.
  const Matrix d = parse_matrix(std::string(kStudy) + "h = [0.1, 0.05]\nt_end = 1\n", "d.toml");
  EXPECT_EQ(d.cells[0].reference_method, "auto");
  EXPECT_EQ(d.cells[0].h_ref, 0.05 / kDefaultReferenceRefinement);
}

TEST(Matrix, StarKeepsEveryIntegratorWhoseStepperAcceptsTheProblem) {
  for (const auto& p : {"oscillator", "pendulum", "random-convex"}) {
    const Matrix m = parse_matrix(std::string("[[study]]\nproblems = [\"") + p +
                                      "\"]\nintegrators = [\"*\"]\nh = [0.1]\nt_end = 1\n",
                                  "s.toml");
    EXPECT_EQ(m.cells.size() + m.excluded.size(), integrator_registry().size());
    for (const auto& x : m.excluded) EXPECT_FALSE(x.reason.empty());
  }
}

TEST(Matrix, MoreErrorsNameFileLineAndWhatIsAccepted) {
  expect_error(std::string(kStudy) + "h = [0.3]\nt_end = 1\noutputs = 2\n",
               "bad.toml:4: step size");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\noutputs = 0\n", "invalid outputs");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nexclude = [\"x\"]\n",
               "bad.toml:6: unknown integrator 'x'");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nreference = { method = \"x\" }\n",
               "accepted: auto, exact, rk4");
  expect_error(std::string(kStudy) + "h = [0.1]\nt_end = 1\nreference = { h = 1 }\n",
               "unknown key 'h' in reference");
  expect_error(
      "[[study]]\nproblems = [\"pendulum\"]\nintegrators = [\"rk4\"]\nh = [0.1]\n"
      "t_end = 1\nreference = { method = \"exact\" }\n",
      "has no exact solution");
  expect_error(
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\", \"rk4\"]\n"
      "h = [0.1]\nt_end = 1\n",
      "repeats the run /runs/oscillator/rk4/h=1.000000e-01");
}

// [[figure]] blocks: read into Matrix::figures, each curve checked against
// the cells, so a figure can never name a run the matrix does not make.
const std::string kTwoSteps =
    "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\", { id = \"sdirk2\", "
    "label = \"s2\" }]\nh = [0.1, 0.05]\nt_end = 1\n";

std::string figure(const std::string& panels, const std::string& curves,
                   const std::string& id = "fig1") {
  return kTwoSteps + "[[figure]]\nid = \"" + id + "\"\ntitle = \"t\"\nsource = \"s\"\npanels = [" +
         panels + "]\ncurves = [" + curves + "]\n";
}

TEST(Matrix, FiguresNameRunsOfTheMatrixAtTheirOwnSteps) {
  const Matrix m =
      parse_matrix(figure("{ quantity = \"energy\", relative = true, ylim = [0.0, 2.0] }, "
                          "{ quantity = \"observable:x\" }",
                          "{ problem = \"oscillator\", integrator = \"rk4\", h = 0.1 }, "
                          "{ problem = \"oscillator\", integrator = \"s2\", h = 0.05 }"),
                   "f.toml");
  ASSERT_EQ(m.figures.size(), 1u);
  const PaperFigure& f = m.figures[0];
  EXPECT_EQ(f.id, "fig1");
  ASSERT_EQ(f.panels.size(), 2u);
  EXPECT_TRUE(f.panels[0].relative);
  EXPECT_EQ(f.panels[0].ylim, (std::vector<double>{0.0, 2.0}));
  EXPECT_EQ(f.panels[1].quantity, "observable:x");
  ASSERT_EQ(f.curves.size(), 2u);
  EXPECT_EQ(f.curves[1].integrator, "s2");
  EXPECT_EQ(f.curves[1].h, 0.05);
}

TEST(Matrix, FigureErrorsNameFileLineAndWhatIsAccepted) {
  const std::string rk4 = "{ problem = \"oscillator\", integrator = \"rk4\", h = 0.1 }";
  expect_error(figure("{ quantity = \"energy\" }",
                      "{ problem = \"oscillator\", integrator = \"rk4\", h = 0.2 }"),
               "bad.toml:11: no run of this matrix is problem 'oscillator', integrator 'rk4' at "
               "h = 0.2");
  expect_error(figure("{ quantity = \"energy\" }",
                      "{ problem = \"oscillator\", integrator = \"sdirk2\", h = 0.1 }"),
               "by its labels");
  expect_error(figure("{ quantity = \"speed\" }", rk4),
               "unknown quantity 'speed' (accepted: energy, kinetic");
  expect_error(figure("{ quantity = \"energy\", ylim = [1.0, 0.0] }", rk4),
               "ylim must be [lo, hi] with lo < hi");
  expect_error(figure("{ quantity = \"energy\", relative = 1 }", rk4),
               "relative must be true or false");
  expect_error(figure("{ quantity = \"energy\", log = \"yes\" }", rk4),
               "log must be true or false");
  expect_error(figure("{ quantity = \"energy\" }", rk4, "Fig 1"),
               "figure id 'Fig 1' must be lower-case letters");
  expect_error(figure("", rk4), "[[figure]] needs panels = [...] (non-empty)");
  expect_error(kTwoSteps + "[[figure]]\nid = \"a\"\n", "[[figure]] needs title");
  expect_error(kTwoSteps + "[[figure]]\nid = \"a\"\nbogus = 1\n", "unknown key 'bogus'");
}

std::string spectrum(const std::string& body) {
  return kTwoSteps + "[[figure]]\nid = \"s\"\nkind = \"spectrum\"\ntitle = \"t\"\n" +
         "source = \"s\"\ncurves = [{ problem = \"oscillator\", integrator = \"rk4\", h = 0.1 "
         "}]\n" +
         body;
}

TEST(Matrix, SpectrumFiguresTakeAPrefixAndAWindowInsideTheRuns) {
  const Matrix m = parse_matrix(
      spectrum("spectrum = { prefix = \"modal_energy_\", window = [0.5, 1.0] }\n"), "f.toml");
  ASSERT_EQ(m.figures.size(), 1u);
  EXPECT_EQ(m.figures[0].kind, "spectrum");
  EXPECT_EQ(m.figures[0].spectrum_prefix, "modal_energy_");
  EXPECT_EQ(m.figures[0].spectrum_window, (std::vector<double>{0.5, 1.0}));
  EXPECT_TRUE(m.figures[0].panels.empty());
  expect_error(spectrum("spectrum = { prefix = \"m\", window = [0.5, 2.0] }\n"),
               "window ends after t_end = 1 of problem 'oscillator'");
  expect_error(spectrum("spectrum = { prefix = \"m\", window = [-1.0, 0.5] }\n"),
               "window must start at t >= 0");
  expect_error(spectrum("spectrum = { prefix = \"m\" }\n"), "spectrum needs window = [t0, t1]");
  expect_error(spectrum(""), "kind = \"spectrum\" needs spectrum = { prefix");
  expect_error(spectrum("spectrum = { prefix = \"m\", window = [0.1, 0.5] }\n"
                        "panels = [{ quantity = \"energy\" }]\n"),
               "a spectrum figure takes no panels");
  expect_error(figure("{ quantity = \"energy\" }",
                      "{ problem = \"oscillator\", integrator = \"rk4\", h = 0.1 }") +
                   "kind = \"bars\"\n",
               "invalid kind (accepted: time, spectrum)");
}

const char* kLongStudies = R"(
long = true
[[study]]
problems = ["oscillator"]
integrators = ["rk4", "sdirk2"]
h = [0.1, 0.05]
t_end = 2.0
outputs = 2
short = { t_end = 0.4 }
[[study]]
problems = [{ id = "pendulum", label = "p" }]
integrators = ["rk4"]
h = [0.1]
t_end = 1.0
short = {}
)";

// The short version changes each study's t_end (and outputs if given) and
// nothing else: the same cells, in the same order, under the same names.
TEST(Matrix, ShortVersionShortensTEndAndKeepsEveryCell) {
  const Matrix full = parse_matrix(kLongStudies, "l.toml");
  const Matrix brief = parse_matrix(kLongStudies, "l.toml", MatrixVersion::short_version);
  EXPECT_TRUE(full.long_run);
  EXPECT_EQ(full.version, MatrixVersion::full);
  EXPECT_EQ(brief.version, MatrixVersion::short_version);
  ASSERT_EQ(full.cells.size(), 5u);
  ASSERT_EQ(brief.cells.size(), full.cells.size());
  for (std::size_t k = 0; k < full.cells.size(); ++k) {
    const CellSpec &a = full.cells[k], &b = brief.cells[k];
    EXPECT_EQ(a.problem_key(), b.problem_key());
    EXPECT_EQ(a.integrator_key(), b.integrator_key());
    EXPECT_EQ(a.h, b.h);
    EXPECT_EQ(a.h_ref, b.h_ref);
    EXPECT_EQ(a.outputs, b.outputs);
    EXPECT_EQ(b.t_end, k < 4 ? 0.4 : 1.0) << k;
    EXPECT_EQ(a.t_end, k < 4 ? 2.0 : 1.0) << k;
  }
  std::string with_outputs = kLongStudies;
  const std::string short_t_end = "{ t_end = 0.4 }";
  with_outputs.replace(with_outputs.find(short_t_end), short_t_end.size(),
                       "{ t_end = 0.4, outputs = 1 }");
  const Matrix outputs = parse_matrix(with_outputs, "o.toml", MatrixVersion::short_version);
  EXPECT_EQ(outputs.cells[0].outputs, 1);
}

TEST(Matrix, ShortVersionErrorsNameFileLineAndWhatIsAccepted) {
  const std::string study = std::string(kStudy) + "h = [0.1, 0.05]\nt_end = 2\noutputs = 2\n";
  expect_error(study + "short = { t_end = 1 }\n", "bad.toml:7: 'short' is a long matrix's");
  expect_error("long = true\n" + study, "bad.toml:2: a study of a long matrix");
  expect_error("long = true\n" + study + "short = { t_end = 3 }\n",
               "short t_end 3 exceeds the study's t_end 2");
  expect_error("long = true\n" + study + "short = { t_end = 0.3 }\n",
               "bad.toml:8: step size 0.100000 gives 3 steps over t_end, not a multiple of "
               "outputs = 2");
  expect_error("long = true\n" + study + "short = { t_end = 0.4, outputs = 0 }\n",
               "invalid outputs");
  expect_error("long = true\n" + study + "short = { h = [0.1] }\n", "unknown key 'h' in short");
  expect_error("long = true\n" + study + "short = 0.4\n", "'short' must be a table");
  try {
    (void)parse_matrix(study, "n.toml", MatrixVersion::short_version);
    FAIL() << "a matrix that is not long gave a short version";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not a long matrix"), std::string::npos) << e.what();
  }
}

// Every shipped long matrix has a short version that is shorter: the same
// cells, none longer, fewer steps in all.
TEST(Matrix, EveryShippedLongMatrixHasAShorterShortVersion) {
  int long_matrices = 0;
  const std::filesystem::path root = test::source_dir() + "/harness/matrices";
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    if (entry.path().extension() != ".toml") continue;
    const Matrix full = load_matrix(entry.path().string());
    if (!full.long_run) continue;
    ++long_matrices;
    const Matrix brief = load_matrix(entry.path().string(), MatrixVersion::short_version);
    ASSERT_EQ(brief.cells.size(), full.cells.size()) << entry.path();
    double full_time = 0, short_time = 0;
    for (std::size_t k = 0; k < full.cells.size(); ++k) {
      EXPECT_EQ(run_path(brief.cells[k]), run_path(full.cells[k])) << entry.path();
      EXPECT_LE(brief.cells[k].t_end, full.cells[k].t_end) << entry.path();
      full_time += full.cells[k].t_end / full.cells[k].h;
      short_time += brief.cells[k].t_end / brief.cells[k].h;
    }
    // Steps stand for cost only roughly (a cheap study may stay whole): the
    // times are measured and written in each matrix's header.
    EXPECT_LT(short_time, full_time) << entry.path() << ": steps of the short version";
  }
  EXPECT_GE(long_matrices, 5);
}

}  // namespace
}  // namespace tibench
