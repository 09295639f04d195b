// TMATMUL of f16 operands into an f16 accumulator: pto-isa accumulates
// f16 and bf16 products in f32 (and int8 products in int32).
// expect: matmul operands (left, right, accumulator) are
#include "reject.h"

#ifdef LEGAL
using Acc = float;
#else
using Acc = half;
#endif

void kernel() {
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, 32, 16, SLayout::ColMajor> r;
    Tile<TileType::Acc, Acc, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> c;
    TASSIGN(l, 0x0);
    TASSIGN(r, 0x0);
    TASSIGN(c, 0x0);
    TMATMUL(c, l, r);
}
