#include "integrators/methods/coefficient_expression.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace tibench {

int significant_digits(std::string_view literal) {
  int digits = 0;
  bool leading = true;
  for (char ch : literal) {
    if (ch == 'e' || ch == 'E') break;
    if (!std::isdigit(static_cast<unsigned char>(ch))) continue;
    if (leading && ch == '0') continue;
    leading = false;
    ++digits;
  }
  return digits;
}

namespace {

using Function = long double (*)(long double);

const std::map<std::string, Function, std::less<>>& functions() {
  static const std::map<std::string, Function, std::less<>> table{
      {"sqrt", [](long double x) { return std::sqrt(x); }},
      {"cbrt", [](long double x) { return std::cbrt(x); }},
      {"exp", [](long double x) { return std::exp(x); }},
      {"log", [](long double x) { return std::log(x); }},
      {"sin", [](long double x) { return std::sin(x); }},
      {"cos", [](long double x) { return std::cos(x); }},
      {"tan", [](long double x) { return std::tan(x); }},
      {"atan", [](long double x) { return std::atan(x); }},
  };
  return table;
}

class Parser {
 public:
  Parser(std::string_view text, const std::map<std::string, long double>& variables)
      : text_(text), variables_(variables) {}

  ExpressionValue parse() {
    ExpressionValue out;
    out.value = expr();
    skip_space();
    if (pos_ < text_.size()) fail("an operator (+ - * / ^) or the end");
    if (!std::isfinite(out.value))
      fail_at(0, "a finite value (the expression evaluates to " +
                     std::to_string(static_cast<double>(out.value)) + ")");
    out.rounded_literal_digits = rounded_digits_;
    return out;
  }

 private:
  long double expr() {
    long double v = term();
    for (;;) {
      if (accept('+'))
        v += term();
      else if (accept('-'))
        v -= term();
      else
        return v;
    }
  }

  long double term() {
    long double v = unary();
    for (;;) {
      if (accept('*')) {
        v *= unary();
      } else if (accept('/')) {
        const std::size_t at = pos_;
        const long double d = unary();
        if (d == 0) fail_at(at, "a nonzero divisor");
        v /= d;
      } else {
        return v;
      }
    }
  }

  long double unary() {
    // Every recursion passes here: a bound keeps hostile input off the stack.
    if (++depth_ > kMaxDepth)
      fail("an expression nested at most " + std::to_string(kMaxDepth) + " levels deep");
    long double v;
    if (accept('-'))
      v = -unary();
    else if (accept('+'))
      v = unary();
    else
      v = power();
    --depth_;
    return v;
  }

  long double power() {
    const long double base = primary();
    skip_space();
    if (text_.substr(pos_).starts_with("**")) {
      pos_ += 2;
      return std::pow(base, unary());
    }
    if (accept('^')) return std::pow(base, unary());
    return base;
  }

  long double primary() {
    skip_space();
    if (accept('(')) {
      const long double v = expr();
      if (!accept(')')) fail("')'");
      return v;
    }
    if (pos_ < text_.size() &&
        (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
      return number();
    if (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_])))
      return named();
    fail("a number, a name or '('");
  }

  long double number() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
      ++pos_;
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      std::size_t k = pos_ + 1;
      if (k < text_.size() && (text_[k] == '+' || text_[k] == '-')) ++k;
      if (k < text_.size() && std::isdigit(static_cast<unsigned char>(text_[k]))) {
        pos_ = k;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      }
    }
    const std::string literal(text_.substr(start, pos_ - start));
    char* end = nullptr;
    const long double v = std::strtold(literal.c_str(), &end);
    if (end != literal.c_str() + literal.size()) fail_at(start, "a decimal number");
    // An integer (the numerator of a printed fraction) is exact.
    const bool decimal = literal.find_first_of(".eE") != std::string::npos;
    const int digits = significant_digits(literal);
    if (decimal && digits > kExactLiteralDigits &&
        (rounded_digits_ == 0 || digits < rounded_digits_))
      rounded_digits_ = digits;
    return v;
  }

  long double named() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    const std::string name(text_.substr(start, pos_ - start));
    if (name == "pi") return std::acos(-1.0L);
    if (auto f = functions().find(name); f != functions().end()) {
      if (!accept('(')) fail("'(' after " + name);
      const long double arg = expr();
      if (!accept(')')) fail("')'");
      return f->second(arg);
    }
    if (auto v = variables_.find(name); v != variables_.end()) return v->second;
    std::string accepted = "pi";
    for (const auto& [fname, _] : functions()) accepted += ", " + fname + "()";
    for (const auto& [vname, _] : variables_) accepted += ", " + vname;
    fail_at(start, "a known name (accepted: " + accepted + "), not '" + name + "'");
  }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(char ch) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ch) {
      ++pos_;
      return true;
    }
    return false;
  }
  [[noreturn]] void fail(const std::string& expected) { fail_at(pos_, expected); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& expected) {
    throw ExpressionError("expression \"" + std::string(text_) + "\": expected " + expected +
                          " at character " + std::to_string(at + 1));
  }

  std::string_view text_;
  const std::map<std::string, long double>& variables_;
  std::size_t pos_ = 0;
  int rounded_digits_ = 0;
  static constexpr int kMaxDepth = 200;
  int depth_ = 0;
};

}  // namespace

bool is_reserved_name(std::string_view name) {
  return name == "pi" || functions().find(name) != functions().end();
}

ExpressionValue evaluate_expression(std::string_view text,
                                    const std::map<std::string, long double>& variables) {
  return Parser(text, variables).parse();
}

}  // namespace tibench
