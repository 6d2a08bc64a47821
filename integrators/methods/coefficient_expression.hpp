// Coefficients of method files (integrators/methods/method_file.hpp) written as exact
// expressions, as papers print them: "(2 - sqrt(2))/2", "1/6", "-3/2 * g".
//
// Grammar (whitespace ignored):
//   expr    := term   { ("+" | "-") term }
//   term    := unary  { ("*" | "/") unary }
//   unary   := ("+" | "-") unary | power
//   power   := primary [ ("^" | "**") unary ]        (right-associative)
//   primary := number | "pi" | name "(" expr ")" | "(" expr ")" | variable
//   name    := sqrt | cbrt | exp | log | sin | cos | tan | atan
// Numbers are decimal literals (digits, optional point, optional exponent).
// Variables are the file's named constants (method_file.hpp, `[constants]`).
//
// Evaluated in long double and rounded once to double, so that a value like
// (3 + sqrt(3))/6 is the correctly rounded double far more often than a
// double evaluation would give.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tibench {

class ExpressionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ExpressionValue {
  long double value = 0;
  // The fewest significant digits of any decimal literal (one with a point
  // or an exponent; integers are exact) in the text with more than
  // kExactLiteralDigits digits (a literal that short is read as exact, e.g.
  // 0.25); 0 when there is none: the expression is exact.
  int rounded_literal_digits = 0;
};

// Literals with at most this many significant digits are taken as exact.
inline constexpr int kExactLiteralDigits = 6;

// "pi" and the function names: reserved, a constant may not take them.
bool is_reserved_name(std::string_view name);

// Significant digits of a decimal literal ("0.4358665215" → 10, "1.50e-3" → 3).
int significant_digits(std::string_view literal);

// Throws ExpressionError saying what was expected at which character.
ExpressionValue evaluate_expression(std::string_view text,
                                    const std::map<std::string, long double>& variables = {});

}  // namespace tibench
