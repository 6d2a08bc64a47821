// Reading the [[table]] blocks of a matrix file: paper-style tables
// (harness/paper_table.hpp), checked as harness/matrix_toml.hpp describes.
#pragma once

#include "harness/matrix_toml.hpp"
#include "harness/paper_table.hpp"

namespace tibench::matrix_toml {

PaperTable read_paper_table(const MatrixFile& file, const toml::node& node);

}  // namespace tibench::matrix_toml
