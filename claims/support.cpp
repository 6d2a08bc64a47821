#include "claims/support.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace tibench::claims {

std::unique_ptr<Stepper> stepper(const std::string& integrator, const Problem& p, double h,
                                 const std::vector<std::string>& iparams) {
  const IntegratorInfo& info = find_integrator(integrator);
  return info.make(p, h, integrator_params(info, iparams));
}

int observable_index(const Problem& p, const std::string& name) {
  const auto names = p.observable_names();
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

std::size_t required_observable(const Problem& p, const std::string& name) {
  const int k = observable_index(p, name);
  if (k < 0) throw std::logic_error(std::string(p.id()) + " has no observable " + name);
  return static_cast<std::size_t>(k);
}

State step_once(Stepper& st, State s) {
  const StepReport r = st.step(s);
  if (r.status != StepStatus::ok) throw std::runtime_error(r.message);
  return s;
}

double median(std::vector<double> v) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string short_real(double x, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

double scale_of(double a, double b, double floor) {
  return std::max({std::abs(a), std::abs(b), floor});
}

std::map<std::string, double> numeric_inputs(const std::vector<std::string>& overrides,
                                             const std::vector<std::string>& names) {
  std::string accepted;
  for (const auto& n : names) accepted += (accepted.empty() ? "" : ", ") + n + "=NUMBER";
  std::map<std::string, double> values;
  for (const std::string& o : overrides) {
    const auto eq = o.find('=');
    const std::string name = o.substr(0, eq);
    double x = 0;
    if (eq == std::string::npos || std::find(names.begin(), names.end(), name) == names.end() ||
        !parse_real(o.substr(eq + 1), x) || !std::isfinite(x))
      throw InputError("invalid input '" + o + "' (accepted: " + accepted + ")");
    values[name] = x;
  }
  return values;
}

double input_or(const std::map<std::string, double>& inputs, const std::string& name,
                double otherwise) {
  const auto it = inputs.find(name);
  return it == inputs.end() ? otherwise : it->second;
}

}  // namespace tibench::claims
