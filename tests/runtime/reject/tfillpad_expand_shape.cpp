// TFILLPAD_EXPAND into a destination of fewer columns than its source:
// pto-isa's TFILLPAD_EXPAND asserts Rows and Cols at least the source's.
// expect: TFILLPAD_EXPAND needs a destination no smaller than its source
#include "reject.h"

#ifdef LEGAL
constexpr int kCols = 128;
#else
constexpr int kCols = 32;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> s(16, 60);
    Tile<TileType::Vec, float, 32, kCols, BLayout::RowMajor, 32, kCols, SLayout::NoneBox, 512, PadValue::Zero> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TFILLPAD_EXPAND(d, s);
}
