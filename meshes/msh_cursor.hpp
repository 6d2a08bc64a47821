// A read position in the bytes of a gmsh .msh file, for msh_reader.cpp.
//
// An .msh 4 file is a sequence of "$Section" ... "$EndSection" blocks whose
// contents are either whitespace-separated ASCII numbers or, in binary
// files, raw native-endian ints, size_t and doubles (byte-swapped when the
// file says so). The cursor reads both through the same calls, so the
// section parsers are written once; every failure names the file and the
// byte offset and is thrown as InputError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tibench {

class MshCursor {
 public:
  MshCursor(std::string_view bytes, std::string path) : bytes_(bytes), path_(std::move(path)) {}

  // Switches from ASCII to binary numbers (after the $MeshFormat line).
  void set_binary(bool swap_bytes) {
    binary_ = true;
    swap_ = swap_bytes;
  }
  bool binary() const { return binary_; }

  // Skips whitespace; true when nothing but whitespace is left.
  bool at_end();
  // The rest of the current line without its line ending, moving past it.
  std::string_view line();
  // Skips whitespace, then reads a line; fails unless it is "$End<section>".
  void expect_end(std::string_view section);
  // Moves past the next line that reads "$End<section>" (an unknown section).
  void skip_section(std::string_view section);

  // Numbers: ASCII tokens, or binary size_t / int / double.
  std::uint64_t count();
  int integer();
  double real();
  // The first 4 bytes of a binary int, unconverted (the endianness probe).
  std::uint32_t raw_uint32();
  // Skips `n` ASCII lines after the current one (ASCII files only).
  void skip_lines(std::uint64_t n);

  // Fails unless `n` items of at least `bytes_each` bytes can still follow,
  // so that a corrupt count cannot trigger a huge allocation.
  void check_room(std::uint64_t n, std::size_t bytes_each, const char* what);

  // Throws InputError: the file, `what`, the byte offset, what is accepted.
  [[noreturn]] void fail(const std::string& what) const;
  // The same without the offset, for a fault of the whole file.
  [[noreturn]] void fail_file(const std::string& what) const;

 private:
  void skip_whitespace();
  std::string_view token();
  void take(void* out, std::size_t n);

  std::string_view bytes_;
  std::string path_;
  std::size_t pos_ = 0;
  bool binary_ = false;
  bool swap_ = false;
};

}  // namespace tibench
