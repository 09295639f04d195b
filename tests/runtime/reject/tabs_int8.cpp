// TABS of int8_t tiles: pto-isa e612db81's TABS takes int16_t, int32_t and floats.
// expect: TABS needs int16_t, int32_t, half, bfloat16_t or float tiles
// pto-isa: accepts since 3186c381 (cpu/TAbs.hpp takes int8_t; e612db81 did
// not); PTOAS's tabs verifier (0.27 and 0.60) takes f16 and f32 only.
#include "reject.h"

#ifdef LEGAL
using T = int16_t;
#else
using T = int8_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> a, d;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TABS(d, a);
}
