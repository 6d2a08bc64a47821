// Method files: a tableau method as a TOML file, loaded at run time into the
// same kind of registry entry as a compiled record (docs/method-files.md).
//
//   id = "kvaerno-esdirk3"                  # [a-z0-9][a-z0-9._-]*
//   name = "ESDIRK3(2)4L[2]SA (Kvaerno)"    # optional (default: id)
//   family = "dirk"                         # explicit-rk | dirk | rosenbrock | partitioned-rk
//   citation = "A. Kvaerno, BIT 44 (2004) ..."
//   digits = 10                             # optional: significant digits the
//                                           #   coefficients were printed to
//   [constants]                             # optional named values
//   gamma = "0.4358665215"
//   [coefficients]                          # per family, below
//   A = [[0, 0, 0], ["gamma", "gamma", 0], [...]]
//   b = [...]
//   b_hat = [...]                           # optional embedded weights
//   [declared]                              # what the source claims
//   order = 3
//   embedded_order = 2                      # and stage_order, stiffly_accurate,
//                                           #   a_stable, l_stable, symplectic, r_inf
//
// Coefficients per family: explicit-rk and dirk take A (s × s, lower
// triangular; a row may list only its first i entries, i = row number, the
// rest being zero) and b, b_hat; rosenbrock takes alpha (strictly lower),
// gamma (lower, constant diagonal γ), b, b_hat in Hairer–Wanner form;
// partitioned-rk takes A, b (positions) and A_hat, b_hat (velocities).
// Every entry is a number or a string expression (harness/coefficient_
// expression.hpp) over the [constants].
//
// Precision: the order is judged against the coefficients' relative
// precision ε = ½·10^(1−d) (integrators/analysis/rooted_trees.hpp), d = `digits` when
// given, otherwise the fewest significant digits of any decimal literal with
// more than 6 of them (a shorter literal such as 0.25 is read as exact), and
// 16 (exact to double precision) when there is none.
//
// On load the entry builder of the family computes every property and
// compares the declaration; a disagreement, a malformed file or a value out
// of range is an InputError naming the file, the line where it can be named,
// and what is accepted (exit 2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "integrators/methods/registry.hpp"

namespace tibench {

// Integrator ids of the form "file:PATH" name method files.
inline constexpr std::string_view kMethodFilePrefix = "file:";

struct MethodFile {
  std::string path;
  std::string text;  // the file as read (kept for provenance)
  int digits = 16;
  std::string digits_source;  // "declared", "inferred from ... (line n)" or "exact"
  IntegratorInfo info;
};

// explicit-rk, dirk, rosenbrock, partitioned-rk
const std::vector<std::string>& method_file_families();

MethodFile load_method_file(const std::string& path);
MethodFile parse_method_file(const std::string& text, const std::string& source_name);

// The id an exported registry entry takes in its file: "<id>-file" (a file
// may not take a registry id).
std::string exported_id(const IntegratorInfo& info);

// A registry entry as a method file (`tibench export`): coefficients with 17
// significant digits (they read back as the same doubles), digits = 16, the
// declared properties and the citation. Throws InputError for entries with
// no coefficient table (code-defined methods), naming the exportable
// families.
std::string method_file_text(const IntegratorInfo& info);

// A registry id, or "file:PATH" (loaded once per PATH and kept for the
// process); InputError naming the id or the file otherwise.
const IntegratorInfo& resolve_integrator(std::string_view id);
// The loaded file behind a "file:PATH" id (loading it if needed); nullptr
// for registry ids.
const MethodFile* method_file_of(std::string_view id);

}  // namespace tibench
