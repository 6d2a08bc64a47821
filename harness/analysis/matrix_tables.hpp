// Reading the [[table]] blocks of a matrix file: paper-style tables
// (harness/analysis/paper_table.hpp), checked as core/toml_input.hpp describes.
#pragma once

#include "core/toml_input.hpp"
#include "harness/analysis/paper_table.hpp"

namespace tibench::toml_input {

PaperTable read_paper_table(const TomlFile& file, const toml::node& node);

}  // namespace tibench::toml_input
