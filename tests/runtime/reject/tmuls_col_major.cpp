// TMULS on the column-major [16, 1] result of a row reduction: pto-isa's
// tile-scalar multiply (and add, divide, max, leaky relu) needs row-major
// tiles.
// expect: needs row-major tiles
#include "reject.h"

#ifdef LEGAL
using Column = Tile<TileType::Vec, float, 1, 16>;
#else
using Column = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
#endif

void kernel() {
    Column a, d;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x100);
    TMULS(d, a, 2.0f);
}
