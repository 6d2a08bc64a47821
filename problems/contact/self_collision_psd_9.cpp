// clamp_to_psd_fixed<9> (self_collision_psd.hpp), in a unit of its own.
#include "problems/contact/self_collision_psd.hpp"

namespace tibench::self_collision {

template void clamp_to_psd_fixed<9>(LocalMat& H);

}  // namespace tibench::self_collision
