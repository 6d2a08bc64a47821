// Tableau properties: the rooted-tree machinery, the stability function, the
// stability classification, and the registry's refusal of records whose
// declared properties disagree with the computed ones (every entry, every
// property).
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>

#include "integrators/analysis/rooted_trees.hpp"
#include "integrators/methods/families.hpp"
#include "integrators/methods/registry.hpp"
#include "integrators/methods/tableaux/constexpr_math.hpp"

namespace tibench {
namespace {

// Entries with a tableau (records and parametric families).
std::vector<const IntegratorInfo*> tableau_entries() {
  std::vector<const IntegratorInfo*> out;
  for (const auto& i : integrator_registry())
    if (i.tableau) out.push_back(&i);
  return out;
}

std::vector<const IntegratorInfo*> record_entries() {
  std::vector<const IntegratorInfo*> out;
  for (const auto& i : integrator_registry())
    if (i.record) out.push_back(&i);
  return out;
}

TEST(RootedTrees, CountsPerOrderAreTheKnownSequence) {
  // Number of rooted trees with n nodes (OEIS A000081): 1, 1, 2, 4, 9, 20.
  const auto& trees = rooted_trees(6);
  std::vector<int> count(7, 0);
  for (const auto& t : trees) ++count[t.order];
  EXPECT_EQ(count, (std::vector<int>{0, 1, 1, 2, 4, 9, 20}));
}

TEST(RootedTrees, DensitiesOfSmallTrees) {
  // γ(•) = 1, γ([•]) = 2, γ([•,•]) = 3, γ([[•]]) = 6 (HNW I, Table II.2.1).
  const auto& t = rooted_trees(3);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].density, 1.0);
  EXPECT_EQ(t[1].density, 2.0);
  std::vector<double> order3{t[2].density, t[3].density};
  std::sort(order3.begin(), order3.end());
  EXPECT_EQ(order3, (std::vector<double>{3.0, 6.0}));
}

TEST(ConstexprMath, SqrtWithinOneUlpOfStd) {
  for (double x : {2.0, 3.0, 0.5, 1e-8, 12345.678, 6.0}) {
    const double a = tableaux::csqrt(x), b = std::sqrt(x);
    EXPECT_LE(std::abs(a - b), std::nextafter(b, INFINITY) - b) << x;
  }
}

TEST(Registry, EveryEntryDeclaresWhatIsComputed) {
  for (const auto& i : integrator_registry()) {
    const auto mism = declaration_mismatches(i.declared, i.computed());
    EXPECT_TRUE(mism.empty()) << i.id << ": " << (mism.empty() ? "" : mism.front());
    EXPECT_EQ(i.declared.order, i.computed().order) << i.id;
    EXPECT_FALSE(i.computed().order_source.empty()) << i.id;
  }
}

TEST(Tableaux, CIsDerivedAsRowSums) {
  for (const IntegratorInfo* i : tableau_entries())
    EXPECT_LT((i->tableau->c - i->tableau->A.rowwise().sum()).cwiseAbs().maxCoeff(), 1e-15);
}

TEST(Tableaux, StabilityFunctionMatchesTheResolventFormula) {
  // R(z) = 1 + z bᵀ (I − zA)⁻¹ e, evaluated directly, against P/Q.
  const std::complex<double> samples[] = {
      {-0.3, 0.2}, {0.0, 1.5}, {-4.0, -2.0}, {0.7, 0.1}, {-50.0, 3.0}};
  for (const IntegratorInfo* i : tableau_entries()) {
    const auto& t = *i->tableau;
    const Eigen::MatrixXcd A = t.A.cast<std::complex<double>>();
    const Eigen::VectorXcd b = t.b.cast<std::complex<double>>();
    const Eigen::VectorXcd e = Eigen::VectorXcd::Ones(t.stages());
    for (auto z : samples) {
      const Eigen::MatrixXcd I = Eigen::MatrixXcd::Identity(t.stages(), t.stages());
      // Forward substitution for lower-triangular A (LU with pivoting would
      // mix rows and lose accuracy at large |z|), LU otherwise.
      const Eigen::MatrixXcd S = I - z * A;
      const Eigen::VectorXcd Y = t.is_lower_triangular()
                                     ? Eigen::VectorXcd(S.triangularView<Eigen::Lower>().solve(e))
                                     : Eigen::VectorXcd(S.partialPivLu().solve(e));
      const std::complex<double> direct = 1.0 + z * b.dot(Y);  // dot conjugates b: b is real
      const auto& R = i->tableau_properties->R;
      const std::complex<double> rational = R(z);
      // Each side is accurate to rounding relative to its own condition:
      // Σ|P_k||z|^k / |Q(z)| for P/Q, |z| Σ|b_i||Y_i| for the resolvent sum.
      double magnitude = 0;
      for (std::size_t k = 0; k < R.P.coeffs.size(); ++k)
        magnitude += std::abs(R.P.coeffs[k]) * std::pow(std::abs(z), double(k));
      const double condition =
          std::max(magnitude / std::abs(R.Q(z)), std::abs(z) * t.b.cwiseAbs().dot(Y.cwiseAbs()));
      EXPECT_LT(std::abs(direct - rational), 1e-12 * (1 + condition)) << i->id << " z=" << z;
    }
  }
}

// A method of order p has R(z) = e^z + O(z^{p+1}): the Taylor coefficients of
// P/Q equal 1/k! for k ≤ p (and, generically, not at k = p + 1).
TEST(Tableaux, StabilityFunctionAgreesWithExpToTheOrder) {
  for (const IntegratorInfo* i : tableau_entries()) {
    const auto& R = i->tableau_properties->R;
    const int p = i->tableau_properties->order;
    // Series of P/Q: r_k = (P_k − Σ_{j=1..k} Q_j r_{k−j}) / Q_0.
    std::vector<double> r;
    for (int k = 0; k <= p; ++k) {
      double v = R.P.coefficient(k);
      for (int j = 1; j <= k; ++j) v -= R.Q.coefficient(j) * r[static_cast<std::size_t>(k - j)];
      r.push_back(v / R.Q.coefficient(0));
    }
    double factorial = 1;
    for (int k = 0; k <= p; ++k) {
      if (k > 0) factorial *= k;
      EXPECT_NEAR(r[static_cast<std::size_t>(k)], 1.0 / factorial, 1e-12) << i->id << " k=" << k;
    }
  }
}

// Every declared property of every record, flipped in a copy of the record,
// is refused with a message naming the method and the property.
TEST(Tableaux, RegistryRefusesRecordsWhoseDeclarationDisagrees) {
  for (const IntegratorInfo* i : record_entries()) {
    auto expect_refused = [&](tableaux::ButcherRecord r, const std::string& property) {
      try {
        (void)butcher_entry(r);
        ADD_FAILURE() << i->id << ": wrong " << property << " accepted";
      } catch (const RegistryError& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("'" + i->id + "'"), std::string::npos) << msg;
        EXPECT_NE(msg.find(property), std::string::npos) << msg;
      }
    };
    // Butcher records declare every property the tableau theory computes.
    tableaux::ButcherRecord r = *i->record;
    r.declared.order += 1;
    expect_refused(r, "order");
    r = *i->record;
    r.declared.stage_order = r.declared.stage_order.value() + 1;
    expect_refused(r, "stage_order");
    const std::pair<std::optional<bool> MethodDeclaration::*, const char*> flags[] = {
        {&MethodDeclaration::stiffly_accurate, "stiffly_accurate"},
        {&MethodDeclaration::a_stable, "a_stable"},
        {&MethodDeclaration::l_stable, "l_stable"},
        {&MethodDeclaration::symplectic, "symplectic"}};
    for (auto [field, name] : flags) {
      r = *i->record;
      r.declared.*field = !(r.declared.*field).value();
      expect_refused(r, name);
    }
    if (i->record->declared.embedded_order) {
      r = *i->record;
      r.declared.embedded_order = *r.declared.embedded_order + 1;
      expect_refused(r, "embedded_order");
    }
    // A perturbed coefficient breaks the consistency condition Σ b = 1.
    r = *i->record;
    r.b[0] += 1e-6;
    expect_refused(r, "order");
  }
}

// Whatever the family, every property an entry declares is compared with
// the computed one: changing it in a copy of the entry is refused, naming it.
TEST(Registry, EveryDeclaredPropertyOfEveryEntryIsChecked) {
  auto expect_refused = [](IntegratorInfo probe, const std::string& property) {
    try {
      check_declaration(probe);
      ADD_FAILURE() << probe.id << ": wrong " << property << " accepted";
    } catch (const RegistryError& e) {
      EXPECT_NE(std::string(e.what()).find(property + ": declared"), std::string::npos) << e.what();
    }
  };
  for (const IntegratorInfo& info : integrator_registry()) {
    EXPECT_NO_THROW(check_declaration(info)) << info.id;
    IntegratorInfo probe = info;
    probe.declared.order += 1;
    expect_refused(probe, "order");
    const std::pair<std::optional<int> MethodDeclaration::*, const char*> counts[] = {
        {&MethodDeclaration::stage_order, "stage_order"},
        {&MethodDeclaration::embedded_order, "embedded_order"}};
    for (auto [field, name] : counts)
      if (info.declared.*field) {
        probe = info;
        probe.declared.*field = *(info.declared.*field) + 1;
        expect_refused(probe, name);
      }
    const std::pair<std::optional<bool> MethodDeclaration::*, const char*> flags[] = {
        {&MethodDeclaration::stiffly_accurate, "stiffly_accurate"},
        {&MethodDeclaration::a_stable, "a_stable"},
        {&MethodDeclaration::l_stable, "l_stable"},
        {&MethodDeclaration::symplectic, "symplectic"}};
    for (auto [field, name] : flags)
      if (info.declared.*field) {
        probe = info;
        probe.declared.*field = !*(info.declared.*field);
        expect_refused(probe, name);
      }
    if (info.declared.r_inf) {
      probe = info;
      probe.declared.r_inf = *info.declared.r_inf + 10 * kDeclaredRInfTolerance;
      expect_refused(probe, "r_inf");
    }
  }
}

TableauProperties props(Eigen::MatrixXd A, Eigen::VectorXd b) {
  return compute_properties(ButcherTableau::from_matrices("probe", std::move(A), std::move(b)));
}

// A(α): 90 exactly for the A-stable stability functions of the registry,
// NaN where even the negative real axis is not stable (explicit methods).
TEST(StabilityClassification, AAlphaAngleAgreesWithAStabilityAcrossTheRegistry) {
  for (const IntegratorInfo& info : integrator_registry()) {
    if (!info.stability_function) continue;
    const double alpha = a_alpha_degrees(*info.stability_function);
    if (info.computed().a_stable.value_or(false))
      EXPECT_EQ(alpha, 90.0) << info.id;
    else if (info.is_explicit)
      EXPECT_TRUE(std::isnan(alpha)) << info.id << ": " << alpha;
    else
      EXPECT_TRUE(std::isnan(alpha) || (alpha >= 0 && alpha < 90)) << info.id << ": " << alpha;
  }
}

// R(z) = 1/(1 − z + z²) is stable near the negative real axis but not on
// the imaginary axis (|Q(iy)|² = 1 − y² + y⁴ < 1 for 0 < y < 1): its A(α)
// lies strictly inside (0°, 90°). Checked against a dense,
// independent sampling of the sector: stable up to α − 0.05°, not at α + 0.05°.
TEST(StabilityClassification, AAlphaAngleBoundsTheStableSector) {
  const StabilityFunction R{{{1.0}}, {{1.0, -1.0, 1.0}}};
  const double alpha = a_alpha_degrees(R);
  ASSERT_GT(alpha, 0.0);
  ASSERT_LT(alpha, 90.0);
  auto max_on_ray = [&](double degrees) {
    double worst = 0;
    for (int k = 0; k <= 20000; ++k) {
      const double r = std::pow(10.0, -5.0 + 11.0 * k / 20000);
      worst = std::max(worst, std::abs(R(-r * std::polar(1.0, degrees * M_PI / 180))));
    }
    return worst;
  };
  for (double t = 0; t <= alpha - 0.05; t += (alpha - 0.05) / 40)
    EXPECT_LE(max_on_ray(t), 1.0 + 1e-10) << "theta " << t;
  EXPECT_GT(max_on_ray(alpha + 0.05), 1.0 + 1e-10);
}

// Orders from residuals against the coefficients' precision
// (integrators/analysis/rooted_trees.hpp): every registry tableau, its coefficients
// rounded to 10, 12 and 16 significant digits as a paper prints them, keeps
// its declared order when judged at that precision; a coefficient wrong by
// one part in a million (its largest weight) drops it to order 0, its
// residual more than 10x the allowance (10^3x at 12 digits, 10^7x at 16).
double rounded(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  return std::strtod(buf, nullptr);
}

TEST(Tableaux, OrdersSurviveCoefficientsRoundedAsPrinted) {
  int tested = 0;
  for (const IntegratorInfo& info : integrator_registry()) {
    if (!info.record) continue;
    const ButcherTableau t = ButcherTableau::from_record(*info.record);
    for (int digits : {10, 12, 16}) {
      const Eigen::MatrixXd A = t.A.unaryExpr([&](double x) { return rounded(x, digits); });
      const Eigen::VectorXd b = t.b.unaryExpr([&](double x) { return rounded(x, digits); });
      const OrderEvidence e = order_evidence(A, b, kMaxCheckedOrder, precision_of_digits(digits));
      EXPECT_EQ(e.order, std::min(info.declared.order, kMaxCheckedOrder))
          << info.id << " at " << digits << " digits";
      Eigen::VectorXd wrong = b;
      Eigen::Index k = 0;
      wrong.cwiseAbs().maxCoeff(&k);
      wrong[k] *= 1 + 1e-6;
      const OrderEvidence w =
          order_evidence(A, wrong, kMaxCheckedOrder, precision_of_digits(digits));
      EXPECT_EQ(w.order, 0) << info.id << " at " << digits << " digits";
      EXPECT_GT(w.relative_residual[0], 10 * kOrderSafety * w.precision)
          << info.id << " at " << digits << " digits";
    }
    ++tested;
  }
  EXPECT_GT(tested, 10);
}

TEST(StabilityClassification, ThetaMethodsAcrossTheHalf) {
  // One-stage θ-method A = [θ], b = [1]: R = (1 + (1−θ)z)/(1 − θz).
  // A-stable iff θ ≥ ½; L-stable iff θ = 1 (HW II §IV.3).
  for (double theta : {0.25, 0.45, 0.5, 0.6, 1.0}) {
    const auto p = props(Eigen::MatrixXd::Constant(1, 1, theta), Eigen::VectorXd::Ones(1));
    EXPECT_EQ(p.a_stable, theta >= 0.5) << theta;
    EXPECT_EQ(p.l_stable, theta == 1.0) << theta;
    EXPECT_NEAR(p.r_inf, -(1 - theta) / theta, 1e-14) << theta;
  }
}

TEST(StabilityClassification, NegativeDiagonalPutsAPoleInTheLeftHalfPlane) {
  Eigen::MatrixXd A(2, 2);
  A << -0.2, 0.0, 0.7, 0.5;
  const auto p = props(A, Eigen::Vector2d(0.5, 0.5));
  EXPECT_FALSE(p.poles_in_right_half_plane);
  EXPECT_FALSE(p.a_stable);
}

TEST(StabilityClassification, NarrowExcursionAboveOneOnTheAxisIsCaught) {
  // θ slightly below ½: |R(iy)| exceeds 1 only by O(½ − θ); the critical
  // points of E(y) catch it even where sampling would be marginal.
  const auto p = props(Eigen::MatrixXd::Constant(1, 1, 0.5 - 1e-7), Eigen::VectorXd::Ones(1));
  EXPECT_GT(p.max_abs_r_imag_axis, 1.0);
  EXPECT_FALSE(p.a_stable);
}

TEST(StabilityClassification, ExplicitMethodsAreUnboundedAtInfinity) {
  for (const IntegratorInfo* i : tableau_entries())
    if (i->is_explicit) {
      EXPECT_TRUE(std::isinf(i->tableau_properties->r_inf)) << i->id;
      EXPECT_FALSE(i->tableau_properties->a_stable) << i->id;
    }
}

TEST(Symplecticity, GaussMethodsSatisfyCoopersCondition) {
  // Two-stage Gauss (order 4) is symplectic; its property computation does
  // not depend on having an engine for it.
  const double r3 = std::sqrt(3.0);
  Eigen::MatrixXd A(2, 2);
  A << 0.25, 0.25 - r3 / 6, 0.25 + r3 / 6, 0.25;
  const auto p = props(A, Eigen::Vector2d(0.5, 0.5));
  EXPECT_TRUE(p.symplectic);
  EXPECT_EQ(p.order, 4);
  EXPECT_EQ(p.stage_order, 2);
  EXPECT_TRUE(p.a_stable);
  EXPECT_FALSE(p.l_stable);
}

}  // namespace
}  // namespace tibench
