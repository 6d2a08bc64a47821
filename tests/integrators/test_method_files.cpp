// Method files (integrators/methods/method_file.hpp): every registry tableau exported and
// loaded back gives the same coefficients, properties and steps; orders of
// tables entered as printed at 10, 12 and 16 digits; and each kind of bad
// file is refused with its file, line and what is accepted.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <regex>

#include "integrators/methods/coefficient_expression.hpp"
#include "integrators/methods/method_file.hpp"
#include "problems/registry.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

void expect_same_properties(const MethodProperties& a, const MethodProperties& b,
                            const std::string& id) {
  EXPECT_EQ(a.order, b.order) << id;
  EXPECT_EQ(a.order_source, b.order_source) << id;
  EXPECT_EQ(a.stage_order, b.stage_order) << id;
  EXPECT_EQ(a.embedded_order, b.embedded_order) << id;
  EXPECT_EQ(a.stiffly_accurate, b.stiffly_accurate) << id;
  EXPECT_EQ(a.a_stable, b.a_stable) << id;
  EXPECT_EQ(a.l_stable, b.l_stable) << id;
  EXPECT_TRUE(same_value(a.r_inf, b.r_inf)) << id << ": " << a.r_inf << " vs " << b.r_inf;
  EXPECT_EQ(a.stability_source, b.stability_source) << id;
  EXPECT_EQ(a.symplectic, b.symplectic) << id;
  EXPECT_EQ(a.order_residuals, b.order_residuals) << id;
  EXPECT_EQ(a.coefficient_precision, b.coefficient_precision) << id;
}

void expect_same_declaration(const MethodDeclaration& a, const MethodDeclaration& b,
                             const std::string& id) {
  EXPECT_EQ(a.order, b.order) << id;
  EXPECT_EQ(a.stage_order, b.stage_order) << id;
  EXPECT_EQ(a.embedded_order, b.embedded_order) << id;
  EXPECT_EQ(a.stiffly_accurate, b.stiffly_accurate) << id;
  EXPECT_EQ(a.a_stable, b.a_stable) << id;
  EXPECT_EQ(a.l_stable, b.l_stable) << id;
  EXPECT_EQ(a.symplectic, b.symplectic) << id;
  EXPECT_EQ(a.r_inf, b.r_inf) << id;
}

// Three steps of both entries from the problem's initial state: bitwise equal.
void expect_same_steps(const IntegratorInfo& a, const IntegratorInfo& b, const Problem& p) {
  auto sa = a.stepper(p, 0.1), sb = b.stepper(p, 0.1);
  State xa = p.initial_state(), xb = p.initial_state();
  for (int n = 0; n < 3; ++n) {
    const StepReport ra = sa->step(xa), rb = sb->step(xb);
    ASSERT_EQ(ra.status, rb.status) << a.id << " on " << p.id();
    EXPECT_EQ(ra.newton_iters, rb.newton_iters) << a.id;
    EXPECT_TRUE(same_value(ra.error_estimate, rb.error_estimate)) << a.id;
  }
  for (Eigen::Index k = 0; k < xa.q.size(); ++k) {
    EXPECT_EQ(xa.q[k], xb.q[k]) << a.id << " on " << p.id() << ", q[" << k << "]";
    EXPECT_EQ(xa.v[k], xb.v[k]) << a.id << " on " << p.id() << ", v[" << k << "]";
  }
}

TEST(MethodFile, EveryRegistryTableauRoundTripsThroughItsExport) {
  const auto pendulum = make_problem("pendulum", {"theta0=2.5"});
  const auto damped = make_problem("damped-oscillator", {"c=3"});
  int exported = 0;
  for (const IntegratorInfo& compiled : integrator_registry()) {
    if (compiled.coefficients.empty()) {
      EXPECT_THROW((void)method_file_text(compiled), InputError) << compiled.id;
      continue;
    }
    ++exported;
    const MethodFile loaded = parse_method_file(method_file_text(compiled), compiled.id + ".toml");
    const IntegratorInfo& info = loaded.info;
    EXPECT_EQ(info.id, exported_id(compiled));
    EXPECT_EQ(info.name, compiled.name);
    EXPECT_EQ(info.citation, compiled.citation);
    EXPECT_EQ(info.family, compiled.family);
    EXPECT_EQ(info.stages, compiled.stages);
    EXPECT_EQ(info.is_explicit, compiled.is_explicit);
    ASSERT_EQ(info.coefficients.size(), compiled.coefficients.size()) << compiled.id;
    for (std::size_t k = 0; k < info.coefficients.size(); ++k) {
      EXPECT_EQ(info.coefficients[k].name, compiled.coefficients[k].name);
      EXPECT_TRUE(info.coefficients[k].value == compiled.coefficients[k].value)
          << compiled.id << " " << compiled.coefficients[k].name;
    }
    expect_same_declaration(info.declared, compiled.declared, compiled.id);
    expect_same_properties(info.computed(), compiled.computed(), compiled.id);
    EXPECT_EQ(loaded.digits, 16);
    expect_same_steps(compiled, info, *pendulum);
    expect_same_steps(compiled, info, *damped);
  }
  EXPECT_GT(exported, 0);
}

TEST(MethodFile, ExportOfCodeDefinedMethodNamesTheExportableFamilies) {
  try {
    (void)method_file_text(find_integrator("bdf2"));
    FAIL() << "bdf2 exported";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("explicit-rk, dirk, rosenbrock, partitioned-rk"),
              std::string::npos)
        << e.what();
  }
}

// A registry DIRK's export with every coefficient printed to `digits`
// significant digits, digits left to the loader to infer.
std::string printed_to(const IntegratorInfo& info, int digits) {
  const std::string text = method_file_text(info);
  std::string out;
  const std::regex number(R"(-?\d+\.\d+(e[-+]\d+)?)");
  std::sregex_iterator it(text.begin(), text.end(), number), end;
  std::size_t last = 0;
  for (; it != end; ++it) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, std::stod(it->str()));
    out += text.substr(last, static_cast<std::size_t>(it->position()) - last) + buf;
    last = static_cast<std::size_t>(it->position() + it->length());
  }
  out += text.substr(last);
  return std::regex_replace(out, std::regex("digits = 16\n"), "");
}

TEST(MethodFile, TablesPrintedTo10And12And16DigitsGetTheirProvenOrder) {
  for (const char* id : {"sdirk3", "sdirk-nc34", "tr-bdf2", "rk4", "dopri5", "ros3pl"}) {
    const IntegratorInfo& info = find_integrator(id);
    for (int digits : {10, 12, 16}) {
      const MethodFile f = parse_method_file(printed_to(info, digits), "printed.toml");
      EXPECT_EQ(f.digits, digits) << id << ": " << f.digits_source;
      EXPECT_EQ(f.info.computed().order, info.computed().order) << id << " at " << digits;
    }
  }
}

TEST(MethodFile, WrongCoefficientFailsByOrdersOfMagnitude) {
  // sdirk3 at 10 digits with one weight off in its 7th digit: the order
  // conditions miss by far more than the rounding allows, and the declared
  // order 3 is refused.
  std::string text = printed_to(find_integrator("sdirk3"), 10);
  const std::size_t b = text.find("b = [") + 5;
  const std::size_t end = text.find(',', b);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9e", std::stod(text.substr(b, end - b)) * (1 + 1e-6));
  text.replace(b, end - b, buf);
  try {
    (void)parse_method_file(text, "wrong.toml");
    FAIL() << "a wrong weight was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("order: declared 3, computed"), std::string::npos)
        << e.what();
  }
}

const char* kAlexander = R"toml(id = "alexander-sdirk3"
family = "dirk"
citation = "R. Alexander, SIAM J. Numer. Anal. 14(6) (1977)"
[constants]
g = "0.4358665215"
[coefficients]
A = [["g"], ["(1 - g)/2", "g"], [1.208496649, -0.644363171, "g"]]
b = [1.208496649, -0.644363171, "g"]
[declared]
order = 3
stiffly_accurate = true
l_stable = true
)toml";

TEST(MethodFile, PrintedTableWithConstantsAndLowerTriangleRows) {
  const MethodFile f = parse_method_file(kAlexander, "alexander.toml");
  EXPECT_EQ(f.info.family, "dirk");
  EXPECT_EQ(f.info.stages, 3);
  EXPECT_EQ(f.digits, 9);  // -0.644363171
  EXPECT_NE(f.digits_source.find("alexander.toml:7"), std::string::npos) << f.digits_source;
  EXPECT_EQ(f.info.computed().order, 3);
  EXPECT_TRUE(*f.info.computed().l_stable);
  EXPECT_EQ(f.info.coefficients[0].value(0, 1), 0.0);
}

// The InputError of loading `text`; fails the test when it loads.
std::string refusal(const std::string& text) {
  try {
    (void)parse_method_file(text, "m.toml");
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "loaded:\n" << text;
  return "";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(MethodFile, BadFilesAreRefusedNamingFileLineAndWhatIsAccepted) {
  const std::string ok = kAlexander;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {replaced(ok, "order = 3", "order = 4"),
       "m.toml:9: integrator 'alexander-sdirk3': declared properties disagree with the computed "
       "ones: order: declared 4, computed 3"},
      {replaced(ok, "l_stable = true", "a_stable = false"), "a_stable: declared false"},
      {replaced(ok, "A = [[\"g\"]", "A = 5, X = [[\"g\"]"), "m.toml:7"},
      {replaced(ok, "\"g\"]]\nb", "\"g\"]\nb"), "m.toml:8: malformed TOML"},
      {replaced(ok, "\"(1 - g)/2\"", "\"(1 - g)//2\""),
       "m.toml:7: A[2][1]: expression \"(1 - g)//2\": expected a number, a name or '('"},
      {replaced(ok, "[1.208496649, -0.644363171, \"g\"]]", "[1.208496649]]"),
       "m.toml:7: A row 3 lists 1 entries (accepted: 3, its first 3 with the diagonal, or its "
       "first 2 below it; the rest are zero)"},
      {replaced(ok, "l_stable", "l_stabel"), "m.toml:12: unknown key 'l_stabel' in [declared]"},
      {replaced(ok, "family = \"dirk\"", "family = \"explicit-rk\""),
       "family: declared explicit-rk, computed dirk"},
      {replaced(ok, "family = \"dirk\"", "family = \"gauss\""),
       "unknown family 'gauss' (accepted: explicit-rk, dirk, rosenbrock, partitioned-rk)"},
      {replaced(ok, "g = \"0.4358665215\"", "g = \"0.4358665215 + h\""),
       "m.toml:5: constant g: expression"},
      {replaced(ok, "[\"g\"], [\"(1", "[\"g\", 0.1, 0], [\"(1"),
       "A must be lower triangular (fully implicit tableaux have no engine), not A[1][2] = 0.1"},
      {replaced(ok, "id = \"alexander-sdirk3\"", "id = \"Alexander SDIRK\""), "invalid id"},
      {replaced(ok, "b = [1.208496649, -0.644363171, \"g\"]", "b = [1.208496649, \"g\"]"),
       "A has 3 rows, but b has 2 entries (accepted: one row per stage)"},
      {replaced(ok, "[constants]\n", "[constants]\npi = 3\n"),
       "m.toml:5: constant 'pi' would hide the built-in of that name"},
      {replaced(ok, "g = \"0.4358665215\"", "g = \"h\"\nh = \"g/2\""),
       "constants left unresolved: g, h"},
      {replaced(ok, "b = [", "c = [0.4, 0.7, 1]\nb = ["),
       "c is not given: it is the row sums of A"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = refusal(text);
    EXPECT_NE(message.find(expected), std::string::npos)
        << "message: " << message << "\nexpected: " << expected;
  }
  EXPECT_NE(refusal("digits = 40\n" + ok).find("digits must be an integer in [1, 17]"),
            std::string::npos);
}

TEST(MethodFile, NegativeDiagonalIsRefusedBeforeAnyAnalysis) {
  const std::string text =
      "id = \"neg\"\nfamily = \"partitioned-rk\"\ncitation = \"test\"\n[coefficients]\n"
      "A = [[0.5, 0], [0.5, 0.5]]\nA_hat = [[-0.5, 0], [0.5, 0]]\nb = [0.5, 0.5]\n"
      "b_hat = [0.5, 0.5]\n[declared]\norder = 1\n";
  EXPECT_NE(refusal(text).find("m.toml:6: A_hat[1][1] = -0.5 < 0: implicit stages are solved as "
                               "minimizations"),
            std::string::npos)
      << refusal(text);
}

// An expression is evaluated in long double, whose range exceeds a double's:
// "1e300 * 1e300" once became an infinite weight, and this file, whose order
// conditions then compare NaN, loaded as "order 6".
TEST(MethodFile, ValueBeyondTheRangeOfADoubleIsRefused) {
  const std::string text =
      "id = \"x\"\nfamily = \"explicit-rk\"\ncitation = \"c\"\n[declared]\norder = 6\n"
      "[coefficients]\nA = [[0]]\nb = [\"1e300 * 1e300\"]\n";
  EXPECT_NE(refusal(text).find("m.toml:8: b[1] evaluates to 1e+600, beyond the range of a "
                               "double (accepted: values of magnitude at most "
                               "1.7976931348623157e+308)"),
            std::string::npos)
      << refusal(text);
  EXPECT_NE(refusal(replaced(text, "order = 6", "order = 6\nr_inf = \"-1e309\""))
                .find("m.toml:6: r_inf evaluates to -1e+309, beyond the range of a double"),
            std::string::npos);
  // Only the values the tableau stores are rounded: a constant may exceed it.
  const MethodFile f = parse_method_file(
      replaced(replaced(text, "order = 6", "order = 1"), "\"1e300 * 1e300\"", "\"g / g\"") +
          "[constants]\ng = \"1e300 * 1e300\"\n",
      "m.toml");
  EXPECT_EQ(f.info.computed().order, 1);
}

TEST(MethodFile, HugeCancellingCoefficientsDecideNoOrder) {
  // sum b = 0 in double; relative to |b| the residual is within rounding,
  // but rounding of that size could hide any error: order 0, not 2.
  const std::string text =
      "id = \"x\"\nfamily = \"explicit-rk\"\ncitation = \"c\"\n[coefficients]\n"
      "A = [[0], [1e300, 0]]\nb = [\"1e300\", \"1-1e300\"]\n[declared]\norder = 1\n";
  EXPECT_NE(refusal(text).find("order: declared 1, computed 0"), std::string::npos)
      << refusal(text);
}

TEST(MethodFile, ExplicitRowsMayListOnlyTheStrictlyLowerTriangle) {
  // Kutta's third-order method as printed: row i lists its i - 1 entries.
  const MethodFile f = parse_method_file(
      "id = \"kutta3\"\nfamily = \"explicit-rk\"\ncitation = \"W. Kutta (1901)\"\n"
      "[coefficients]\nA = [[], [\"1/2\"], [-1, 2]]\nb = [\"1/6\", \"2/3\", \"1/6\"]\n"
      "[declared]\norder = 3\n",
      "kutta3.toml");
  EXPECT_EQ(f.info.computed().order, 3);
  EXPECT_EQ(f.info.coefficients[0].value(2, 1), 2.0);
  EXPECT_EQ(f.info.coefficients[0].value(2, 2), 0.0);
}

TEST(MethodFile, MissingFileIsNamed) {
  EXPECT_THROW((void)load_method_file("/nonexistent/m.toml"), InputError);
  try {
    (void)load_method_file("/tmp");
    FAIL() << "a directory loaded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("it is a directory"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)resolve_integrator("file:"), InputError);
}

TEST(CoefficientExpression, ExactFormsAndPrecedence) {
  EXPECT_EQ(static_cast<double>(evaluate_expression("(2 - sqrt(2))/2").value),
            static_cast<double>((2.0L - std::sqrt(2.0L)) / 2.0L));
  EXPECT_EQ(static_cast<double>(evaluate_expression("1 + 2 * 3 ^ 2").value), 19.0);
  EXPECT_EQ(static_cast<double>(evaluate_expression("-2^2").value), -4.0);
  EXPECT_EQ(static_cast<double>(evaluate_expression("2**3**2").value), 512.0);
  EXPECT_EQ(static_cast<double>(evaluate_expression("1/6").value), 1.0 / 6.0);
  EXPECT_EQ(static_cast<double>(evaluate_expression("cos(pi)").value), -1.0);
  EXPECT_EQ(static_cast<double>(evaluate_expression("g/2", {{"g", 3.0L}}).value), 1.5);
  EXPECT_EQ(evaluate_expression("(3 + sqrt(3))/6").rounded_literal_digits, 0);
  EXPECT_EQ(evaluate_expression("0.4358665215 * 2").rounded_literal_digits, 10);
  EXPECT_EQ(significant_digits("-0.000123400"), 6);
  EXPECT_EQ(significant_digits("1.50e-3"), 3);
  EXPECT_THROW((void)evaluate_expression(std::string(100000, '(') + "1"), ExpressionError);
  for (const char* bad : {"", "1 +", "(1", "sqrt 2", "1/0", "foo(1)", "1 2", "log(-1)"})
    EXPECT_THROW((void)evaluate_expression(bad), ExpressionError) << bad;
}

// Fehlberg's 13-stage 8(7) pair (ARKODE_FEHLBERG_13_7_8) loads with its
// declared orders: the 200 rooted-tree conditions up to order 8 hold to
// rounding. One entry moved by 1e-8 is refused naming the order.
TEST(MethodFile, OrderEightTablesLoadWithTheirDeclaredOrders) {
  const std::string path =
      std::string(test::source_dir()) + "/tests/integrators/data/fehlberg-rk8-7.toml";
  const MethodFile file = load_method_file(path);
  EXPECT_EQ(file.info.computed().order, 8);
  EXPECT_EQ(file.info.computed().embedded_order, 7);
  ASSERT_EQ(file.info.computed().order_residuals.size(), 8u);
  std::string text = file.text;
  const std::string last = "\"12/41\", 0, 1]";
  ASSERT_NE(text.find(last), std::string::npos);
  text.replace(text.find(last), last.size(), "\"12/41\", 0, \"1 + 1e-8\"]");
  try {
    (void)parse_method_file(text, "moved.toml");
    FAIL() << "a moved coefficient was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("order: declared 8, computed"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace tibench
