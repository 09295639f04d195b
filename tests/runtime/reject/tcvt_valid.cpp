// TCVT from a source with fewer valid columns than the destination (PTOAS
// requires equal valid shapes for tcvt).
// expect: need equal valid shapes
// pto-isa: accepts (its CPU simulator converts over the destination's valid
// region); PTOAS's tcvt verifier wants equal valid shapes.
#include "reject.h"

#ifdef LEGAL
constexpr int kValidCols = 64;
#else
constexpr int kValidCols = 32;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, kValidCols> s;
    Tile<TileType::Vec, half, 16, 64> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TCVT(d, s, RoundMode::CAST_RINT);
}
