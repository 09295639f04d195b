// TTRANS of a 32x64 source into a 64x16 destination: the destination's
// valid shape is the source's, mirrored.
// expect: TTRANS needs the destination's valid shape to mirror the source's
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 32;
#endif

void kernel() {
    Tile<TileType::Vec, float, kRows, 64> s;
    Tile<TileType::Vec, float, 64, 16> d, tmp;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x2000);
    TASSIGN(tmp, 0x3000);
    TTRANS(d, s, tmp);
}
