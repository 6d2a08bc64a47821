// Energy targets of A-search (You, Zheng & Li, §§4.4–4.5 and Algorithm 1),
// with the indexing of Algorithm 1 as printed:
//   (1) E_n ← E(E_{n−1}, n, ℰ_{n−1})      target bookkeeping
//   (3) ℰ_{n+1} ← loss of this step's implicit solve
//   (6) α from H_{n+1}(α) = E_n − ℰ_n
// so the loss of a step enters the target one step later.
//   conserve:  E_n = E_{n−1} − ℰ_{n−1}
//   decay:     E_n − E_g = e^{−h/τ} (E_{n−1} − E_g − ℰ_{n−1})   for t_n > t₀
//              (conserve before t₀; without losses this is the printed
//               E_{n} − E_g = e^{−nh/τ} (E_0 − E_g) of §4.4)
//   E_0 = c · H_0 (c = 1: the true initial energy; §5 scenes use 0.95).
#pragma once

#include <cmath>

namespace tibench {

struct EnergyTargetOptions {
  bool decay = false;
  double scale = 1.0;   // c in E_0 = c H_0
  double ground = 0.0;  // E_g
  double tau = 1.0;     // decay time scale [s]
  double start = 0.0;   // t₀: decay starts after this time [s]
};

class EnergyTarget {
 public:
  explicit EnergyTarget(EnergyTargetOptions o) : o_(o) {}

  // The target for H_{n+1} at a step from time t_n of size h; advances E_n.
  double next(double H0, double t_n, double h) {
    if (!started_) {
      E_ = o_.scale * H0;
      started_ = true;
    } else if (o_.decay && t_n > o_.start) {
      E_ = o_.ground + std::exp(-h / o_.tau) * (E_ - o_.ground - loss_previous_);
    } else {
      E_ = E_ - loss_previous_;
    }
    return E_ - loss_;
  }
  // Records ℰ_{n+1}, the loss of the step just taken (ℰ_n becomes ℰ_{n−1}).
  void record_loss(double loss) {
    loss_previous_ = loss_;
    loss_ = loss;
  }
  double E() const { return E_; }

 private:
  EnergyTargetOptions o_;
  bool started_ = false;
  double E_ = 0.0;
  double loss_ = 0.0;           // ℰ_n
  double loss_previous_ = 0.0;  // ℰ_{n−1}
};

}  // namespace tibench
