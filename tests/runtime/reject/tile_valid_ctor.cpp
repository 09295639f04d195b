// Two run-time valid extents for a tile with one static extent: pto-isa's
// Tile takes a value only for each DYNAMIC extent.
// expect: no matching
#include "reject.h"

void kernel() {
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, DYNAMIC, 8> t
#ifdef LEGAL
        (3);
#else
        (3, 8);
#endif
    TASSIGN(t, 0x0);
}
