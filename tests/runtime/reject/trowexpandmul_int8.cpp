// TROWEXPANDMUL of int32_t tiles: pto-isa's row broadcasts with arithmetic
// take half or float.
// expect: needs half or float tiles
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> a, d;
    Tile<TileType::Vec, T, 16, 1, BLayout::ColMajor> v;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(v, 0x2000);
    TROWEXPANDMUL(d, a, v);
}
