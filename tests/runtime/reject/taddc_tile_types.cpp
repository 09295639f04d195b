// TADDC whose third source is a larger tile: pto-isa takes the four
// operands of TADDC as one Tile type.
// expect: as one identical Tile type
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 32;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> a, b, d;
    Tile<TileType::Vec, float, kRows, 64, BLayout::RowMajor, 16, 64> c;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    TASSIGN(d, 0x4000);
    TADDC(d, a, b, c);
}
