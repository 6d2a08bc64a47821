// Paper-table judgements: expectations parse as written, every comparison is
// counted once, and each verdict follows from the counts.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <stdexcept>

#include "harness/analysis/paper_table.hpp"
#include "harness/run/matrix.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

const std::vector<std::string> kLabels{"BE", "SDIRK2", "TR-BDF2(B)", "plain Newton"};

TEST(TableJudgement, ChainsSplitIntoAdjacentPairsWithFactorsAndNumbers) {
  const auto e = parse_table_expectation("BE > 30 * SDIRK2", kLabels);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].text, "BE > 30 * SDIRK2");
  EXPECT_EQ(e[0].left.column, 0);
  EXPECT_EQ(e[0].right.column, 1);
  EXPECT_EQ(e[0].factor, 30.0);
  const auto c = parse_table_expectation("BE > SDIRK2 >= TR-BDF2(B) > 1e-3", kLabels);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[1].text, "SDIRK2 >= TR-BDF2(B)");
  EXPECT_EQ(c[1].op, ">=");
  EXPECT_EQ(c[1].left.column, 1);
  EXPECT_EQ(c[1].factor, 1.0);
  EXPECT_EQ(c[2].right.column, -1);
  EXPECT_EQ(c[2].right.number, 1e-3);
  // A label that reads as a number names its column; other numbers are numbers.
  const auto n = parse_table_expectation("10 > 50 > 1e-6", {"1", "10", "50"});
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].left.column, 1);
  EXPECT_EQ(n[0].right.column, 2);
  EXPECT_EQ(n[1].right.column, -1);
  EXPECT_EQ(n[1].right.number, 1e-6);
  const auto f = parse_table_expectation("plain Newton fails", kLabels);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].op, "fails");
  EXPECT_EQ(f[0].left.column, 3);
}

TEST(TableJudgement, BadExpectationsNameThePartAndWhatIsAccepted) {
  auto message = [](const std::string& text) {
    try {
      (void)parse_table_expectation(text, kLabels);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("BE > SDIRK3")
                .find("'SDIRK3' is neither a number nor a column label "
                      "(labels: \"BE\", \"SDIRK2\""),
            std::string::npos);
  EXPECT_NE(message("BE>SDIRK2").find("has no comparison (accepted:"), std::string::npos);
  EXPECT_NE(message("1 < 2").find("compares two numbers"), std::string::npos);
  EXPECT_NE(message("BE > -3 * SDIRK2").find("must be a positive number"), std::string::npos);
  EXPECT_NE(message("0.5 fails").find("needs a column label"), std::string::npos);
  EXPECT_NE(message("BE > 30 * SDIRK2 > 1").find("a factor only in a single comparison"),
            std::string::npos);
}

// A two-row table over columns BE, SDIRK2, TR-BDF2(B), plain Newton whose
// cells come from `values` (row, column) → value; absent cells are a
// diverged run.
struct SyntheticTable {
  PaperTable table;
  std::map<std::pair<int, int>, double> values;

  SyntheticTable() {
    table.rows = {0.1, 0.05};
    for (const auto& l : kLabels) table.columns.push_back({l, "p", "i", {}});
  }
  void expect(const std::string& text, std::vector<int> rows = {}) {
    for (auto e : parse_table_expectation(text, kLabels)) {
      e.rows = rows;
      table.expect.push_back(e);
    }
  }
  TableVerdict judge() const {
    return judge_paper_table(table, [&](int column, int row) {
      TableCell c;
      const auto it = values.find({row, column});
      if (it == values.end()) {
        c.text = "diverged";
        return c;
      }
      c.has_value = c.run_ok = true;
      c.value = it->second;
      c.text = std::to_string(it->second);
      return c;
    });
  }
};

TEST(TableJudgement, EveryRowOfEveryPairIsOneComparison) {
  SyntheticTable s;
  s.values = {{{0, 0}, 0.7}, {{0, 1}, 0.01}, {{0, 2}, 0.02},
              {{1, 0}, 0.6}, {{1, 1}, 0.03}, {{1, 2}, 0.001}};
  s.expect("BE > 30 * SDIRK2");
  s.expect("SDIRK2 > TR-BDF2(B)");
  const TableVerdict v = s.judge();
  // BE > 30 SDIRK2: 0.7 > 0.3 holds, 0.6 > 0.9 fails; SDIRK2 > TR-BDF2(B):
  // 0.01 > 0.02 fails, 0.03 > 0.001 holds.
  EXPECT_EQ(v.hold, 2);
  EXPECT_EQ(v.fail, 2);
  EXPECT_EQ(v.verdict, "refuted");
  ASSERT_EQ(v.failures.size(), 2u);
  EXPECT_EQ(v.failures[0], "h = 0.05: BE > 30 * SDIRK2 (0.600000 vs 30 * 0.030000)");
  EXPECT_EQ(v.failures[1], "h = 0.1: SDIRK2 > TR-BDF2(B) (0.010000 vs 0.020000)");
  EXPECT_EQ(v.summary(), "refuted: 2 of 4 comparisons hold, 2 fail");
}

TEST(TableJudgement, StatusExpectationsAndUndecidedCells) {
  SyntheticTable s;
  s.values = {{{0, 0}, 1.0}, {{1, 0}, 1.0}, {{1, 3}, 5.0}};
  s.expect("plain Newton fails", {0});
  s.expect("plain Newton ok", {1});
  EXPECT_EQ(s.judge().verdict, "reproduced");
  s.expect("BE > SDIRK2");  // SDIRK2 diverged in both rows: undecided, not failed
  const TableVerdict v = s.judge();
  EXPECT_EQ(v.verdict, "inconclusive");
  EXPECT_EQ(v.undecided, 2);
  EXPECT_EQ(v.fail, 0);
  s.expect("plain Newton ok", {0});
  EXPECT_EQ(s.judge().verdict, "refuted");
}

TEST(TableJudgement, PrintedValuesAgreeWithinTheTolerance) {
  SyntheticTable s;
  s.table.tolerance.abs = 0.01;
  s.table.columns[0].paper = {"0.776", "0.760"};
  s.table.columns[1].paper = {"", "explodes"};  // not numbers: not compared
  s.values = {{{0, 0}, 0.7859}, {{1, 0}, 0.7701}};
  TableVerdict v = s.judge();
  EXPECT_EQ(v.hold, 1);
  EXPECT_EQ(v.fail, 1);
  ASSERT_EQ(v.failures.size(), 1u);
  EXPECT_NE(v.failures[0].find("BE: 0.770100 vs paper 0.760"), std::string::npos) << v.failures[0];
  s.table.tolerance = {0.0, 0.02};  // 2 % relative: 0.0101 / 0.760 = 1.3 %
  v = s.judge();
  EXPECT_EQ(v.verdict, "reproduced");
  EXPECT_NE(v.summary().find("2 of 2 comparisons hold"), std::string::npos);
}

TEST(TableJudgement, NearUsesTheToleranceAndNothingJudgedIsInconclusive) {
  SyntheticTable s;
  s.table.tolerance.rel = 1e-3;
  s.values = {{{0, 0}, 1.0005}, {{0, 1}, 1.0}, {{1, 0}, 1.002}, {{1, 1}, 1.0}};
  s.expect("BE ~ SDIRK2");
  const TableVerdict v = s.judge();
  EXPECT_EQ(v.hold, 1);
  EXPECT_EQ(v.fail, 1);
  SyntheticTable empty;
  EXPECT_EQ(empty.judge().verdict, "inconclusive");
  empty.table.unjudged = "wall times";
  EXPECT_EQ(empty.judge().summary(), "not judged");
}

// A criterion the paper's own printed values fail cannot reproduce or
// refute: the table is inconclusive, naming the failure.
TEST(TableJudgement, TheCriterionIsFirstAppliedToThePapersOwnValues) {
  SyntheticTable s;
  s.table.tolerance.rel = 0.5;
  s.table.columns[0].paper = {"2.51"};
  s.table.columns[1].paper = {"6.90"};
  s.values = {{{0, 0}, 2.5}, {{0, 1}, 7.0}, {{1, 0}, 1.0}, {{1, 1}, 2.0}};
  s.expect("SDIRK2 >= 2.6 * BE", {0});  // the paper's 6.90 / 2.51 = 2.75 passes
  EXPECT_EQ(s.judge().verdict, "reproduced");
  EXPECT_TRUE(s.judge().paper_failures.empty());
  s.expect("SDIRK2 >= 3 * BE");  // row 0: the paper's values fail; row 1 has none printed
  const TableVerdict v = s.judge();
  EXPECT_EQ(v.verdict, "inconclusive");
  ASSERT_EQ(v.paper_failures.size(), 1u);
  EXPECT_EQ(v.paper_failures[0], "h = 0.1: SDIRK2 >= 3 * BE (paper: 6.90 vs 3 * 2.51)");
  EXPECT_NE(v.summary().find("the paper's own printed values fail 1 of the expectations"),
            std::string::npos)
      << v.summary();
}

// A stand-in compares no printed value with ours, and its refutation is
// inconclusive (stand-in); its reproduction stands.
TEST(TableJudgement, AStandInRefutesNothing) {
  SyntheticTable s;
  s.table.stand_in = "no wind";
  s.table.columns[0].paper = {"2.51"};
  s.table.columns[1].paper = {"6.90"};
  s.values = {{{0, 0}, 3.0}, {{0, 1}, 4.4}};
  s.expect("SDIRK2 >= 2.6 * BE", {0});
  TableVerdict v = s.judge();
  EXPECT_EQ(v.fail, 1);  // 4.4 < 7.8; the printed 2.51 against our 3.0 is not a comparison
  EXPECT_EQ(v.hold + v.undecided, 0);
  EXPECT_EQ(v.verdict, "inconclusive");
  EXPECT_EQ(v.capped, "stand-in: no wind");
  s.values[{0, 1}] = 8.0;
  v = s.judge();
  EXPECT_EQ(v.verdict, "reproduced");
  EXPECT_EQ(v.capped, "");
}

// Printed values that depend on an unstated parameter are compared, but
// cannot refute.
TEST(TableJudgement, UnstatedParametersTurnARefutationInconclusive) {
  SyntheticTable s;
  s.table.tolerance.abs = 0.01;
  s.table.unstated = "the gap";
  s.table.columns[0].paper = {"0.795"};
  s.values = {{{0, 0}, 1.047}};
  TableVerdict v = s.judge();
  EXPECT_EQ(v.fail, 1);
  EXPECT_EQ(v.verdict, "inconclusive");
  EXPECT_EQ(v.capped, "unstated: the gap");
  s.values[{0, 0}] = 0.80;
  EXPECT_EQ(s.judge().verdict, "reproduced");
}

void expect_table_error(const std::string& table, const std::string& needle) {
  const std::string text =
      "[[study]]\nproblems = [\"oscillator\"]\nintegrators = [\"rk4\"]\nh = [0.1]\nt_end = 1\n"
      "[[table]]\nid = \"t\"\ntitle = \"t\"\nsource = \"s\"\nquantity = \"metric:err_final\"\n"
      "rows = [0.1]\n" +
      table +
      "columns = [{ label = \"RK4\", problem = \"oscillator\", integrator = \"rk4\", "
      "paper = [] }]\n";
  try {
    (void)parse_matrix(text, "bad.toml");
    FAIL() << "accepted:\n" << text;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(TableJudgement, EveryTableStatesItsJudgement) {
  expect_table_error("", "[[table]] needs a judgement: paper values with tolerance");
  expect_table_error("tolerance = { abs = 0.1 }\nexpect = [\"RK4 ok\"]\n",
                     "tolerance is used only by paper values and ~ expectations");
  expect_table_error("expect = [\"RK4 ~ 1\"]\n", "needs tolerance = { abs = x } or { rel = x }");
  expect_table_error("expect = [\"RK4 < SDIRK2\"]\n", "'SDIRK2' is neither a number");
  expect_table_error("expect = [{ holds = \"RK4 ok\", rows = [0.2] }]\n",
                     "must be one of the table's rows");
  expect_table_error("unjudged = \"x\"\nexpect = [\"RK4 ok\"]\n", "takes no paper values");
  expect_table_error("stand_in = \"x\"\nunjudged = \"y\"\n", "takes no paper values, expect");
  expect_table_error("stand_in = \"x\"\ntolerance = { abs = 0.1 }\n",
                     "with stand_in is judged by its expect");
  expect_table_error("tolerance = { abs = 0.1, rel = 0.1 }\nexpect = [\"RK4 ~ 1\"]\n",
                     "tolerance must be { abs = x } or { rel = x }");
}

// Every shipped matrix (the long ones too) loads, so each of its tables
// states a judgement; counts them so that a glob that finds nothing fails.
TEST(TableJudgement, EveryShippedTableIsJudgedOrSaysWhyNot) {
  int tables = 0, judged = 0;
  const std::filesystem::path root = test::source_dir() + "/harness/matrices";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".toml") continue;
    const Matrix m = load_matrix(entry.path().string());
    for (const auto& t : m.tables) {
      ++tables;
      judged += t.unjudged.empty();
      bool printed = false;
      for (const auto& c : t.columns) printed = printed || !c.paper.empty();
      EXPECT_NE(t.unjudged.empty(), !printed && t.expect.empty()) << entry.path() << " " << t.id;
    }
  }
  EXPECT_GE(tables, 30);
  EXPECT_GE(judged, 20);
}

}  // namespace
}  // namespace tibench
