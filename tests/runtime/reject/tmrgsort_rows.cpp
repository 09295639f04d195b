// TMRGSORT of a two-row tile: the single-list merge works on one row
// (pto-isa cpu/TMrgSort.hpp: "TMRGSORT: tile rows must be 1").
// expect: Rows == 1
#include "reject.h"

#ifdef LEGAL
constexpr int R = 1;
#else
constexpr int R = 2;
#endif

void kernel() {
    Tile<TileType::Vec, float, R, 256> s;
    Tile<TileType::Vec, float, R, 256> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TMRGSORT(d, s, 64);
}
