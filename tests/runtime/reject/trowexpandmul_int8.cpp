// TROWEXPANDMUL of int8_t tiles: pto-isa's row broadcasts with arithmetic
// take half, float and the 16- and 32-bit integers (pto-isa 3186c381,
// cpu/TRowExpandOp.hpp; e612db81 took half and float only).
// expect: this broadcast takes half, float, int16_t, uint16_t, int32_t or uint32_t tiles
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int8_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 32, 64> a, d;
    Tile<TileType::Vec, T, 32, 1, BLayout::ColMajor> v;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(v, 0x2000);
    TROWEXPANDMUL(d, a, v);
}
