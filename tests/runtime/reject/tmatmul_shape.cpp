// TMATMUL of a 32-row left operand into a 16-row accumulator: the tiles are
// [M, K] x [K, N] -> [M, N].
// expect: matmul tiles have the shapes left [M, K], right [K, N], accumulator [M, N]
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 32;
#endif

void kernel() {
    Tile<TileType::Left, half, kRows, 32, BLayout::RowMajor, kRows, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, 32, 16, SLayout::ColMajor> r;
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> c;
    TASSIGN(l, 0x0);
    TASSIGN(r, 0x0);
    TASSIGN(c, 0x0);
    TMATMUL(c, l, r);
}
