// TROWSUM of int8_t tiles: pto-isa's row sum takes half, bfloat16_t, float,
// int16_t and int32_t (pto-isa 3186c381, cpu/TRowSum.hpp; e612db81 took the
// floats only).
// expect: TROWSUM sums half, bfloat16_t, float, int16_t or int32_t tiles
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int8_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 32, 64> s, tmp;
    Tile<TileType::Vec, T, 32, 1, BLayout::ColMajor> d;
    TASSIGN(s, 0x0);
    TASSIGN(tmp, 0x1000);
    TASSIGN(d, 0x2000);
    TROWSUM(d, s, tmp);
}
