// ParamSet: defaults, typed overrides, and the one-line errors users see.
#include <gtest/gtest.h>

#include "problems/parameters.hpp"

namespace tibench {
namespace {

ParamSet sample() {
  return ParamSet("problem 'demo'",
                  {real_param("k", 2.5, "stiffness", ParamBound::positive),
                   integer_param("n", 3, "count", ParamBound::positive),
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
  expect_error("k=-1", "expected a number > 0");
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

}  // namespace
}  // namespace tibench
