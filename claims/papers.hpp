#pragma once
// The five papers the claims ledger checks, as each claim cites them
// (ClaimCheck::paper). One string per paper, so that every check of a
// paper cites it alike.
#include <string>

namespace tibench {

inline const std::string kPaperBrown2018 =
    "Brown, Overby, Forootaninia, Narain 2018 (ACM TOG 37(6):282)";
inline const std::string kPaperDinev2018 = "Dinev, Liu, Kavan 2018 (ACM TOG 37(1):9)";
inline const std::string kPaperGast2014 = "Gast & Schroeder 2014 (SCA)";
inline const std::string kPaperLoschner2020 =
    "Loeschner, Longva, Jeske, Kugelstadt, Bender 2020 (CGF)";
inline const std::string kPaperYou2025 =
    "You, Zheng, Li 2025 (Energy-Controllable Time Integration)";

}  // namespace tibench
