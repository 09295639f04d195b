// TRANDOM into a column-major tile: its words are placed along rows.
// expect: this intrinsic needs row-major tiles
#include "reject.h"

#ifdef LEGAL
using TD = Tile<TileType::Vec, uint32_t, 16, 64>;
#else
using TD = Tile<TileType::Vec, uint32_t, 16, 64, BLayout::ColMajor>;
#endif

void kernel() {
    TD d;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {3, 4, 5, 6};
    TASSIGN(d, 0x0);
    TRANDOM(d, key, counter);
}
