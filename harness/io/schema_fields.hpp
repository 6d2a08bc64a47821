// The fields of one kind of group of the tibench/1 schema (a run, a claim)
// as tables whose entries both write a record's values and declare them.
//
// Every file carries a declaration of its layout (the root attribute
// schema_description, docs/hdf5-schema.md "The declaration"): JSON generated
// from the same tables the writers iterate, so it cannot name a field that is
// not written or miss one that is, and readers (python/tibench) take names,
// types, shapes and roles from the file instead of a copy of this code. An
// entry's type is deduced from the value it writes, never typed by hand.
#pragma once

#include <H5Cpp.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "harness/io/h5io.hpp"

namespace tibench::schema {

// The declared type of a value written as T (h5io.hpp's attr and dataset).
template <class T>
constexpr const char* type_of() {
  if constexpr (std::is_same_v<T, double>) {
    return "float64";
  } else if constexpr (std::is_same_v<T, long long>) {
    return "int64";
  } else if constexpr (std::is_same_v<T, bool>) {
    return "bool";  // int8, 0 or 1
  } else {
    static_assert(std::is_same_v<T, std::string> || std::is_same_v<T, const char*>,
                  "no declared type for this value");
    return "string";  // fixed-length UTF-8
  }
}

// An attribute: its role tells a reader what the value is for ("identity",
// "result", "reference", "parameters": JSON of the parameters, "metric").
template <class Record>
struct Attribute {
  const char* name;
  const char* type;  // type_of, or "json": a string holding JSON
  const char* role;
  std::string meaning;
  void (*write)(H5::H5Object& group, const Attribute& self, const Record& record);
};

// The attribute `name` holding Get{}(record).
template <class Record, class Get>
Attribute<Record> attribute(const char* name, const char* role, std::string meaning, Get) {
  using T = std::decay_t<std::invoke_result_t<Get, const Record&>>;
  return {name, type_of<T>(), role, std::move(meaning),
          [](H5::H5Object& g, const Attribute<Record>& a, const Record& r) {
            h5::attr(g, a.name, Get{}(r));
          }};
}

// The same for a string holding JSON.
template <class Record, class Get>
Attribute<Record> json_attribute(const char* name, const char* role, std::string meaning, Get get) {
  static_assert(
      std::is_same_v<std::decay_t<std::invoke_result_t<Get, const Record&>>, std::string>);
  Attribute<Record> a = attribute<Record>(name, role, std::move(meaning), get);
  a.type = "json";
  return a;
}

// A dataset of shape {rows} or {rows, cols}, named dimensions or fixed sizes
// ("3"). `when` null: always written; otherwise written only when not empty,
// and `when` says when that is.
template <class Record>
struct Dataset {
  const char* name;
  const char* type;
  std::array<const char*, 2> shape;  // shape[1] null: one-dimensional
  const char* when;
  std::string meaning;
  void (*write)(H5::Group& group, const Dataset& self, const Record& record);
};

// A one-dimensional dataset holding Get{}(record) (a std::vector).
template <class Record, class Get>
Dataset<Record> vector_dataset(const char* name, const char* rows, const char* when,
                               std::string meaning, Get) {
  using T = typename std::decay_t<std::invoke_result_t<Get, const Record&>>::value_type;
  return {name,
          type_of<T>(),
          {rows, nullptr},
          when,
          std::move(meaning),
          [](H5::Group& g, const Dataset<Record>& d, const Record& r) {
            const auto& data = Get{}(r);
            if (d.when && data.empty()) return;
            h5::dataset(g, d.name, data);
          }};
}

// A rows × Cols{}(record) dataset of the row-major Get{}(record).
template <class Record, class Get, class Cols>
Dataset<Record> matrix_dataset(const char* name, std::array<const char*, 2> shape, const char* when,
                               std::string meaning, Get, Cols) {
  using T = typename std::decay_t<std::invoke_result_t<Get, const Record&>>::value_type;
  return {name,
          type_of<T>(),
          shape,
          when,
          std::move(meaning),
          [](H5::Group& g, const Dataset<Record>& d, const Record& r) {
            const auto& data = Get{}(r);
            if (d.when && data.empty()) return;
            h5::matrix_dataset(g, d.name, data, static_cast<std::size_t>(Cols{}(r)));
          }};
}

// A group below the record's group, written by `write` when `when` holds.
// With member_type set, it holds one dataset per name, all of member_shape
// (observables); otherwise a layout of its own that `meaning` points to.
template <class Record>
struct Subgroup {
  const char* name;
  const char* when;
  const char* member_type;  // null: a layout of its own
  std::array<const char*, 2> member_shape;
  std::string meaning;
  void (*write)(H5::H5File& f, const std::string& path, const Record& record);  // path: the group
};

// A dimension: a fixed size ("3") as a number, a name as text.
inline nlohmann::ordered_json dimension(const std::string& d) {
  const bool digits = !d.empty() && std::all_of(d.begin(), d.end(), [](unsigned char c) {
    return std::isdigit(c) != 0;
  });
  return digits ? nlohmann::ordered_json(std::stoll(d)) : nlohmann::ordered_json(d);
}

inline nlohmann::ordered_json shape(const std::array<const char*, 2>& s) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const char* d : s)
    if (d) out.push_back(dimension(d));
  return out;
}

// {name: {type, role, meaning}, ...} in table order.
template <class Record>
nlohmann::ordered_json describe(const std::vector<Attribute<Record>>& table) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& a : table)
    out[a.name] = {{"type", a.type}, {"role", a.role}, {"meaning", a.meaning}};
  return out;
}

// {name: {type, shape, written, meaning}, ...}; written: "always" or when.
template <class Record>
nlohmann::ordered_json describe(const std::vector<Dataset<Record>>& table) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& d : table)
    out[d.name] = {{"type", d.type},
                   {"shape", shape(d.shape)},
                   {"written", d.when ? d.when : "always"},
                   {"meaning", d.meaning}};
  return out;
}

// {name: {written, [members: {type, shape}], meaning}, ...}.
template <class Record>
nlohmann::ordered_json describe(const std::vector<Subgroup<Record>>& table) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& s : table) {
    nlohmann::ordered_json& e = out[s.name];
    e["written"] = s.when ? s.when : "always";
    if (s.member_type) e["members"] = {{"type", s.member_type}, {"shape", shape(s.member_shape)}};
    e["meaning"] = s.meaning;
  }
  return out;
}

}  // namespace tibench::schema
