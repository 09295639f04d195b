// TCMP of int8_t tiles into a uint8_t mask: pto-isa compares int32_t,
// half and float into an 8-bit mask (3186c381 cpu/TCmp.h and
// npu/a2a3/TCmp.hpp; A5's TCMP takes more, its CPU simulator does not).
// expect: TCMP compares int32_t, half or float
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int8_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> a, b;
    Tile<TileType::Vec, uint8_t, 16, 64, BLayout::RowMajor, 16, 8> m;  // 64 bits a row
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(m, 0x2000);
    TCMP(m, a, b, CmpMode::LT);
}
