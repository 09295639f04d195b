// TRSQRT of bfloat16_t tiles: pto-isa's TRSQRT takes half or float.
// expect: needs half or float tiles
// pto-isa: accepts (its CPU simulator's bfloat16_t is half under C++20);
// PTOAS's trsqrt verifier takes f16 and f32 only.
#include "reject.h"

#ifdef LEGAL
using T = half;
#else
using T = bfloat16_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> a, d;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TRSQRT(d, a);
}
