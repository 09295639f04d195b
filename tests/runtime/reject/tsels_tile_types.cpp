// TSELS whose source has another element type than the destination:
// pto-isa takes one element type for both (cpu/TSelS.hpp and the NPU
// headers static_assert it); the scalar has the source's type.
// expect: need the same element type
#include "reject.h"

#ifdef LEGAL
using Src = float;
#else
using Src = half;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> d;
    Tile<TileType::Vec, Src, 16, 64> s;
    Tile<TileType::Vec, float, 1, 64> tmp;
    Tile<TileType::Vec, uint8_t, 16, 64, BLayout::RowMajor, 16, 8> m;  // 64 bits a row
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x2000);
    TASSIGN(tmp, 0x3000);
    TASSIGN(m, 0x4000);
    TSELS(d, m, s, tmp, static_cast<Src>(1.0f));
}
