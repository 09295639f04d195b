// TADDS on Mat tiles: the tile-scalar intrinsics work on Vec tiles.
// expect: needs Vec tiles
#include "reject.h"

#ifdef LEGAL
constexpr TileType kLoc = TileType::Vec;
#else
constexpr TileType kLoc = TileType::Mat;
#endif

void kernel() {
    Tile<kLoc, float, 16, 64> a, d;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TADDS(d, a, 1.0f);
}
