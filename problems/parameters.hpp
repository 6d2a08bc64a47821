// Named, typed parameters with defaults and validated overrides.
//
// Problems and integrators both describe their knobs as a list of ParamSpec;
// a ParamSet holds the resolved values (defaults + `name=value` overrides).
// Every value keeps a canonical text form (reals with 17 significant digits)
// so that the full parameter set can be recorded for provenance and parsed
// back to the identical value.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tibench {

// path: a file name ("" = none); a non-empty value must name an existing
// regular file, checked when it is set (before any work starts).
enum class ParamKind { real, integer, boolean, choice, path };
enum class ParamBound { any, positive, nonnegative, open_unit };  // open_unit: 0 < x < 1

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::real;
  std::string default_value;  // textual, parsed according to kind
  std::string description;    // meaning, units and source
  ParamBound bound = ParamBound::any;
  std::vector<std::string> choices;  // accepted values for ParamKind::choice
};

// Convenience constructors keep spec tables short and readable.
ParamSpec real_param(std::string name, double default_value, std::string description,
                     ParamBound bound = ParamBound::any);
ParamSpec integer_param(std::string name, long default_value, std::string description,
                        ParamBound bound = ParamBound::any);
ParamSpec bool_param(std::string name, bool default_value, std::string description);
ParamSpec choice_param(std::string name, std::string default_value,
                       std::vector<std::string> choices, std::string description);
ParamSpec path_param(std::string name, std::string description);  // default ""

// Bad user input (unknown id, bad parameter name or value, bad step size...).
// The message is one line that names the bad value and what is accepted; the
// CLI prints it and exits with code 2.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

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
  // value that does not parse or violates the spec's bound/choices.
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

}  // namespace tibench
