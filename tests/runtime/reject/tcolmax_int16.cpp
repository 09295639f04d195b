// TCOLMAX of int16_t tiles: pto-isa's column maximum takes float types.
// expect: needs half, bfloat16_t or float tiles
#include "reject.h"

#ifdef LEGAL
using T = half;
#else
using T = int16_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> s;
    Tile<TileType::Vec, T, 1, 64> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TCOLMAX(d, s);
}
