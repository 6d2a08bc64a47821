// The CLI as users see it: exit codes (0 ok, 2 bad input) and one-line
// messages that name the bad value and what is accepted.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "claims/ledger.hpp"
#include "claims/pinned_verdicts.hpp"
#include "cli_support.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

using test::tibench;

void expect_bad_input(const std::string& args, const std::vector<std::string>& needles) {
  const auto o = tibench(args);
  EXPECT_EQ(o.exit_code, 2) << args << "\n" << o.err;
  for (const auto& n : needles)
    EXPECT_NE(o.err.find(n), std::string::npos) << args << "\n" << o.err;
  ASSERT_FALSE(o.err.empty());
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "exactly one line: " << o.err;
}

const std::string kValid = "run --problem oscillator --integrator rk4 --h 0.1 --t-end 1";

TEST(Cli, ValidRunExitsZero) {
  const auto o = tibench(kValid);
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("oscillator"), std::string::npos);
}

TEST(Cli, UnknownIdsExitTwoNamingTheIdAndTheAcceptedOnes) {
  expect_bad_input("run --problem nope --integrator rk4 --h 0.1 --t-end 1",
                   {"unknown problem 'nope'", "accepted:", "oscillator"});
  expect_bad_input("run --problem oscillator --integrator rk5 --h 0.1 --t-end 1",
                   {"unknown integrator 'rk5'", "accepted:", "rk4"});
}

TEST(Cli, BadStepSizesExitTwo) {
  for (const std::string h : {"0", "-0.1", "abc", "0.1,,0.2", "0.1,-1", "1e400", "nan"})
    expect_bad_input("run --problem oscillator --integrator rk4 --t-end 1 --h " + h,
                     {"--h", "expected numbers > 0"});
}

TEST(Cli, BadEndTimesExitTwo) {
  for (const std::string t : {"0", "-1", "x", "inf"})
    expect_bad_input("run --problem oscillator --integrator rk4 --h 0.1 --t-end " + t,
                     {"invalid --t-end '" + t + "'", "expected a number > 0"});
}

TEST(Cli, UnknownParameterNamesExitTwo) {
  expect_bad_input(kValid + " --param zz=1", {"unknown parameter 'zz'", "accepted: m, k"});
  expect_bad_input(kValid + " --iparam newton_tol=1",
                   {"unknown parameter 'newton_tol'", "integrator 'rk4'"});
  expect_bad_input(kValid + " --param m=-1", {"m = -1 is out of range", "accepted: m > 0"});
  expect_bad_input(
      "run --problem oscillator --integrator sdirk2 --h 0.1 --t-end 1 --iparam "
      "line_search=perhaps",
      {"invalid value 'perhaps'", "true or false"});
}

// Ranges are checked when the values are set: an out-of-range theta, or a
// chain too long for memory, is an input error (exit 2), not a bad_alloc.
TEST(Cli, OutOfRangeParametersExitTwoNamingTheRange) {
  expect_bad_input(
      "run --problem oscillator --integrator theta-outer --h 0.1 --t-end 1 --iparam theta=2",
      {"integrator 'theta-outer': theta = 2 is out of range (accepted: 0 <= theta <= 1)"});
  expect_bad_input(
      "run --problem spring-chain --integrator rk4 --h 0.1 --t-end 1 --param N=1e12",
      {"problem 'spring-chain': N = 1e12 is out of range (accepted: 1 <= N <= 10000000)"});
}

TEST(Cli, MissingArgumentsAndUnknownCommandsExitTwo) {
  expect_bad_input("run --integrator rk4 --h 0.1 --t-end 1", {"missing --problem"});
  expect_bad_input("frobnicate", {"frobnicate"});
  expect_bad_input("list nonsense", {"nonsense"});
  expect_bad_input("converge /nonexistent/file.h5", {"'/nonexistent/file.h5': does not exist"});
  expect_bad_input("verify --claim X-NOPE", {"unknown claim 'X-NOPE'"});
  expect_bad_input("verify --claim D-S1 --jobs 0", {"invalid --jobs 0", "integer >= 1"});
}

TEST(Cli, ListJsonCoversTheRegistries) {
  auto o = tibench("list integrators --json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto integrators = nlohmann::json::parse(o.out);
  ASSERT_EQ(integrators.size(), integrator_registry().size());
  for (std::size_t k = 0; k < integrators.size(); ++k) {
    const auto& j = integrators[k];
    EXPECT_EQ(j["id"], integrator_registry()[k].id);
    for (const char* field :
         {"id", "family", "stages", "explicit", "order_declared", "order_computed", "stage_order",
          "stiffly_accurate", "a_stable", "l_stable", "r_inf", "symplectic", "citation"})
      EXPECT_TRUE(j.contains(field)) << j["id"] << " lacks " << field;
  }
  o = tibench("list problems --json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto problems = nlohmann::json::parse(o.out);
  ASSERT_EQ(problems.size(), problem_registry().size());
  for (const auto& j : problems)
    for (const char* field : {"id", "dofs", "parameters"}) EXPECT_TRUE(j.contains(field));
  // Every numeric parameter lists its range, problems and integrators alike.
  for (const auto* list : {&problems, &integrators})
    for (const auto& owner : *list)
      for (const auto& p : owner["parameters"]) {
        if (p["kind"] != "real" && p["kind"] != "integer") continue;
        EXPECT_TRUE(p.contains("range") && p["range"]["text"].is_string())
            << owner["id"] << " " << p["name"];
      }
  o = tibench("list claims --json");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(nlohmann::json::parse(o.out).size(), claim_registry().size());
}

TEST(Cli, FailedInputWritesNoFile) {
  const auto dir = test::scratch_dir("nofile");
  const auto f = dir / "out.h5";
  const auto o =
      tibench("run --problem oscillator --integrator rk4 --h 0.1,-2 --t-end 1 -o " + f.string());
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_TRUE(std::filesystem::is_empty(dir)) << "no output and no temporary left behind";
  std::filesystem::remove_all(dir);
}

TEST(Cli, BadElementThreadCountsExitTwoBeforeAnyWork) {
  const auto dir = test::scratch_dir("threads");
  const auto f = dir / "out.h5";
  const std::string run =
      "run --problem beam --integrator rk4 --h 0.001 --t-end 0.002 -o " + f.string();
  for (const std::string bad : {"abc", "0", "-1", "2x", "''", "99999"}) {
    const auto o = tibench(run, "TIBENCH_ELEMENT_THREADS=" + bad);
    EXPECT_EQ(o.exit_code, 2) << bad;
    EXPECT_NE(o.err.find("TIBENCH_ELEMENT_THREADS="), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("accepted: an integer 1 ... 1024"), std::string::npos) << o.err;
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << bad;
  }
  for (const std::string good : {"1", "2"}) {
    const auto o = tibench(run, "TIBENCH_ELEMENT_THREADS=" + good);
    EXPECT_EQ(o.exit_code, 0) << good << o.err;
    std::filesystem::remove(f);
  }
  std::filesystem::remove_all(dir);
}

TEST(Cli, MatrixRunConvergeVerifyAndInfo) {
  const auto dir = test::scratch_dir("matrix");
  const auto matrix = dir / "m.toml";
  {
    std::FILE* f = std::fopen(matrix.c_str(), "w");
    std::fputs(
        "[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 2 } }]\n"
        "integrators = [\"rk4\", \"sdirk2\"]\nh = [0.1, 0.05, 0.025]\nt_end = 1.0\n",
        f);
    std::fclose(f);
  }
  const auto h5 = dir / "m.h5";
  auto o = tibench("run --matrix " + matrix.string() + " -o " + h5.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("observed order oscillator     rk4"), std::string::npos) << o.out;
  o = tibench("converge " + h5.string() + " --format csv");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("sdirk2,"), std::string::npos) << o.out;
  o = tibench("converge " + h5.string() + " --format tex -o " + (dir / "t.tex").string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(test::read_file(dir / "t.tex").find("\\begin{tabular}"), std::string::npos);
  expect_bad_input("converge " + h5.string() + " --format pdf",
                   {"invalid --format 'pdf'", "md, csv, tex"});
  o = tibench("info " + h5.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("tibench/1"), std::string::npos);
  EXPECT_NE(o.out.find("6 ok"), std::string::npos) << o.out;

  const auto claims = dir / "c.h5", report = dir / "c.md";
  o = tibench("verify --fast --claim D-S1 -o " + claims.string() + " --report " + report.string());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(test::read_file(report).find("## D-S1"), std::string::npos);
  o = tibench("info " + claims.string());
  EXPECT_NE(o.out.find("claim D-S1"), std::string::npos) << o.out;
  std::filesystem::remove_all(dir);
}

// `--claim` takes the paper's id: D-M4 runs D-M4 and D-M4.bookkeeping once
// each, also when both are named; an id that selects nothing is refused.
TEST(Cli, VerifyClaimSelectsTheSubClaimsOfAnId) {
  const auto o = tibench("verify --fast --claim D-M4 --claim D-M4.bookkeeping --jobs 2");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("D-M4 "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("D-M4.bookkeeping "), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("D-M4.bookkeeping "), o.out.rfind("D-M4.bookkeeping ")) << o.out;
  expect_bad_input("verify --claim D-M", {"unknown claim 'D-M'", "accepted: D-A1"});
}

// `verify --expected`: a verdict other than the pinned one exits 1 naming
// both; a pins file that cannot be read, is malformed or lacks a claim run
// is refused before any claim runs.
TEST(Cli, VerifyComparesEachVerdictWithItsPin) {
  const std::string pinned = test::source_dir() + "/claims";
  const Verdict fast = read_pinned_verdicts(pinned).at("D-S1").fast;
  auto o = tibench("verify --fast --claim D-S1 --expected " + pinned);
  EXPECT_EQ(o.exit_code, 0) << o.out << o.err;
  const auto dir = test::scratch_dir("pins");
  const auto write = [&](const std::string& name, const std::string& text) {
    std::FILE* f = std::fopen((dir / name).c_str(), "w");
    std::fputs(text.c_str(), f);
    std::fclose(f);
    return (dir / name).string();
  };
  const char* other = fast == Verdict::refuted ? "reproduced" : "refuted";
  const auto flipped = write("flipped.toml", "[\"D-S1\"]\nverdict = \"" + std::string(other) +
                                                 "\"\nreason = \"a deliberately wrong pin\"\n");
  o = tibench("verify --fast --claim D-S1 --expected " + flipped);
  EXPECT_EQ(o.exit_code, 1) << o.out << o.err;
  EXPECT_NE(o.out.find("claim D-S1 (fast mode): computed " + std::string(to_string(fast)) +
                       ", pinned " + other),
            std::string::npos)
      << o.out;
  expect_bad_input("verify --claim D-S1 --expected " + (dir / "none.toml").string(),
                   {"cannot read the pinned verdicts"});
  expect_bad_input("verify --claim D-S1 --expected " +
                       write("maybe.toml", "[\"D-S1\"]\nverdict = \"maybe\"\nreason = \"r\"\n"),
                   {"unknown verdict 'maybe'", "reproduced, refuted, inconclusive"});
  expect_bad_input("verify --claim D-S1 --expected " +
                       write("other.toml", "[\"D-S2.1\"]\nverdict = \"refuted\"\nreason = \"r\"\n"),
                   {"claim D-S1 has no pinned verdict"});
  expect_bad_input("verify --claim D-S1 --expected " +
                       write("key.toml", "[\"D-S1\"]\nverdict = \"refuted\"\nwhy = \"r\"\n"),
                   {"unknown key 'why'", "verdict, fast, reason"});
  std::filesystem::remove_all(dir);
}

// A definition check (one that cannot fail by construction) is reported with
// its reason and kept out of the tally; the other checks are counted.
TEST(Cli, DefinitionChecksAreReportedButNotTallied) {
  const ClaimCheck* definition = nullptr;
  for (const auto& c : claim_registry())
    if (!c.definition.empty()) definition = &c;
  ASSERT_NE(definition, nullptr);
  const std::string finding = "D-A1.nonconvex";  // a closed-form instance: fast
  ASSERT_TRUE(find_claim(finding).definition.empty());
  const auto dir = test::scratch_dir("definitions");
  const auto report = dir / "claims.md";
  const auto o = tibench("verify --fast --claim " + definition->id + " --claim " + finding +
                         " --report " + report.string());
  ASSERT_EQ(o.exit_code, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("1 claims: "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("(and 1 definition checks, not tallied)"), std::string::npos) << o.out;
  const std::string md = test::read_file(report);
  EXPECT_NE(md.find("| " + definition->id + " | "), std::string::npos) << md;
  EXPECT_NE(md.find(" (definition) | "), std::string::npos) << md;
  EXPECT_NE(md.find("- definition, not tallied: " + definition->definition), std::string::npos)
      << md;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tibench
