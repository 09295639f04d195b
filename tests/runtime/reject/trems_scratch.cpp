// TREMS with a scratch tile of another shape than its destination: pto-isa
// takes the scratch as the destination's Tile type.
// expect: must have the destination's Tile type
#include "reject.h"

#ifdef LEGAL
constexpr int kTmpRows = 16;
#else
constexpr int kTmpRows = 8;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> a, d;
    Tile<TileType::Vec, float, kTmpRows, 64> tmp;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(tmp, 0x2000);
    TREMS(d, a, 3.0f, tmp);
}
