// Small helpers shared by the claim checks: building registry steppers and
// taking single steps, so that every check exercises the same engines the
// benchmark runs.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"

namespace tibench::claims {

std::unique_ptr<Stepper> stepper(const std::string& integrator, const Problem& p, double h,
                                 const std::vector<std::string>& iparams = {});

// One step from s; throws std::runtime_error if the step's solver fails.
State step_once(Stepper& st, State s);

// The index of the observable `name` among p's, or -1 when p has none of
// that name; required_observable throws std::logic_error instead.
int observable_index(const Problem& p, const std::string& name);
std::size_t required_observable(const Problem& p, const std::string& name);

// The median of v (NaN when empty).
double median(std::vector<double> v);

// x to `digits` significant digits, for summaries (measured values keep
// full precision).
std::string short_real(double x, int digits = 4);

// max(|a|, |b|, floor): a scale for relative residuals.
double scale_of(double a, double b, double floor = 0.0);

// The numeric inputs a check accepts as a perturbation's "name=value"
// (ClaimContext::scene_overrides): the value of each one given, by name.
// Any other name, or a value that is not a finite number, is refused with
// an InputError naming it and the accepted names.
std::map<std::string, double> numeric_inputs(const std::vector<std::string>& overrides,
                                             const std::vector<std::string>& names);

// The value of input `name` in `inputs` (numeric_inputs), or `otherwise`
// when it was not given.
double input_or(const std::map<std::string, double>& inputs, const std::string& name,
                double otherwise);

}  // namespace tibench::claims
