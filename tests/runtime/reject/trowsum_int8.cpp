// TROWSUM of int32_t tiles: pto-isa's row sum takes half, bfloat16_t or
// float (with a float accumulator for the 16-bit types).
// expect: needs half, bfloat16_t or float tiles
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> s, tmp;
    Tile<TileType::Vec, T, 16, 1, BLayout::ColMajor> d;
    TASSIGN(s, 0x0);
    TASSIGN(tmp, 0x1000);
    TASSIGN(d, 0x2000);
    TROWSUM(d, s, tmp);
}
