// free-fall — particles under uniform gravity and nothing else
// (problems/catalog/free_fall.cpp has the equations and parameters). Registered as
// `free-fall`; this header adds the one way to build it that parameters
// cannot express: a mass of its own for every particle.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "problems/problem.hpp"

namespace tibench {

// The registered free-fall problem with `overrides` applied, n = the number
// of masses, and particle i of mass particle_masses[i] (its `m` parameter
// unused). For checks that draw the masses themselves, e.g. Gast & Schroeder
// 2014 §3.1 (claim G-M2) with unequal masses.
std::unique_ptr<Problem> make_free_fall(const std::vector<double>& particle_masses,
                                        const std::vector<std::string>& overrides = {});

}  // namespace tibench
