// TLOAD from an NZ GlobalTensor: pto-isa e612db81 loads tiles from ND and DN views.
// expect: take ND or DN GlobalTensors
// pto-isa: accepts since 3186c381 (its CPU simulator loads NZ views,
// cpu/TLoad.hpp; e612db81 took ND and DN only); pyptocc emits ND and DN
// views only.
#include "reject.h"

#ifdef LEGAL
constexpr Layout kLayout = Layout::ND;
#else
constexpr Layout kLayout = Layout::NZ;
#endif

void kernel(float *m) {
    Tile<TileType::Vec, float, 16, 64> t;
    TASSIGN(t, 0x0);
    GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1024, 1024, 1024, 64, 1>, kLayout> g(m);
    TLOAD(t, g);
}
