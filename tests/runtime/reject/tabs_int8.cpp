// TABS of int8_t tiles: pto-isa's TABS takes int16_t, int32_t and floats.
// expect: TABS needs int16_t, int32_t, half, bfloat16_t or float tiles
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
