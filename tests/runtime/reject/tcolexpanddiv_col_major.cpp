// TCOLEXPANDDIV with a column-major vector operand: the column broadcasts
// need all three tiles row-major.
// expect: needs row-major tiles
#include "reject.h"

#ifdef LEGAL
using Vector = Tile<TileType::Vec, float, 1, 8>;
#else
using Vector = Tile<TileType::Vec, float, 8, 8, BLayout::ColMajor>;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 8> a, d;
    Vector v;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(v, 0x2000);
    TCOLEXPANDDIV(d, a, v);
}
