// The scan of a .geo script: a tokenizer that knows only what it must skip
// (// and /* */ comments, "..." strings with backslash escapes) and the two
// words it looks for (Exit, Include followed by a string literal).
#include "meshes/geo_script.hpp"

#include <cctype>
#include <filesystem>
#include <optional>
#include <set>
#include <vector>

#include "core/errors.hpp"
#include "fileio/atomic_write.hpp"

namespace tibench {
namespace {

const char* kAccepted =
    "accepted: a readable gmsh .geo script without Exit, whose Include paths are string literals";

struct Token {
  std::string text;
  bool is_string = false;
  int line = 1;
};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Skips a comment starting at `i`; returns false when there is none.
bool skip_comment(const std::string& s, std::size_t& i, int& line) {
  if (s.compare(i, 2, "//") == 0) {
    while (i < s.size() && s[i] != '\n') ++i;
    return true;
  }
  if (s.compare(i, 2, "/*") != 0) return false;
  const std::size_t end = s.find("*/", i + 2);
  const std::size_t stop = end == std::string::npos ? s.size() : end + 2;
  for (; i < stop; ++i) line += s[i] == '\n';
  return true;
}

Token string_token(const std::string& s, std::size_t& i, int& line) {
  Token t{"", true, line};
  for (++i; i < s.size() && s[i] != '"'; ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    line += s[i] == '\n';
    t.text += s[i];
  }
  ++i;
  return t;
}

// The words and string literals of a script (punctuation is dropped).
std::vector<Token> tokens(const std::string& s) {
  std::vector<Token> out;
  int line = 1;
  for (std::size_t i = 0; i < s.size();) {
    if (skip_comment(s, i, line)) continue;
    if (s[i] == '"') {
      out.push_back(string_token(s, i, line));
    } else if (word_char(s[i])) {
      Token t{"", false, line};
      while (i < s.size() && word_char(s[i])) t.text += s[i++];
      out.push_back(std::move(t));
    } else {
      line += s[i++] == '\n';
    }
  }
  return out;
}

std::string read_script(const std::string& path, const std::string& included_from) {
  std::error_code ec;
  std::optional<std::string> text;
  if (!std::filesystem::is_directory(path, ec)) text = try_read_file(path);
  if (!text)
    throw InputError("gmsh script '" + path + "'" + included_from +
                     " cannot be read (no such file, a directory or unreadable); " + kAccepted);
  return std::move(*text);
}

void scan(const std::string& path, const std::string& included_from, std::set<std::string>& open,
          GeoScript& out) {
  const std::string key = std::filesystem::weakly_canonical(path).string();
  if (!open.insert(key).second)
    throw InputError("gmsh script '" + path + "'" + included_from + " includes itself; " +
                     kAccepted);
  const std::string text = read_script(path, included_from);
  out.texts += (out.texts.empty() ? "" : "\n--- " + path + "\n") + text;
  const std::vector<Token> words = tokens(text);
  for (std::size_t k = 0; k < words.size(); ++k) {
    const Token& t = words[k];
    const std::string where =
        "gmsh script '" + path + "' line " + std::to_string(t.line) + included_from;
    if (!t.is_string && t.text == "Exit")
      throw InputError(where +
                       ": Exit would end tibench's process (gmsh runs scripts in it); remove it "
                       "(tibench meshes the script and writes the mesh itself); " +
                       kAccepted);
    if (t.is_string || t.text != "Include") continue;
    if (k + 1 == words.size() || !words[k + 1].is_string)
      throw InputError(where + ": Include of a computed path cannot be checked; " + kAccepted);
    const std::filesystem::path included =
        std::filesystem::path(path).parent_path() / words[k + 1].text;
    scan(included.lexically_normal().string(), " (included from " + where + ")", open, out);
  }
  open.erase(key);
}

}  // namespace

GeoScript read_geo_script(const std::string& path) {
  GeoScript out{path, ""};
  std::set<std::string> open;
  scan(path, "", open, out);
  return out;
}

}  // namespace tibench
