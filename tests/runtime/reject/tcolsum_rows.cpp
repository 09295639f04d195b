// TCOLSUM into a two-row destination: a column reduction writes one row.
// expect: has one row (Rows == 1)
// pto-isa: accepts since 3186c381 (cpu/TColSum.hpp dropped e612db81's
// Rows == 1 assertion); the runtime writes one row, as pyptocc's
// [1, N] destinations have.
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
