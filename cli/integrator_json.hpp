// The JSON record of an integrator that `tibench list` renders in every
// format (cli/cmd_list.cpp), shared with the load report of a method
// file (cli/cmd_list_method.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "integrators/methods/registry.hpp"

namespace tibench::cli {

nlohmann::ordered_json integrator_json(const IntegratorInfo& info);

// A property that may be absent: its value, or null.
template <class T>
nlohmann::ordered_json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

// `tibench list file:PATH`: the method file's load report (text or json).
int list_method_file(const std::string& id, const std::string& format);

}  // namespace tibench::cli
