// TCMP of f32 tiles into a uint8_t mask: pto-isa's CPU simulator takes the
// destination of TCMP in its sources' element type (PTOAS wants an 8-bit
// destination), so only one-byte sources can be compared tile by tile.
// expect: need the same element type
#include "reject.h"

#ifdef LEGAL
using T = uint8_t;
#else
using T = float;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 64> a, b;
    Tile<TileType::Vec, uint8_t, 16, 64> m;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(m, 0x2000);
    TCMP(m, a, b, CmpMode::LT);
}
