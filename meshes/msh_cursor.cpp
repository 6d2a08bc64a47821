// MshCursor: ASCII numbers are parsed with std::from_chars (correctly
// rounded, locale-independent, so an ASCII coordinate reads back to the
// double closest to its text); binary numbers are copied byte for byte.
#include "meshes/msh_cursor.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>

#include "core/errors.hpp"
#include "meshes/msh_reader.hpp"

namespace tibench {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

void MshCursor::fail(const std::string& what) const {
  fail_file(what + " (at byte " + std::to_string(pos_) + ")");
}

void MshCursor::fail_file(const std::string& what) const {
  throw InputError("mesh file '" + path_ + "': " + what + "; " + k_msh_accepted);
}

void MshCursor::skip_whitespace() {
  while (pos_ < bytes_.size() && is_space(bytes_[pos_])) ++pos_;
}

bool MshCursor::at_end() {
  skip_whitespace();
  return pos_ == bytes_.size();
}

std::string_view MshCursor::line() {
  if (pos_ >= bytes_.size()) fail("unexpected end of file");
  const std::size_t end = std::min(bytes_.find('\n', pos_), bytes_.size());
  std::string_view text = bytes_.substr(pos_, end - pos_);
  pos_ = std::min(end + 1, bytes_.size());
  return trim_right(text);
}

void MshCursor::expect_end(std::string_view section) {
  skip_whitespace();
  const std::size_t start = pos_;
  const std::string_view text = pos_ < bytes_.size() ? line() : std::string_view();
  if (text.size() != section.size() + 4 || text.substr(0, 4) != "$End" ||
      text.substr(4) != section) {
    pos_ = start;
    fail("expected $End" + std::string(section) + ", found '" + std::string(text.substr(0, 40)) +
         "'");
  }
}

void MshCursor::skip_section(std::string_view section) {
  const std::string marker = "$End" + std::string(section);
  for (std::size_t at = bytes_.find(marker, pos_); at != std::string_view::npos;
       at = bytes_.find(marker, at + 1)) {
    if (at != pos_ && bytes_[at - 1] != '\n') continue;
    pos_ = at;
    if (line() == marker) return;
  }
  fail("section $" + std::string(section) + " has no " + marker);
}

std::string_view MshCursor::token() {
  skip_whitespace();
  const std::size_t start = pos_;
  while (pos_ < bytes_.size() && !is_space(bytes_[pos_])) ++pos_;
  if (start == pos_) fail("unexpected end of file");
  return bytes_.substr(start, pos_ - start);
}

void MshCursor::take(void* out, std::size_t n) {
  if (bytes_.size() - pos_ < n) fail("unexpected end of file in binary data");
  auto* dst = static_cast<unsigned char*>(out);
  std::memcpy(dst, bytes_.data() + pos_, n);
  if (swap_) std::reverse(dst, dst + n);
  pos_ += n;
}

std::uint32_t MshCursor::raw_uint32() {
  std::uint32_t v = 0;
  if (bytes_.size() - pos_ < sizeof v) fail("unexpected end of file in binary data");
  std::memcpy(&v, bytes_.data() + pos_, sizeof v);
  pos_ += sizeof v;
  return v;
}

std::uint64_t MshCursor::count() {
  if (binary_) {
    std::uint64_t v = 0;
    take(&v, sizeof v);
    return v;
  }
  const std::string_view t = token();
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) {
    fail("expected a non-negative integer, found '" + std::string(t.substr(0, 40)) + "'");
  }
  return v;
}

int MshCursor::integer() {
  if (binary_) {
    std::int32_t v = 0;
    take(&v, sizeof v);
    return v;
  }
  const std::string_view t = token();
  int v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) {
    fail("expected an integer, found '" + std::string(t.substr(0, 40)) + "'");
  }
  return v;
}

double MshCursor::real() {
  double v = 0.0;
  if (binary_) {
    take(&v, sizeof v);
    return v;
  }
  std::string_view t = token();
  if (t.size() > 1 && t[0] == '+') t.remove_prefix(1);  // from_chars rejects a '+'
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) {
    fail("expected a number, found '" + std::string(t.substr(0, 40)) + "'");
  }
  return v;
}

void MshCursor::skip_lines(std::uint64_t n) {
  if (!trim_right(line()).empty()) fail("unexpected text after an element block header");
  for (std::uint64_t i = 0; i < n; ++i) line();
}

void MshCursor::check_room(std::uint64_t n, std::size_t bytes_each, const char* what) {
  const std::uint64_t room = (bytes_.size() - pos_) / bytes_each;
  if (n > room) {
    fail(std::string("the file is too short for its ") + std::to_string(n) + " " + what);
  }
}

}  // namespace tibench
