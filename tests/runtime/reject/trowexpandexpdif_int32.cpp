// TROWEXPANDEXPDIF on INT32 tiles: the exponential of a difference is
// defined for half and float only (pto-isa cpu/TRowExpandOp.h:
// IsRowExpandAllowedType excludes the integers for OP_EXPDIF).
// expect: half or float
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 8> a, d;
    Tile<TileType::Vec, T, 16, 1, BLayout::ColMajor> v;
    TASSIGN(a, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(v, 0x2000);
    TROWEXPANDEXPDIF(d, a, v);
}
