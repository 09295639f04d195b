// TLOAD of float memory into an int32_t tile (one element size, two
// element types): pto-isa e612db81 loads only into a tile of the memory's type.
// expect: to have one element type
// pto-isa: accepts since 3186c381 (cpu/TLoad.hpp asks for one element size
// only); the runtime loads into the memory's type, pyptocc converts with
// TCVT.
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int32_t;
#endif

void kernel(float *m) {
    Tile<TileType::Vec, T, 16, 64> t;
    TASSIGN(t, 0x0);
    GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1024, 1024, 1024, 64, 1>, Layout::ND> g(m);
    TLOAD(t, g);
}
