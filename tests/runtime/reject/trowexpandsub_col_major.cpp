// TROWEXPANDSUB with a column-major destination and tile source: the row
// broadcasts need them row-major.
// expect: needs row-major tiles
#include "reject.h"

#ifdef LEGAL
constexpr BLayout kLayout = BLayout::RowMajor;
#else
constexpr BLayout kLayout = BLayout::ColMajor;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 8, kLayout> a, d;
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> v;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(v, 0x2000);
    TROWEXPANDSUB(d, a, v);
}
