// TMATMUL_ACC whose input accumulator is a larger tile than its output:
// pto-isa takes both as one Tile type.
// expect: as one identical Tile type
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 32;
#endif

void kernel() {
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, 32, 16, SLayout::ColMajor> r;
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> out;
    Tile<TileType::Acc, float, kRows, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> in;
    TASSIGN(l, 0x0);
    TASSIGN(r, 0x0);
    TASSIGN(out, 0x0);
    TASSIGN(in, 0x4000);
    TMATMUL_ACC(out, in, l, r);
}
