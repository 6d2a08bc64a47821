// Loading and exporting method files (integrators/methods/method_file.hpp).
#include "integrators/methods/method_file.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "core/parameters.hpp"
#include "core/toml_input.hpp"
#include "integrators/analysis/rooted_trees.hpp"
#include "integrators/engines/partitioned_rk.hpp"
#include "integrators/engines/rosenbrock.hpp"
#include "integrators/methods/coefficient_expression.hpp"
#include "integrators/methods/families.hpp"

namespace tibench {

namespace {

using toml_input::TomlFile;

constexpr int kMaxFileStages = 16;

std::vector<std::string> coefficient_keys(const std::string& family) {
  if (family == "rosenbrock") return {"alpha", "gamma", "b", "b_hat"};
  if (family == "partitioned-rk") return {"A", "A_hat", "b", "b_hat"};
  return {"A", "b", "b_hat"};
}

// Reads the values of one file; remembers the most rounded decimal literal.
class Reader {
 public:
  Reader(const std::string& text, std::string name) : file{std::move(name)} {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines_.push_back(line);
  }

  TomlFile file;
  std::map<std::string, long double> constants;
  int rounded_digits = 0;  // fewest significant digits of a rounded literal
  std::string rounded_where;

  long double value(const toml::node& n, const std::string& what) {
    if (const auto i = toml_input::integer_value(n)) return static_cast<long double>(*i);
    if (const auto* f = n.as_floating_point()) {
      if (!std::isfinite(f->get())) file.fail(n, what + " must be finite");
      note_literal(literal_text(n), n);
      return f->get();
    }
    if (const auto* s = n.as_string()) {
      try {
        const ExpressionValue v = evaluate_expression(s->get(), constants);
        if (v.rounded_literal_digits > 0) note_digits(v.rounded_literal_digits, s->get(), n);
        return v.value;
      } catch (const ExpressionError& e) {
        file.fail(n, what + ": " + e.what());
      }
    }
    file.fail(n, what + " must be a number or a string expression such as \"(2 - sqrt(2))/2\"");
  }

  // value() rounded to the double the tableau stores: an expression may
  // evaluate, in long double, beyond the range of a double ("1e300*1e300").
  double coefficient(const toml::node& n, const std::string& what) {
    const long double v = value(n, what);
    if (std::fabs(v) > static_cast<long double>(std::numeric_limits<double>::max())) {
      std::ostringstream shown;
      shown.precision(6);
      shown << v;
      file.fail(n, what + " evaluates to " + shown.str() +
                       ", beyond the range of a double (accepted: values of magnitude "
                       "at most 1.7976931348623157e+308)");
    }
    return static_cast<double>(v);
  }

  Eigen::VectorXd vector(const toml::node& n, const std::string& what) {
    const toml::array* a = n.as_array();
    if (!a || a->empty()) file.fail(n, what + " must be a nonempty array of coefficients");
    Eigen::VectorXd v(static_cast<Eigen::Index>(a->size()));
    for (std::size_t k = 0; k < a->size(); ++k)
      v[static_cast<Eigen::Index>(k)] =
          coefficient(*a->get(k), what + "[" + std::to_string(k + 1) + "]");
    return v;
  }

  // s rows; row i (1-based) lists s entries, its first i (the lower
  // triangle with the diagonal) or its first i − 1 (the strictly lower one).
  Eigen::MatrixXd matrix(const toml::node& n, const std::string& what, int s) {
    const toml::array* a = n.as_array();
    if (!a) file.fail(n, what + " must be an array of rows");
    if (static_cast<int>(a->size()) != s)
      file.fail(n, what + " has " + std::to_string(a->size()) + " rows, but b has " +
                       std::to_string(s) + " entries (accepted: one row per stage)");
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(s, s);
    for (int i = 0; i < s; ++i) {
      const toml::node& row_node = *a->get(static_cast<std::size_t>(i));
      const std::string row_name = what + " row " + std::to_string(i + 1);
      const toml::array* row = row_node.as_array();
      const int len = row ? static_cast<int>(row->size()) : -1;
      if (len != s && len != i + 1 && len != i)
        file.fail(row_node, row_name + " lists " + std::to_string(std::max(len, 0)) +
                                " entries (accepted: " + std::to_string(s) + ", its first " +
                                std::to_string(i + 1) + " with the diagonal, or its first " +
                                std::to_string(i) + " below it; the rest are zero)");
      for (int j = 0; j < len; ++j)
        m(i, j) =
            coefficient(*row->get(static_cast<std::size_t>(j)),
                        what + "[" + std::to_string(i + 1) + "][" + std::to_string(j + 1) + "]");
    }
    return m;
  }

 private:
  // The literal as written: TOML keeps no text, so it is cut from the line.
  std::string literal_text(const toml::node& n) const {
    const auto& begin = n.source().begin;
    if (begin.line == 0 || begin.line > lines_.size()) return "";
    const std::string& line = lines_[begin.line - 1];
    std::size_t k = begin.column > 0 ? begin.column - 1 : 0, end = k;
    while (end < line.size() &&
           std::string_view("0123456789+-._eE").find(line[end]) != std::string_view::npos)
      ++end;
    return line.substr(k, end - k);
  }
  void note_literal(const std::string& literal, const toml::node& n) {
    const int digits = significant_digits(literal);
    if (digits > kExactLiteralDigits) note_digits(digits, literal, n);
  }
  // The fewest digits win; among equals, the first in the file (whatever
  // the order the coefficients are read in).
  void note_digits(int digits, const std::string& text, const toml::node& n) {
    const auto line = n.source().begin.line;
    if (rounded_digits != 0 &&
        (digits > rounded_digits || (digits == rounded_digits && line >= rounded_line)))
      return;
    rounded_digits = digits;
    rounded_line = line;
    rounded_where = "inferred from " + text + " (" + file.where(n) + ")";
  }
  toml::source_index rounded_line = 0;

  std::vector<std::string> lines_;
};

std::string required_string(const Reader& r, const toml::table& root, const char* key,
                            const toml::node& where) {
  const toml::node* n = root.get(key);
  if (!n) r.file.fail(where, std::string("a method file needs ") + key + " = \"...\"");
  if (!n->is_string() || n->value<std::string>()->empty())
    r.file.fail(*n, std::string(key) + " must be a nonempty string");
  return *n->value<std::string>();
}

MethodIdentity identity(const Reader& r, const toml::table& root) {
  MethodIdentity m;
  m.id = required_string(r, root, "id", root);
  // [a-z0-9][a-z0-9._-]*
  auto plain = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'); };
  const bool valid = plain(m.id.front()) && std::all_of(m.id.begin(), m.id.end(), [&](char ch) {
                       return plain(ch) || ch == '.' || ch == '_' || ch == '-';
                     });
  if (!valid)
    r.file.fail(*root.get("id"), "invalid id '" + m.id +
                                     "' (accepted: lower-case letters, digits, '.', '_' and '-', "
                                     "starting with a letter or digit)");
  // A run is stored and reported under its id: a file taking a registry id
  // would pass its numbers off as the registry method's.
  for (const IntegratorInfo& registered : integrator_registry())
    if (registered.id == m.id)
      r.file.fail(*root.get("id"), "id '" + m.id + "' is the registry's integrator '" +
                                       registered.id + "' (" + registered.name +
                                       "); a method file needs an id of its own "
                                       "(accepted: any valid id not listed by `tibench list`)");
  m.citation = required_string(r, root, "citation", root);
  m.name = root.get("name") ? required_string(r, root, "name", root) : m.id;
  return m;
}

// [constants]: named values, each an expression over the others (any order).
void read_constants(Reader& r, const toml::table& root) {
  const toml::node* n = root.get("constants");
  if (!n) return;
  const toml::table* t = n->as_table();
  if (!t) r.file.fail(*n, "constants must be a table of name = value");
  std::vector<std::pair<std::string, const toml::node*>> pending;
  for (const auto& [key, value] : *t) {
    if (is_reserved_name(key.str()))
      r.file.fail(value, "constant '" + std::string(key.str()) +
                             "' would hide the built-in of that name (accepted: other names)");
    pending.emplace_back(std::string(key.str()), &value);
  }
  while (!pending.empty()) {
    const std::size_t before = pending.size();
    for (auto it = pending.begin(); it != pending.end();) {
      try {
        r.constants[it->first] = r.value(*it->second, "constant " + it->first);
        it = pending.erase(it);
      } catch (const InputError&) {
        ++it;
      }
    }
    if (pending.size() == before) {  // no progress: name the constants left
      std::string names;
      for (const auto& [name, node] : pending) names += (names.empty() ? "" : ", ") + name;
      try {
        (void)r.value(*pending.front().second, "constant " + pending.front().first);
      } catch (const InputError& e) {
        throw InputError(std::string(e.what()) + " (constants left unresolved: " + names +
                         "; a constant may use the others but not, through them, itself)");
      }
    }
  }
}

MethodDeclaration read_declaration(Reader& r, const toml::table& root) {
  const toml::node* n = root.get("declared");
  if (!n || !n->as_table())
    r.file.fail(n ? *n : static_cast<const toml::node&>(root),
                "a method file needs a [declared] table with at least order = p");
  const toml::table& t = *n->as_table();
  toml_input::check_keys(r.file, t,
                         {"order", "stage_order", "embedded_order", "stiffly_accurate", "a_stable",
                          "l_stable", "symplectic", "r_inf"},
                         "[declared]");
  auto integer = [&](const char* key, long long low) -> std::optional<int> {
    const toml::node* v = t.get(key);
    if (!v) return std::nullopt;
    const auto i = toml_input::integer_value(*v);
    if (!i || *i < low || *i > 99)
      r.file.fail(*v,
                  std::string(key) + " must be an integer in [" + std::to_string(low) + ", 99]");
    return static_cast<int>(*i);
  };
  auto boolean = [&](const char* key) -> std::optional<bool> {
    const toml::node* v = t.get(key);
    if (!v) return std::nullopt;
    if (!v->is_boolean()) r.file.fail(*v, std::string(key) + " must be true or false");
    return *v->value<bool>();
  };
  MethodDeclaration d;
  const auto order = integer("order", 1);
  if (!order) r.file.fail(*n, "[declared] needs order = p (the classical order its source proves)");
  d.order = *order;
  d.stage_order = integer("stage_order", 0);
  d.embedded_order = integer("embedded_order", 1);
  d.stiffly_accurate = boolean("stiffly_accurate");
  d.a_stable = boolean("a_stable");
  d.l_stable = boolean("l_stable");
  d.symplectic = boolean("symplectic");
  if (const toml::node* v = t.get("r_inf")) d.r_inf = r.coefficient(*v, "r_inf");
  return d;
}

Eigen::VectorXd optional_vector(Reader& r, const toml::table& c, const char* key, int s) {
  const toml::node* n = c.get(key);
  if (!n) return {};
  Eigen::VectorXd v = r.vector(*n, key);
  if (v.size() != s)
    r.file.fail(*n, std::string(key) + " must have " + std::to_string(s) +
                        " entries (one per stage, as b)");
  return v;
}

int stage_count(Reader& r, const toml::table& c, const toml::node& where, Eigen::VectorXd& b) {
  const toml::node* n = c.get("b");
  if (!n) r.file.fail(where, "[coefficients] needs b (the weights)");
  b = r.vector(*n, "b");
  if (b.size() > kMaxFileStages)
    r.file.fail(*n, "b has " + std::to_string(b.size()) + " entries (accepted: 1 to " +
                        std::to_string(kMaxFileStages) + " stages)");
  return static_cast<int>(b.size());
}

Eigen::MatrixXd required_matrix(Reader& r, const toml::table& c, const toml::node& where,
                                const char* key, int s) {
  const toml::node* n = c.get(key);
  if (!n) r.file.fail(where, std::string("[coefficients] needs ") + key);
  return r.matrix(*n, key, s);
}

// The stage solvers minimize an incremental potential whose inertia term
// is scaled by 1/a_ii: a negative diagonal entry makes it concave.
void require_nonnegative_diagonal(const Reader& r, const toml::table& c, const char* name,
                                  const Eigen::MatrixXd& m) {
  for (int i = 0; i < m.rows(); ++i)
    if (m(i, i) < 0)
      r.file.fail(*c.get(name), std::string(name) + "[" + std::to_string(i + 1) + "][" +
                                    std::to_string(i + 1) + "] = " + number_text(m(i, i)) +
                                    " < 0: implicit stages are solved as minimizations, which "
                                    "need diagonal entries >= 0 (accepted: A and A_hat with "
                                    "nonnegative diagonals)");
}

// Fails at the row of the first entry of `name` above its diagonal (strict:
// on it too), naming the entry: "A[i][j] = x".
void require_lower(const Reader& r, const toml::table& c, const char* name,
                   const Eigen::MatrixXd& m, bool strict, const std::string& what) {
  for (int i = 0; i < m.rows(); ++i)
    for (int j = strict ? i : i + 1; j < m.cols(); ++j) {
      if (m(i, j) == 0.0) continue;
      const toml::node* rows = c.get(name);
      const toml::node* row = rows->as_array()->get(static_cast<std::size_t>(i));
      r.file.fail(*row, what + ", not " + std::string(name) + "[" + std::to_string(i + 1) + "][" +
                            std::to_string(j + 1) + "] = " + number_text(m(i, j)));
    }
}

// The family's entry from [coefficients]; structural errors name the entry.
// `precision` is asked for once every coefficient has been read: the most
// rounded literal among them sets it.
IntegratorInfo build_entry(Reader& r, const std::string& family, const toml::table& c,
                           const toml::node& where, const MethodIdentity& id,
                           const MethodDeclaration& declared,
                           const std::function<double()>& precision) {
  Eigen::VectorXd b;
  const int s = stage_count(r, c, where, b);
  if (family == "rosenbrock") {
    RosenbrockTableau t{required_matrix(r, c, where, "alpha", s),
                        required_matrix(r, c, where, "gamma", s), b,
                        optional_vector(r, c, "b_hat", s)};
    t.precision = precision();
    require_lower(r, c, "alpha", t.alpha, true, "alpha must be strictly lower triangular");
    require_lower(r, c, "gamma", t.Gamma, false, "gamma must be lower triangular");
    for (int i = 1; i < s; ++i)
      if (t.Gamma(i, i) != t.Gamma(0, 0))
        r.file.fail(*c.get("gamma"), "gamma's diagonal must be one value, gamma[1][1] = " +
                                         number_text(t.Gamma(0, 0)) + ", not gamma[" +
                                         std::to_string(i + 1) + "][" + std::to_string(i + 1) +
                                         "] = " + number_text(t.Gamma(i, i)));
    if (t.Gamma(0, 0) == 0.0) r.file.fail(*c.get("gamma"), "gamma's diagonal must be nonzero");
    return rosenbrock_entry(id, t, declared);
  }
  if (family == "partitioned-rk") {
    PartitionedTableau t{required_matrix(r, c, where, "A", s),
                         required_matrix(r, c, where, "A_hat", s), b,
                         optional_vector(r, c, "b_hat", s)};
    if (t.b_hat.size() == 0) r.file.fail(where, "[coefficients] needs b_hat (velocity weights)");
    require_nonnegative_diagonal(r, c, "A", t.A);
    require_nonnegative_diagonal(r, c, "A_hat", t.A_hat);
    t.precision = precision();
    return partitioned_entry(id, t, declared);
  }
  ButcherTableau t = ButcherTableau::from_matrices(id.id, required_matrix(r, c, where, "A", s), b);
  t.b_hat = optional_vector(r, c, "b_hat", s);
  t.precision = precision();
  require_lower(r, c, "A", t.A, false,
                "A must be lower triangular (fully implicit tableaux have no engine)");
  require_nonnegative_diagonal(r, c, "A", t.A);
  const bool is_explicit = t.is_explicit();
  if (is_explicit != (family == "explicit-rk"))
    r.file.fail(*c.get("A"), std::string("family: declared ") + family + ", computed " +
                                 (is_explicit ? "explicit-rk (A is strictly lower triangular)"
                                              : "dirk (A has a nonzero diagonal entry)"));
  return butcher_entry(id, t, declared);
}

// `digits`, or the inference from the literals (see the header).
int coefficient_digits(Reader& r, const toml::table& root, std::string& source) {
  if (const toml::node* n = root.get("digits")) {
    const auto d = toml_input::integer_value(*n);
    if (!d || *d < 1 || *d > 17)
      r.file.fail(*n,
                  "digits must be an integer in [1, 17] (significant digits of the "
                  "printed coefficients; 16: exact to double precision)");
    source = "declared";
    return static_cast<int>(*d);
  }
  if (r.rounded_digits > 0) {
    source = r.rounded_where;
    return r.rounded_digits;
  }
  source = "exact (no decimal literal has more than " + std::to_string(kExactLiteralDigits) +
           " significant digits)";
  return 16;
}

std::string family_of(const Reader& r, const toml::table& root) {
  const std::string family = required_string(r, root, "family", root);
  const std::vector<std::string>& families = method_file_families();
  if (std::find(families.begin(), families.end(), family) == families.end())
    r.file.fail(*root.get("family"), "unknown family '" + family +
                                         "' (accepted: " + toml_input::comma_list(families) + ")");
  return family;
}

}  // namespace

MethodFile parse_method_file(const std::string& text, const std::string& source_name) {
  Reader r(text, source_name);
  const toml::table root =
      toml_input::parse_document(text, source_name, "TOML v1.0 as in docs/method-files.md");
  toml_input::check_keys(
      r.file, root,
      {"id", "name", "family", "citation", "digits", "constants", "coefficients", "declared"},
      "a method file");
  MethodFile out;
  out.path = source_name;
  out.text = text;
  const MethodIdentity id = identity(r, root);
  const std::string family = family_of(r, root);
  read_constants(r, root);
  const toml::node* cn = root.get("coefficients");
  if (!cn || !cn->as_table())
    r.file.fail(cn ? *cn : static_cast<const toml::node&>(root),
                "a method file needs a [coefficients] table (" +
                    toml_input::comma_list(coefficient_keys(family)) + " for family " + family +
                    ")");
  const toml::table& c = *cn->as_table();
  if (const toml::node* nodes = c.get("c"))
    r.file.fail(*nodes, "c is not given: it is the row sums of " +
                            std::string(family == "rosenbrock" ? "alpha" : "A") + " (accepted: " +
                            toml_input::comma_list(coefficient_keys(family)) + ")");
  toml_input::check_keys(r.file, c, coefficient_keys(family), "[coefficients] of family " + family);
  const MethodDeclaration declared = read_declaration(r, root);
  const auto precision = [&] {
    out.digits = coefficient_digits(r, root, out.digits_source);
    return precision_of_digits(out.digits);
  };
  try {
    out.info = finish_entry(build_entry(r, family, c, *cn, id, declared, precision));
    // A file's declaration is checked as it loads, before any work: the
    // deferred analysis runs now (the registry defers it to first use).
    (void)out.info.computed();
  } catch (const RegistryError& e) {
    throw InputError(r.file.where(*root.get("declared")) + ": " + e.what());
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {  // an engine refusing the tableau during the analysis
    throw InputError(source_name + ": the properties of '" + id.id +
                     "' cannot be computed: " + e.what());
  }
  return out;
}

const std::vector<std::string>& method_file_families() {
  static const std::vector<std::string> families = {"explicit-rk", "dirk", "rosenbrock",
                                                    "partitioned-rk"};
  return families;
}

MethodFile load_method_file(const std::string& path) {
  return parse_method_file(toml_input::read_input_file(path, "method file", "docs/method-files.md"),
                           path);
}

namespace {

struct LoadedFiles {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<MethodFile>, std::less<>> by_id;
};

LoadedFiles& loaded_files() {
  static LoadedFiles files;
  return files;
}

}  // namespace

const MethodFile* method_file_of(std::string_view id) {
  if (!id.starts_with(kMethodFilePrefix)) return nullptr;
  LoadedFiles& files = loaded_files();
  const std::lock_guard<std::mutex> lock(files.mutex);
  if (auto it = files.by_id.find(id); it != files.by_id.end()) return it->second.get();
  const std::string path(id.substr(kMethodFilePrefix.size()));
  if (path.empty())
    throw InputError("integrator 'file:' names no file (accepted: file:PATH to a method file)");
  auto loaded = std::make_unique<MethodFile>(load_method_file(path));
  return files.by_id.emplace(std::string(id), std::move(loaded)).first->second.get();
}

const IntegratorInfo& resolve_integrator(std::string_view id) {
  if (const MethodFile* file = method_file_of(id)) return file->info;
  return find_integrator(id);
}

}  // namespace tibench
