// TMIN whose source has 8 valid rows and the destination 16: the valid
// shapes of an elementwise op's operands must be equal.
// expect: need equal valid shapes
// pto-isa: accepts at compile time (its CPU simulator asserts equal valid
// shapes when the op runs).
#include "reject.h"

#ifdef LEGAL
constexpr int kValidRows = 16;
#else
constexpr int kValidRows = 8;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> b, d;
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, kValidRows, 64> a;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TMIN(d, a, b);
}
