// TRECIP of a column-major [16, 1] tile: pto-isa computes it as a
// tile-scalar division, which needs row-major tiles.
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
    TRECIP(d, a);
}
