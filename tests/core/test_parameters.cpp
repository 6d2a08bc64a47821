// ParamSet: defaults, typed overrides, ranges, and the one-line errors users
// see.
#include <gtest/gtest.h>

#include "core/parameters.hpp"

namespace tibench {
namespace {

ParamSet sample() {
  return ParamSet("problem 'demo'", {real_param("k", 2.5, "stiffness", Range::positive()),
                                     integer_param("n", 3, "count", Range::positive()),
                                     bool_param("flag", false, "a switch"),
                                     choice_param("form", "a", {"a", "b"}, "a choice")});
}

TEST(Parameters, DefaultsAreParsedByKind) {
  const ParamSet p = sample();
  EXPECT_EQ(p.real("k"), 2.5);
  EXPECT_EQ(p.integer("n"), 3);
  EXPECT_FALSE(p.boolean("flag"));
  EXPECT_EQ(p.choice("form"), "a");
}

TEST(Parameters, OverridesReplaceDefaults) {
  ParamSet p = sample();
  p.apply({"k=1e5", "n=7", "flag=true", "form=b"});
  EXPECT_EQ(p.real("k"), 1e5);
  EXPECT_EQ(p.integer("n"), 7);
  EXPECT_TRUE(p.boolean("flag"));
  EXPECT_EQ(p.choice("form"), "b");
}

TEST(Parameters, CanonicalTextRoundTripsExactly) {
  ParamSet p = sample();
  p.set("k", "0.1");
  ParamSet q = sample();
  q.set("k", p.text("k"));
  EXPECT_EQ(p.real("k"), q.real("k"));
  EXPECT_EQ(p.text("k"), "0.10000000000000001");
}

void expect_error(const std::string& override_text, const std::string& needle) {
  ParamSet p = sample();
  try {
    p.apply({override_text});
    FAIL() << "no error for " << override_text;
  } catch (const ParamError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(needle), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "message must be one line: " << msg;
  }
}

TEST(Parameters, BadInputNamesTheValueAndWhatIsAccepted) {
  expect_error("kk=1", "unknown parameter 'kk'");
  expect_error("kk=1", "accepted: k, n, flag, form");
  expect_error("k=abc", "invalid value 'abc'");
  expect_error("k=-1", "problem 'demo': k = -1 is out of range (accepted: k > 0)");
  expect_error("n=0", "problem 'demo': n = 0 is out of range (accepted: n > 0)");
  expect_error("k=inf", "invalid value 'inf'");
  expect_error("k=1.5x", "invalid value '1.5x'");
  expect_error("n=2.5", "expected an integer");
  expect_error("flag=maybe", "expected true or false");
  expect_error("form=c", "one of: a, b");
  expect_error("novalue", "expected name=value");
}

TEST(Parameters, IntegralRealsAreAcceptedForIntegers) {
  ParamSet p = sample();
  p.set("n", "1e3");
  EXPECT_EQ(p.integer("n"), 1000);
}

TEST(Ranges, EndsAreClosedOpenOrAbsent) {
  EXPECT_TRUE(Range::closed(0, 1).contains(0));
  EXPECT_TRUE(Range::closed(0, 1).contains(1));
  EXPECT_FALSE(Range::closed(0, 1).contains(1.0000001));
  EXPECT_FALSE(Range::open(-1, 0.5).contains(-1));
  EXPECT_FALSE(Range::open(-1, 0.5).contains(0.5));
  EXPECT_TRUE(Range::open(-1, 0.5).contains(0.4999));
  EXPECT_FALSE(Range::open_closed(0, 1).contains(0));
  EXPECT_TRUE(Range::open_closed(0, 1).contains(1));
  EXPECT_TRUE(Range::closed_open(0, 1).contains(0));
  EXPECT_FALSE(Range::closed_open(0, 1).contains(1));
  EXPECT_TRUE(Range::at_least(1).contains(1e300));
  EXPECT_FALSE(Range::positive().contains(0));
  EXPECT_TRUE(Range::nonnegative().contains(0));
  EXPECT_TRUE(Range::any("a state").contains(-1e300));
}

TEST(Ranges, TextIsAnInequalityOnTheName) {
  EXPECT_EQ(Range::closed(0, 1).text("theta"), "0 <= theta <= 1");
  EXPECT_EQ(Range::open(-1, 0.5).text("nu"), "-1 < nu < 0.5");
  EXPECT_EQ(Range::open_closed(0, 1e-3).text("x"), "0 < x <= 0.001");
  EXPECT_EQ(Range::closed(1, 1e7).text("N"), "1 <= N <= 10000000");
  EXPECT_EQ(Range::positive().text("m"), "m > 0");
  EXPECT_EQ(Range::at_least(-1).text("c"), "c >= -1");
  EXPECT_EQ(Range::any("a state").text("v0"), "any finite value: a state");
}

TEST(Ranges, EmptyRangesAndUnexplainedUnboundedOnesAreProgrammingErrors) {
  EXPECT_THROW(Range::closed(1, 1), std::logic_error);
  EXPECT_THROW(Range::open(2, 1), std::logic_error);
  EXPECT_THROW(Range::any(""), std::logic_error);
  ParamSpec bad = real_param("x", 0.0, "x", Range::nonnegative());
  bad.range.reset();
  EXPECT_THROW(ParamSet("problem 'demo'", {bad}), std::logic_error);
}

TEST(Ranges, OutOfRangeNamesOwnerParameterValueAndRange) {
  ParamSet p("integrator 'demo'", {real_param("theta", 0.5, "implicitness", Range::closed(0, 1))});
  try {
    p.set("theta", "2");
    FAIL() << "theta = 2 accepted";
  } catch (const ParamError& e) {
    EXPECT_STREQ(e.what(),
                 "integrator 'demo': theta = 2 is out of range (accepted: 0 <= theta <= 1)");
  }
  p.set("theta", "1");
  EXPECT_EQ(p.real("theta"), 1.0);
}

}  // namespace
}  // namespace tibench
