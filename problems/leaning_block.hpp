// The leaning-block scene of Brown et al. 2018 Fig. 9 (problems/leaning_block.cpp:
// why it is not a registry problem yet).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

// The scene with parameter overrides ("lean=50", "mu=0.6", ...); throws
// InputError for bad ones.
std::unique_ptr<Problem> make_leaning_block(const std::vector<std::string>& overrides);

}  // namespace tibench
