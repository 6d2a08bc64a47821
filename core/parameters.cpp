#include "core/parameters.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace tibench {

bool parse_real(std::string_view text, double& out) {
  if (text.empty()) return false;
  if (text.front() == '+') text.remove_prefix(1);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && ptr == last && std::isfinite(out);
}

bool parse_integer(std::string_view text, long& out) {
  if (text.empty()) return false;
  if (text.front() == '+') text.remove_prefix(1);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(first, last, out);
  if (ec == std::errc() && ptr == last) return true;
  // Accept integral reals such as "1e3" for integer parameters.
  double x = 0;
  if (parse_real(text, x) && x == std::floor(x) && std::fabs(x) < 9.0e15) {
    out = static_cast<long>(x);
    return true;
  }
  return false;
}

std::string format_real(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string number_text(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e16) return std::to_string(static_cast<long>(x));
  char buf[40];
  const auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

Range::Range(std::optional<End> lower, std::optional<End> upper, std::string why)
    : lower_(lower), upper_(upper), why_(std::move(why)) {
  if (lower_ && upper_ && !(lower_->value < upper_->value))
    throw std::logic_error("empty range: lower end " + number_text(lower_->value) +
                           " is not below the upper end " + number_text(upper_->value));
}

Range Range::closed(double lo, double hi) { return {End{lo, true}, End{hi, true}}; }
Range Range::open(double lo, double hi) { return {End{lo, false}, End{hi, false}}; }
Range Range::closed_open(double lo, double hi) { return {End{lo, true}, End{hi, false}}; }
Range Range::open_closed(double lo, double hi) { return {End{lo, false}, End{hi, true}}; }
Range Range::at_least(double lo) { return {End{lo, true}, std::nullopt}; }
Range Range::above(double lo) { return {End{lo, false}, std::nullopt}; }

Range Range::any(std::string why) {
  if (why.empty()) throw std::logic_error("an unbounded range needs the reason why");
  return {std::nullopt, std::nullopt, std::move(why)};
}

bool Range::contains(double x) const {
  if (lower_ && !(lower_->closed ? x >= lower_->value : x > lower_->value)) return false;
  if (upper_ && !(upper_->closed ? x <= upper_->value : x < upper_->value)) return false;
  return true;
}

std::string Range::text(std::string_view name) const {
  const std::string n(name);
  auto op = [](const End& e) { return e.closed ? " <= " : " < "; };
  if (lower_ && upper_)
    return number_text(lower_->value) + op(*lower_) + n + op(*upper_) + number_text(upper_->value);
  if (lower_) return n + (lower_->closed ? " >= " : " > ") + number_text(lower_->value);
  if (upper_) return n + op(*upper_) + number_text(upper_->value);
  return "any finite value: " + why_;
}

ParamSpec real_param(std::string name, double default_value, std::string description, Range range) {
  return {std::move(name),        ParamKind::real,  format_real(default_value),
          std::move(description), std::move(range), {}};
}

ParamSpec integer_param(std::string name, long default_value, std::string description,
                        Range range) {
  return {std::move(name),        ParamKind::integer, std::to_string(default_value),
          std::move(description), std::move(range),   {}};
}

ParamSpec bool_param(std::string name, bool default_value, std::string description) {
  return {std::move(name),        ParamKind::boolean, default_value ? "true" : "false",
          std::move(description), std::nullopt,       {}};
}

ParamSpec choice_param(std::string name, std::string default_value,
                       std::vector<std::string> choices, std::string description) {
  return {std::move(name),        ParamKind::choice, std::move(default_value),
          std::move(description), std::nullopt,      std::move(choices)};
}

ParamSpec path_param(std::string name, std::string description) {
  return {std::move(name), ParamKind::path, "", std::move(description), std::nullopt, {}};
}

namespace {

const char* kind_name(ParamKind k) {
  switch (k) {
    case ParamKind::real: return "a finite number";
    case ParamKind::integer: return "an integer";
    case ParamKind::boolean: return "true or false";
    case ParamKind::choice: return "one of the listed choices";
    case ParamKind::path: return "the path of an existing file";
  }
  return "?";
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

}  // namespace

ParamSet::ParamSet(std::string owner, std::vector<ParamSpec> specs)
    : owner_(std::move(owner)), specs_(std::move(specs)) {
  values_.resize(specs_.size());
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (specs_[j].name == specs_[i].name)
        throw std::logic_error(owner_ + ": parameter '" + specs_[i].name + "' declared twice");
    const bool numeric = specs_[i].kind == ParamKind::real || specs_[i].kind == ParamKind::integer;
    if (numeric != specs_[i].range.has_value())
      throw std::logic_error(owner_ + ": parameter '" + specs_[i].name +
                             (numeric ? "' has no range" : "' is not numeric but has a range"));
    set(specs_[i].name, specs_[i].default_value);
  }
}

std::string ParamSet::accepted_names() const {
  std::vector<std::string> names;
  for (const auto& s : specs_) names.push_back(s.name);
  return names.empty() ? "none: it takes no parameters" : join(names);
}

std::size_t ParamSet::index_of(std::string_view name) const {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].name == name) return i;
  throw ParamError("unknown parameter '" + std::string(name) + "' for " + owner_ +
                   " (accepted: " + accepted_names() + ")");
}

bool ParamSet::has(std::string_view name) const {
  for (const auto& s : specs_)
    if (s.name == name) return true;
  return false;
}

void ParamSet::set(std::string_view name, std::string_view text) {
  const std::size_t i = index_of(name);
  const ParamSpec& spec = specs_[i];
  auto bad = [&](const std::string& expected) {
    return ParamError("invalid value '" + std::string(text) + "' for parameter '" + spec.name +
                      "' of " + owner_ + " (expected " + expected + ")");
  };
  auto check_range = [&](double x) {
    if (spec.range && !spec.range->contains(x))
      throw ParamError(owner_ + ": " + spec.name + " = " + std::string(text) +
                       " is out of range (accepted: " + spec.range->text(spec.name) + ")");
  };
  switch (spec.kind) {
    case ParamKind::real: {
      double x = 0;
      if (!parse_real(text, x)) throw bad(kind_name(spec.kind));
      check_range(x);
      values_[i] = x;
      break;
    }
    case ParamKind::integer: {
      long x = 0;
      double y = 0;
      // An integral value too large for a long is reported against the
      // range (e.g. N=1e20) when the range excludes it.
      if (!parse_integer(text, x) && parse_real(text, y) && y == std::floor(y)) check_range(y);
      if (!parse_integer(text, x)) throw bad(kind_name(spec.kind));
      check_range(static_cast<double>(x));
      values_[i] = x;
      break;
    }
    case ParamKind::boolean: {
      if (text == "true" || text == "1" || text == "on" || text == "yes")
        values_[i] = true;
      else if (text == "false" || text == "0" || text == "off" || text == "no")
        values_[i] = false;
      else
        throw bad(kind_name(spec.kind));
      break;
    }
    case ParamKind::choice: {
      bool ok = false;
      for (const auto& c : spec.choices) ok = ok || c == text;
      if (!ok) throw bad("one of: " + join(spec.choices));
      values_[i] = std::string(text);
      break;
    }
    case ParamKind::path: {
      std::error_code ec;
      if (!text.empty() && !std::filesystem::is_regular_file(std::filesystem::path(text), ec))
        throw bad("the path of an existing regular file, or empty for none");
      values_[i] = std::string(text);
      break;
    }
  }
}

void ParamSet::apply(const std::vector<std::string>& overrides) {
  for (const auto& o : overrides) {
    const auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ParamError("malformed parameter override '" + o + "' for " + owner_ +
                       " (expected name=value; accepted names: " + accepted_names() + ")");
    set(std::string_view(o).substr(0, eq), std::string_view(o).substr(eq + 1));
  }
}

double ParamSet::real(std::string_view name) const {
  const auto& v = values_[index_of(name)];
  if (auto p = std::get_if<double>(&v)) return *p;
  if (auto p = std::get_if<long>(&v)) return static_cast<double>(*p);
  throw std::logic_error(owner_ + ": parameter '" + std::string(name) + "' is not numeric");
}

long ParamSet::integer(std::string_view name) const {
  const auto& v = values_[index_of(name)];
  if (auto p = std::get_if<long>(&v)) return *p;
  throw std::logic_error(owner_ + ": parameter '" + std::string(name) + "' is not an integer");
}

bool ParamSet::boolean(std::string_view name) const {
  const auto& v = values_[index_of(name)];
  if (auto p = std::get_if<bool>(&v)) return *p;
  throw std::logic_error(owner_ + ": parameter '" + std::string(name) + "' is not a boolean");
}

const std::string& ParamSet::path(std::string_view name) const {
  const auto& v = values_[index_of(name)];
  if (specs_[index_of(name)].kind == ParamKind::path) return std::get<std::string>(v);
  throw std::logic_error(owner_ + ": parameter '" + std::string(name) + "' is not a path");
}

const std::string& ParamSet::choice(std::string_view name) const {
  const auto& v = values_[index_of(name)];
  if (auto p = std::get_if<std::string>(&v)) return *p;
  throw std::logic_error(owner_ + ": parameter '" + std::string(name) + "' is not a choice");
}

std::string ParamSet::text(std::string_view name) const {
  const auto& v = values_[index_of(name)];
  if (auto p = std::get_if<double>(&v)) return format_real(*p);
  if (auto p = std::get_if<long>(&v)) return std::to_string(*p);
  if (auto p = std::get_if<bool>(&v)) return *p ? "true" : "false";
  return std::get<std::string>(v);
}

std::vector<std::pair<std::string, std::string>> ParamSet::values() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& s : specs_) out.emplace_back(s.name, text(s.name));
  return out;
}

}  // namespace tibench
