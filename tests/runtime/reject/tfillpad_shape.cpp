// TFILLPAD into a destination of more rows than its source: pto-isa's
// TFILLPAD keeps the static shape (it pads the invalid part of the tile).
// expect: TFILLPAD needs source and destination tiles of one static shape
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 32;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> s(16, 60);
    Tile<TileType::Vec, float, kRows, 64, BLayout::RowMajor, kRows, 64, SLayout::NoneBox, 512, PadValue::Zero> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TFILLPAD(d, s);
}
