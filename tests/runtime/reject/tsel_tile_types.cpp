// TSEL whose first source is a larger tile than the destination: pto-isa
// takes the destination and both sources as one Tile type.
// expect: as one identical Tile type
#include "reject.h"

#ifdef LEGAL
constexpr int kCols = 64;
#else
constexpr int kCols = 128;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> b, d, tmp;
    Tile<TileType::Vec, float, 16, kCols, BLayout::RowMajor, 16, 64> a;
    Tile<TileType::Vec, uint8_t, 16, 64, BLayout::RowMajor, 16, 8> m;  // 64 bits a row
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x2000);
    TASSIGN(d, 0x3000);
    TASSIGN(tmp, 0x4000);
    TASSIGN(m, 0x5000);
    TSEL(d, m, a, b, tmp);
}
