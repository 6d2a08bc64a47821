// The JSON record of an integrator that `tibench list` renders in every
// format (harness/cli/cmd_list.cpp), shared with the load report of a method
// file (harness/cli/cmd_list_method.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "integrators/registry.hpp"

namespace tibench::cli {

nlohmann::ordered_json integrator_json(const IntegratorInfo& info);

// `tibench list file:PATH`: the method file's load report (text or json).
int list_method_file(const std::string& id, const std::string& format);

}  // namespace tibench::cli
