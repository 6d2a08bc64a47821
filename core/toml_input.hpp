// Reading the values of a TOML input file (matrices, method files): each
// check fails with an InputError whose message names the file, the line and
// what is accepted.
#pragma once

#include <toml++/toml.h>

#include <optional>
#include <string>
#include <vector>

namespace tibench::toml_input {

// The file being read.
struct TomlFile {
  std::string name;
  // "<file>:<line of n>"
  std::string where(const toml::node& n) const;
  [[noreturn]] void fail(const toml::node& n, const std::string& what) const;
};

// The TOML document in `text`; a syntax error is an InputError
// "<source_name>:<line>: malformed TOML: ... (accepted: <accepted>)".
// The text of the input file at `path` (a method or scene file, ...);
// throws InputError naming `kind` ("method file") and `doc` (what is
// accepted) when it is a directory or cannot be read.
std::string read_input_file(const std::string& path, const std::string& kind,
                            const std::string& doc);

toml::table parse_document(const std::string& text, const std::string& source_name,
                           const std::string& accepted);

// "a, b, c"
std::string comma_list(const std::vector<std::string>& items);

// Fails on the first key of t that is not in `accepted`; `context` names t.
void check_keys(const TomlFile& file, const toml::table& t,
                const std::vector<std::string>& accepted, const std::string& context);

// The value of an integer node; nullopt for any other node. (toml++'s
// value<integer>() converts a float node by a cast, undefined beyond the
// integer's range and silently truncating 2.5 to 2.)
std::optional<long long> integer_value(const toml::node& n);

// A finite number > 0; `what` names it in the message.
double positive_number(const TomlFile& file, const toml::node& n, const std::string& what);

// A string as written, or a number as the shortest text that reads back as
// the same double (a printed 0.776 stays "0.776").
std::string text_value(const TomlFile& file, const toml::node& n, const std::string& what);

}  // namespace tibench::toml_input
