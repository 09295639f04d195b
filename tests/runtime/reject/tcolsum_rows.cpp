// TCOLSUM into a two-row destination: a column reduction writes one row.
// expect: has one row (Rows == 1)
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 1;
#else
constexpr int kRows = 2;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> s;
    Tile<TileType::Vec, float, kRows, 64> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TCOLSUM(d, s);
}
