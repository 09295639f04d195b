// TCONCAT into a Mat tile: pto-isa's TCONCAT works on Vec tiles only
// (cpu/TConcat.hpp: "TileType of src and dst tiles must be TileType::Vec").
// expect: Vec
#include "reject.h"

void kernel() {
    Tile<TileType::Vec, float, 16, 32> a, b;
#ifdef LEGAL
    Tile<TileType::Vec, float, 16, 64> d;
#else
    Tile<TileType::Mat, float, 16, 64> d;
#endif
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TCONCAT(d, a, b);
}
