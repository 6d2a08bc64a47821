// Named, typed parameters with defaults and validated overrides.
//
// Problems and integrators both describe their knobs as a list of ParamSpec;
// a ParamSet holds the resolved values (defaults + `name=value` overrides).
// Every value keeps a canonical text form (reals with 17 significant digits)
// so that the full parameter set can be recorded for provenance and parsed
// back to the identical value.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/errors.hpp"

namespace tibench {

// path: a file name ("" = none); a non-empty value must name an existing
// regular file, checked when it is set (before any work starts).
enum class ParamKind { real, integer, boolean, choice, path };

// The accepted values of a numeric parameter: an interval whose ends are each
// closed, open or absent. Every real and integer parameter declares one, so
// a value outside it is refused when it is set, before any work starts.
// Sizes get an upper end that keeps memory well below the machine's; a range
// with no end at all needs the reason why every finite value makes sense.
class Range {
 public:
  static Range closed(double lo, double hi);       // lo <= x <= hi
  static Range open(double lo, double hi);         // lo < x < hi
  static Range closed_open(double lo, double hi);  // lo <= x < hi
  static Range open_closed(double lo, double hi);  // lo < x <= hi
  static Range at_least(double lo);                // lo <= x
  static Range above(double lo);                   // lo < x
  static Range positive() { return above(0); }
  static Range nonnegative() { return at_least(0); }
  static Range any(std::string why);  // every finite value, for the reason `why`

  struct End {
    double value;
    bool closed;
  };
  const std::optional<End>& lower() const { return lower_; }
  const std::optional<End>& upper() const { return upper_; }
  const std::string& why_unbounded() const { return why_; }

  bool contains(double x) const;
  // The range as an inequality on `name`, e.g. "0 <= theta <= 1", "m > 0",
  // or "any finite value: why".
  std::string text(std::string_view name) const;

 private:
  Range(std::optional<End> lower, std::optional<End> upper, std::string why = "");
  std::optional<End> lower_, upper_;
  std::string why_;
};

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::real;
  std::string default_value;         // textual, parsed according to kind
  std::string description;           // meaning, units and source
  std::optional<Range> range;        // real and integer parameters only
  std::vector<std::string> choices;  // accepted values for ParamKind::choice
};

// Convenience constructors keep spec tables short and readable.
ParamSpec real_param(std::string name, double default_value, std::string description, Range range);
ParamSpec integer_param(std::string name, long default_value, std::string description, Range range);
ParamSpec bool_param(std::string name, bool default_value, std::string description);
ParamSpec choice_param(std::string name, std::string default_value,
                       std::vector<std::string> choices, std::string description);
ParamSpec path_param(std::string name, std::string description);  // default ""

class ParamError : public InputError {
 public:
  using InputError::InputError;
};

class ParamSet {
 public:
  using Value = std::variant<double, long, bool, std::string>;

  ParamSet() = default;
  // `owner` names what the parameters belong to (e.g. "problem 'oscillator'")
  // and appears in error messages.
  ParamSet(std::string owner, std::vector<ParamSpec> specs);

  // Sets one parameter from text; throws ParamError on an unknown name or a
  // value that does not parse, lies outside the spec's range or is not one
  // of its choices.
  void set(std::string_view name, std::string_view text);
  // Applies "name=value" overrides in order.
  void apply(const std::vector<std::string>& overrides);

  double real(std::string_view name) const;
  long integer(std::string_view name) const;
  bool boolean(std::string_view name) const;
  const std::string& choice(std::string_view name) const;
  const std::string& path(std::string_view name) const;

  bool has(std::string_view name) const;
  // Canonical text of a value ("%.17g" for reals).
  std::string text(std::string_view name) const;
  const std::vector<ParamSpec>& specs() const { return specs_; }
  const std::string& owner() const { return owner_; }
  // (name, canonical text) in spec order, for provenance records.
  std::vector<std::pair<std::string, std::string>> values() const;

 private:
  std::size_t index_of(std::string_view name) const;
  std::string accepted_names() const;

  std::string owner_;
  std::vector<ParamSpec> specs_;
  std::vector<Value> values_;
};

// Strict number parsing shared by the CLI and the parameter code: the whole
// text must be a finite number. Returns false on any trailing garbage.
bool parse_real(std::string_view text, double& out);
bool parse_integer(std::string_view text, long& out);
std::string format_real(double x);  // "%.17g": round-trips exactly
// The shortest text that reads back as x ("0.1", "1e-12", "10000000"), for
// messages and listings.
std::string number_text(double x);

}  // namespace tibench
