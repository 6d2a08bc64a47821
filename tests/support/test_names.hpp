// Test-name generator for suites parameterized by registry ids: gtest names
// allow only [A-Za-z0-9_], ids are kebab-case with dots.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace tibench::test {

inline std::string id_name(const ::testing::TestParamInfo<std::string>& p) {
  std::string n = p.param;
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

}  // namespace tibench::test
