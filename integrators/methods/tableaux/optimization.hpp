// The optimization-based integrators of Brown, Overby, Forootaninia & Narain
// (2018): one-stage rules written as minimizations of an incremental
// potential plus a dissipation term (their Table 1, Eq. 31; TR-BDF2 §4.3,
// Eqs. 32-37). Each rule runs the generic optimization engine
// (integrators/engines/optimization_integrators.hpp); order and A-/L-stability are
// computed from the update matrix on the damped oscillator.
#pragma once

#include "integrators/engines/optimization_integrators.hpp"
#include "integrators/methods/tableaux/method_record.hpp"

namespace tibench::tableaux {

struct OptimizationRecord {
  MethodRecord method;
  OneStageRule rule;
};

inline constexpr OptimizationRecord opt_backward_euler{
    .method = {.id = "opt-backward-euler",
               .name = "Backward Euler (optimization form)",
               .stages = 1,
               .declared = {.order = 1, .a_stable = true, .l_stable = true},
               .citation = "J. Brown, M. Overby, Z. Forootaninia, R. Narain, Accurate dissipative "
                           "forces in optimization integrators, ACM TOG 37(6):282 (2018), Table 1 "
                           "and Eq. 31"},
    .rule = OneStageRule::backward_euler,
};

inline constexpr OptimizationRecord opt_trapezoidal{
    .method = {.id = "opt-trapezoidal",
               .name = "Trapezoidal rule (optimization form)",
               .stages = 1,
               .declared = {.order = 2, .a_stable = true, .l_stable = false},
               .citation = "J. Brown, M. Overby, Z. Forootaninia, R. Narain, Accurate dissipative "
                           "forces in optimization integrators, ACM TOG 37(6):282 (2018), Table 1 "
                           "and Eq. 31"},
    .rule = OneStageRule::trapezoidal,
};

inline constexpr OptimizationRecord opt_bdf2{
    .method = {.id = "opt-bdf2",
               .name = "BDF2 (optimization form)",
               .stages = 1,
               .declared = {.order = 2, .a_stable = true},
               .citation = "J. Brown, M. Overby, Z. Forootaninia, R. Narain, Accurate dissipative "
                           "forces in optimization integrators, ACM TOG 37(6):282 (2018), Table 1 "
                           "and Eq. 31"},
    .rule = OneStageRule::bdf2,
};

inline constexpr OptimizationRecord opt_tr_bdf2{
    .method = {.id = "opt-tr-bdf2",
               .name = "TR-BDF2 (optimization form, gamma = 2 - sqrt 2)",
               .stages = 2,
               .declared = {.order = 2, .a_stable = true, .l_stable = true},
               .citation = "J. Brown, M. Overby, Z. Forootaninia, R. Narain, Accurate dissipative "
                           "forces in optimization integrators, ACM TOG 37(6):282 (2018), Sec. "
                           "4.3, Eqs. 32-37 (L-stability claim)"},
    .rule = OneStageRule::tr_bdf2,
};

}  // namespace tibench::tableaux
