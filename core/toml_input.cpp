// Checked reading of matrix-file values (core/toml_input.hpp).
#include "core/toml_input.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/parameters.hpp"

namespace tibench::toml_input {

std::string TomlFile::where(const toml::node& n) const {
  return name + ":" + std::to_string(n.source().begin.line);
}

void TomlFile::fail(const toml::node& n, const std::string& what) const {
  throw InputError(where(n) + ": " + what);
}

toml::table parse_document(const std::string& text, const std::string& source_name,
                           const std::string& accepted) {
  try {
    return toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw InputError(source_name + ":" + std::to_string(e.source().begin.line) +
                     ": malformed TOML: " + std::string(e.description()) +
                     " (accepted: " + accepted + ")");
  }
}

std::string comma_list(const std::vector<std::string>& items) {
  std::string list;
  for (const auto& item : items) list += (list.empty() ? "" : ", ") + item;
  return list;
}

void check_keys(const TomlFile& file, const toml::table& t,
                const std::vector<std::string>& accepted, const std::string& context) {
  for (const auto& [key, value] : t) {
    if (std::find(accepted.begin(), accepted.end(), key.str()) == accepted.end())
      file.fail(value, "unknown key '" + std::string(key.str()) + "' in " + context +
                           " (accepted: " + comma_list(accepted) + ")");
  }
}

std::optional<long long> integer_value(const toml::node& n) {
  if (const auto* i = n.as_integer()) return i->get();
  return std::nullopt;
}

double positive_number(const TomlFile& file, const toml::node& n, const std::string& what) {
  std::optional<double> v = n.value<double>();
  if (!v || !(*v > 0) || !std::isfinite(*v))
    file.fail(n, "invalid " + what + " (expected a number > 0)");
  return *v;
}

std::string text_value(const TomlFile& file, const toml::node& n, const std::string& what) {
  if (auto s = n.value<std::string>()) return *s;
  if (auto d = n.value<double>()) {
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, *d);
    return std::string(buf, res.ptr);
  }
  file.fail(n, what + " must be a string or a number");
}

std::string read_input_file(const std::string& path, const std::string& kind,
                            const std::string& doc) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError("cannot read " + kind + " '" + path +
                     "': it is a directory (expected a TOML file, " + doc + ")");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError("cannot read " + kind + " '" + path + "' (expected a readable TOML file, " +
                     doc + ")");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tibench::toml_input
