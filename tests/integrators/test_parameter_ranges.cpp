// Every numeric parameter of every registered problem and integrator has a
// range that holds its default, keeps its finite closed ends, and refuses the
// nearest value beyond each finite end with a message naming the owner, the
// parameter, the value and the range.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "core/parameters.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

// Every numeric parameter of every registered problem and integrator, with
// a function that builds that owner's ParamSet from overrides.
struct Owned {
  std::string owner;
  ParamSpec spec;
  std::function<ParamSet(const std::vector<std::string>&)> params;
};

std::vector<Owned> numeric_parameters() {
  std::vector<Owned> out;
  for (const ProblemInfo& p : problem_registry())
    for (const ParamSpec& s : p.param_specs())
      out.push_back({"problem '" + p.id + "'", s,
                     [&p](const std::vector<std::string>& o) { return problem_params(p, o); }});
  for (const IntegratorInfo& i : integrator_registry())
    for (const ParamSpec& s : i.param_specs)
      out.push_back({"integrator '" + i.id + "'", s,
                     [&i](const std::vector<std::string>& o) { return integrator_params(i, o); }});
  std::erase_if(out, [](const Owned& o) {
    return o.spec.kind != ParamKind::real && o.spec.kind != ParamKind::integer;
  });
  return out;
}

TEST(RegistryRanges, EveryNumericParameterHasARangeHoldingItsDefault) {
  const auto all = numeric_parameters();
  ASSERT_GT(all.size(), 50u);
  for (const Owned& o : all) {
    ASSERT_TRUE(o.spec.range.has_value()) << o.owner << " " << o.spec.name;
    const Range& r = *o.spec.range;
    double x = 0;
    ASSERT_TRUE(parse_real(o.spec.default_value, x)) << o.owner << " " << o.spec.name;
    EXPECT_TRUE(r.contains(x)) << o.owner << " " << o.spec.name << " = " << o.spec.default_value
                               << " outside " << r.text(o.spec.name);
    if (!r.lower() && !r.upper()) {
      EXPECT_FALSE(r.why_unbounded().empty()) << o.owner << " " << o.spec.name;
    }
    EXPECT_NO_THROW(o.params({o.spec.name + "=" + o.spec.default_value}))
        << o.owner << " " << o.spec.name;
  }
}

// The nearest value of the parameter's kind beyond a finite end: the end
// itself when it is open, else the next double (the next integer) outside;
// beyond 0, a tiny normal double (subnormal text need not parse).
std::string just_outside(const ParamSpec& s, const Range::End& end, double direction) {
  if (!end.closed)
    return s.kind == ParamKind::integer ? std::to_string(static_cast<long>(end.value))
                                        : format_real(end.value);
  if (s.kind == ParamKind::integer) return std::to_string(static_cast<long>(end.value + direction));
  if (end.value == 0) return format_real(direction * 1e-300);
  return format_real(std::nextafter(end.value, direction * INFINITY));
}

TEST(RegistryRanges, ValuesJustOutsideEachFiniteEndAreRefusedAndTheEndsKept) {
  int ends = 0;
  for (const Owned& o : numeric_parameters()) {
    const ParamSpec& s = o.spec;
    for (auto [end, direction] : {std::pair{s.range->lower(), -1.0}, {s.range->upper(), 1.0}}) {
      if (!end) continue;
      ++ends;
      const std::string bad = just_outside(s, *end, direction);
      try {
        o.params({s.name + "=" + bad});
        ADD_FAILURE() << o.owner << ": " << s.name << " = " << bad << " accepted";
      } catch (const InputError& e) {
        const std::string msg = e.what();
        EXPECT_EQ(msg, o.owner + ": " + s.name + " = " + bad +
                           " is out of range (accepted: " + s.range->text(s.name) + ")");
      }
      if (end->closed) {
        const std::string edge = s.kind == ParamKind::integer
                                     ? std::to_string(static_cast<long>(end->value))
                                     : format_real(end->value);
        EXPECT_NO_THROW(o.params({s.name + "=" + edge}))
            << o.owner << " " << s.name << " = " << edge;
      }
    }
  }
  EXPECT_GT(ends, 50);
}

}  // namespace
}  // namespace tibench
