// TCOLPROD of int8_t tiles: PTOAS's tcolprod verifier takes f16/f32/i16/i32
// on A2/A3 (A5 adds the unsigned and bf16), as pto-isa's NPU TROWPROD
// does ("T must be float, half, int32, or int16").
// pto-isa: accepts (its CPU simulator multiplies any type)
// expect: TROWPROD and TCOLPROD take int16_t, int32_t, half or float tiles
#include "reject.h"

#ifdef LEGAL
using T = int16_t;
#else
using T = int8_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 8, 64, BLayout::RowMajor, 8, 64> s;
    Tile<TileType::Vec, T, 1, 64, BLayout::RowMajor, 1, 64> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TCOLPROD(d, s);
}
