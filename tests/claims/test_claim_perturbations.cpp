// Checks that can fail: for checks that take ClaimContext::scene_overrides,
// a perturbed input moves the verdict away from the unperturbed one (fast
// mode both times), so the verdict follows the measurement rather than the
// code. Each perturbation changes the physics the claim is about.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "claims/ledger.hpp"

namespace tibench {
namespace {

ClaimResult fast_result(const std::string& id, std::vector<std::string> overrides = {}) {
  ClaimContext ctx;
  ctx.fast_mode = true;
  ctx.scene_overrides = std::move(overrides);
  return run_claim(find_claim(id), ctx);
}

// The verdict the check measured: on a stand-in that lacks what the claim
// rests on, the one before run_claim reports it as at most inconclusive.
std::string measured_verdict(const ClaimResult& r) {
  if (r.measured.is_object() && r.measured.contains("stand_in"))
    return r.measured["stand_in"]["verdict_on_stand_in"];
  return to_string(r.status);
}

void expect_flip(const std::string& id, const std::vector<std::string>& overrides,
                 Verdict perturbed) {
  const ClaimResult base = fast_result(id), moved = fast_result(id, overrides);
  EXPECT_NE(measured_verdict(base), measured_verdict(moved))
      << id << ": " << base.summary << " | " << moved.summary;
  EXPECT_EQ(measured_verdict(moved), to_string(perturbed)) << id << ": " << moved.summary;
}

// A body started only 20% stretched, not from random positions: implicit
// midpoint with the damping then comes to rest as well.
TEST(LongClaimPerturbations, MildStartLetsImplicitMidpointRestInDR2Cactus) {
  expect_flip("D-R2.cactus", {"initial_shape=stretched", "stretch=1.2"}, Verdict::refuted);
}

// A stiffer cube (E = 3e7 Pa) keeps less of the impact in its elastic
// modes: fast mode's coarse cube then rebounds above 0.9 with the blend.
TEST(LongClaimPerturbations, StifferCubeReboundsWithTheBlendInDR2Spheres) {
  expect_flip("D-R2.spheres", {"E=3e7"}, Verdict::reproduced);
}

// A very soft cube (E = 1e4 Pa) inverts tetrahedra on impact even at 100
// substeps: implicit midpoint is then not plausible.
TEST(LongClaimPerturbations, SoftCubeInvertsAtAHundredSubstepsInDR2Hippo) {
  expect_flip("D-R2.hippo", {"E=1e4"}, Verdict::reproduced);
}

// Without gravity the pendulum is a free rotor, a linear system, on which
// the trapezoidal rule preserves area: "even the trapezoidal method is not
// symplectic" is then not seen, so the check must refute it.
TEST(ClaimPerturbations, LinearRotorHidesTrapezoidalNonSymplecticityInYT0) {
  expect_flip("Y-T0.rk-condition", {"g=0"}, Verdict::refuted);
}

}  // namespace
}  // namespace tibench
