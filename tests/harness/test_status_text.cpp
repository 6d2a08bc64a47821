// Statuses travel as enums and become text only in files, logs and tables:
// the text is the one run files have always held, and text that names no
// status is refused when read, naming the run and what is accepted.
#include <gtest/gtest.h>

#include <H5Cpp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/analysis/regress.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"
#include "harness/run/runner.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& extension) {
  return fs::temp_directory_path() /
         ("tibench-status-" + std::to_string(::getpid()) + "-" +
          ::testing::UnitTest::GetInstance()->current_test_info()->name() + extension);
}

TEST(RunStatusText, EveryStatusReadsBackFromItsName) {
  for (const RunStatus s : kRunStatuses) EXPECT_EQ(parse_run_status(to_string(s)), s);
  for (const char* other : {"", "OK", "failed", "ok "})
    EXPECT_FALSE(parse_run_status(other)) << other;
  EXPECT_EQ(run_status_names(), "ok, diverged, solver_failed, timeout, error");
}

TEST(ReferenceCheckText, EveryWrittenFormReadsBackUnchanged) {
  const std::pair<const char*, ReferenceOutcome> texts[] = {
      {"", ReferenceOutcome::unchecked},
      {"exact", ReferenceOutcome::exact},
      {"pass: every error is >= 100x the reference's difference", ReferenceOutcome::pass},
      {"fail: the reference failed: step 3: no convergence", ReferenceOutcome::fail},
      {"none: no reference requested; error metrics not measured", ReferenceOutcome::none}};
  for (const auto& [text, outcome] : texts) {
    const auto check = parse_reference_check(text);
    ASSERT_TRUE(check) << text;
    EXPECT_EQ(check->outcome, outcome) << text;
    EXPECT_EQ(to_string(*check), text);
  }
  EXPECT_EQ(parse_reference_check("fail: a: b")->reason, "a: b");
  for (const char* other : {"exact: yes", "fail:no space", "passed", "Pass: x"})
    EXPECT_FALSE(parse_reference_check(other)) << other;
}

TEST(RunStatusText, SummaryCountsEveryStatusInOrder) {
  RunnerResult r;
  r.completed = 3;
  r.by_status[RunStatus::timeout] = 1;
  r.by_status[RunStatus::ok] = 2;
  const std::string text = summary_text(r);
  EXPECT_NE(text.find("(ok 2, diverged 0, solver_failed 0, timeout 1, error 0)"), std::string::npos)
      << text;
}

RunRecord diverged_record() {
  RunRecord rec;
  rec.spec.problem = "oscillator";
  rec.spec.integrator = "rk4";
  rec.spec.h = 0.1;
  rec.spec.t_end = 1.0;
  rec.steps = 10;
  rec.h = 0.1;
  rec.status = RunStatus::diverged;
  rec.message = "non-finite state at step 4";
  rec.reference_check = {ReferenceOutcome::fail, "the reference failed: diverged"};
  return rec;
}

TEST(RunStatusText, RunFilesHoldTheNamesAndReadBackAsEnums) {
  const fs::path path = scratch(".h5");
  {
    H5::H5File f(path.string(), H5F_ACC_TRUNC);
    write_run(f, diverged_record());
  }
  H5::H5File f(path.string(), H5F_ACC_RDONLY);
  const H5::Group g = f.openGroup(run_path(diverged_record().spec));
  EXPECT_EQ(h5::read_string_attr(g, "status"), "diverged");
  EXPECT_EQ(h5::read_string_attr(g, "reference_check"), "fail: the reference failed: diverged");
  const auto runs = read_runs(f);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, RunStatus::diverged);
  EXPECT_EQ(runs[0].message, "non-finite state at step 4");
  EXPECT_EQ(runs[0].reference_check, diverged_record().reference_check);
  f.close();
  fs::remove(path);
}

// Reads the run file whose run has `attribute` set to `text`; returns the
// InputError's message ("" if none was thrown).
std::string read_error_with(const std::string& attribute, const std::string& text) {
  const fs::path path = scratch(".h5");
  {
    H5::H5File f(path.string(), H5F_ACC_TRUNC);
    write_run(f, diverged_record());
    H5::Group g = f.openGroup(run_path(diverged_record().spec));
    g.removeAttr(attribute);
    h5::attr(g, attribute, text);
  }
  std::string message;
  {
    H5::H5File f(path.string(), H5F_ACC_RDONLY);
    try {
      (void)read_runs(f);
    } catch (const InputError& e) {
      message = e.what();
    }
  }
  fs::remove(path);
  return message;
}

TEST(RunStatusText, AnUnknownStatusInARunFileIsAnInputError) {
  const std::string message = read_error_with("status", "finished");
  EXPECT_NE(message.find("/runs/oscillator/rk4/h=1.000000e-01"), std::string::npos) << message;
  EXPECT_NE(message.find("'finished'"), std::string::npos) << message;
  EXPECT_NE(message.find(run_status_names()), std::string::npos) << message;
}

TEST(ReferenceCheckText, AnUnknownReferenceCheckInARunFileIsAnInputError) {
  const std::string message = read_error_with("reference_check", "maybe");
  EXPECT_NE(message.find("/runs/oscillator/rk4/h=1.000000e-01"), std::string::npos) << message;
  EXPECT_NE(message.find("'maybe'"), std::string::npos) << message;
}

TEST(RunStatusText, BaselinesKeepTheNamesAndRefuseUnknownOnes) {
  StoredRun run = summary_of(diverged_record());
  const fs::path path = scratch(".json");
  save_baseline(path.string(), make_baseline("m.toml", {run}));
  EXPECT_EQ(load_baseline(path.string()).cells.at(0).status, RunStatus::diverged);
  std::string json;
  {
    std::ifstream in(path);
    json.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto at = json.find("\"status\": \"diverged\"");
  ASSERT_NE(at, std::string::npos) << json;
  json.replace(at, std::string("\"status\": \"diverged\"").size(), "\"status\": \"blown up\"");
  std::ofstream(path) << json;
  try {
    (void)load_baseline(path.string());
    ADD_FAILURE() << "an unknown status was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'blown up'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(run_status_names()), std::string::npos) << e.what();
  }
  fs::remove(path);
}

}  // namespace
}  // namespace tibench
