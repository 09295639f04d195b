// TMATMUL into a row-major accumulator: pto-isa's accumulator is
// column-major with row-major 16x16 boxes.
// expect: matmul needs a Left tile
#include "reject.h"

#ifdef LEGAL
constexpr BLayout kAccLayout = BLayout::ColMajor;
#else
constexpr BLayout kAccLayout = BLayout::RowMajor;
#endif

void kernel() {
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, 32, 16, SLayout::ColMajor> r;
    Tile<TileType::Acc, float, 16, 16, kAccLayout, 16, 16, SLayout::RowMajor, 1024> c;
    TASSIGN(l, 0x0);
    TASSIGN(r, 0x0);
    TASSIGN(c, 0x0);
    TMATMUL(c, l, r);
}
