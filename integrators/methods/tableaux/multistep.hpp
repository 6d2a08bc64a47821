// BDF2 in its second-order form (You, Zheng & Li Eq. 3), run by its own
// engine (integrators/engines/bdf2.hpp) with a one-step starter chosen by the
// `starter` parameter. Order and A-stability are computed from the 4×4
// update matrix on (q_n, v_n, q_{n−1}, v_{n−1}).
#pragma once

#include "integrators/methods/tableaux/method_record.hpp"

namespace tibench::tableaux {

inline constexpr MethodRecord bdf2{
    .id = "bdf2",
    .name = "BDF2 (second-order form)",
    .stages = 1,
    .declared = {.order = 2, .a_stable = true},
    .citation =
        "C.F. Curtiss & J.O. Hirschfelder, PNAS 38:235-243 (1952); C.W. Gear (1971); "
        "second-order form as in You, Zheng & Li Eq. (3); A-stability: Hairer & Wanner, "
        "Solving ODEs II, Ch. V",
};

}  // namespace tibench::tableaux
